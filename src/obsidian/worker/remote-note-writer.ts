// The worker's NoteWriter: a worker cannot use the Obsidian API, so each write is asked of the plugin, which
// writes through the vault API (the app, its cache and sync see it as the user's own edit). The write ops in the
// worker's registry have already confined and checked the path; the plugin checks it again against the rules
// in force now. The plugin answers with the note as written, kept by the source for the op's own re-index.
import type { MentionPlace, NoteWriter } from '../../core/ops/note-writer';
import type { WorkerEndpoint } from '../protocol/worker-api';
import type { RemoteVaultSource } from './remote-vault-source';

export class RemoteNoteWriter implements NoteWriter {
  constructor(
    private readonly rpc: WorkerEndpoint,
    private readonly source?: RemoteVaultSource,
  ) {}

  async create(path: string, text: string): Promise<void> {
    this.source?.add(await this.rpc.call('vault.create', { path, text }));
  }

  async append(path: string, text: string): Promise<void> {
    this.source?.add(await this.rpc.call('vault.append', { path, text }));
  }

  async linkMention(path: string, at: MentionPlace, linktext: string): Promise<void> {
    this.source?.add(await this.rpc.call('vault.linkMention', { path, at, linktext }));
  }
}
