// How the write ops reach the vault, and their errors. Apart from write-ops.ts (the ops, which stamp provenance
// with the YAML parser), so the plugin's main thread, which implements a writer, does not bundle the ops.
import { BrainError } from '../errors';
import type { UnlinkedMention } from '../links/unlinked-mentions';

/** One unlinked mention's place, as `unlinked_mentions` reported it. */
export type MentionPlace = Pick<UnlinkedMention, 'line' | 'column' | 'text'>;

/**
 * How the vault is written: over the file system (CLI, `src/node/fs-note-writer`) or the Obsidian vault API.
 * Paths are already confined, vault-relative `.md` paths.
 */
export interface NoteWriter {
  /** Creates a new file; must fail with NoteExistsError (never overwrite) when anything exists at the path. */
  create(path: string, text: string): Promise<void>;
  /** Appends to an existing file. */
  append(path: string, text: string): Promise<void>;
  /**
   * Turns the one unlinked mention at `at` into a link to `linktext` (`linkMention` of links/unlinked-mentions),
   * reading and rewriting the note in one step; MentionMovedError when that place no longer holds those words.
   */
  linkMention(path: string, at: MentionPlace, linktext: string): Promise<void>;
}

export class NoteExistsError extends BrainError {
  constructor(path: string) {
    super('note_exists', `a note already exists at "${path}"; use append_to_note to add to it`);
    this.name = 'NoteExistsError';
  }
}

export class WriteRefusedError extends BrainError {
  constructor(message: string) {
    super('write_refused', message);
    this.name = 'WriteRefusedError';
  }
}
