// The write ops' vault side in the plugin (main thread): creates, appends and links mentions through the Obsidian
// vault API, so the app, its cache and sync see the change as if the user made it. Paths arrive confined,
// vault-relative and `.md`.
import { TFile, TFolder, type Vault } from 'obsidian';
import { NoteExistsError, WriteRefusedError, type MentionPlace, type NoteWriter } from '../../core/ops/note-writer';
import { linkMention } from '../../core/links/unlinked-mentions';

export class ObsidianNoteWriter implements NoteWriter {
  constructor(private readonly vault: Vault) {}

  async create(path: string, text: string): Promise<void> {
    // The adapter also sees files the vault does not list (hidden ones, or ones written a moment ago).
    if (this.vault.getAbstractFileByPath(path) || (await this.vault.adapter.exists(path))) throw new NoteExistsError(path);
    await this.ensureFolders(path);
    await this.vault.create(path, text);
  }

  async append(path: string, text: string): Promise<void> {
    const file = this.vault.getAbstractFileByPath(path);
    if (!(file instanceof TFile)) throw new WriteRefusedError(`"${path}" is not a note in the vault`);
    await this.vault.append(file, text);
  }

  async linkMention(path: string, at: MentionPlace, linktext: string): Promise<void> {
    const file = this.vault.getAbstractFileByPath(path);
    if (!(file instanceof TFile)) throw new WriteRefusedError(`"${path}" is not a note in the vault`);
    // process() reads and writes in one step, so an edit made meanwhile is not overwritten.
    await this.vault.process(file, (text) => linkMention(text, at, linktext));
  }

  /** Creates the missing folders above `path`, outermost first. */
  private async ensureFolders(path: string): Promise<void> {
    const parts = path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      const existing = this.vault.getAbstractFileByPath(folder);
      if (existing instanceof TFolder) continue;
      if (existing) throw new WriteRefusedError(`"${folder}" is a file, not a folder`);
      await this.vault.createFolder(folder);
    }
  }
}
