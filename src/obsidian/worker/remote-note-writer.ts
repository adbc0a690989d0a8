// The worker's NoteWriter: a worker cannot use the Obsidian API, so each write is asked of the plugin, which
// writes through the vault API (the app, its cache and sync see it as the user's own edit). The write ops in the
// worker's registry have already confined and checked the path; the plugin checks it again against the rules
// in force now.
import type { NoteWriter } from '../../core/ops/write-ops';
import type { WorkerEndpoint } from '../protocol/worker-api';

export class RemoteNoteWriter implements NoteWriter {
  constructor(private readonly rpc: WorkerEndpoint) {}

  create(path: string, text: string): Promise<void> {
    return this.rpc.call('vault.create', { path, text });
  }

  append(path: string, text: string): Promise<void> {
    return this.rpc.call('vault.append', { path, text });
  }
}
