// CONTRACT STUB — being implemented (links helper). Signature is fixed; callers rely on it.

export interface NoteEntry {
  /** Vault-relative path, forward slashes, with extension (`people/Alice Chen.md`). */
  path: string;
  aliases?: string[];
}

/** Resolves link targets to vault paths the way Obsidian does. Rebuilt or updated as notes change. */
export class LinkResolver {
  constructor(notes: Iterable<NoteEntry> = []) {
    void notes;
  }
  /** Adds or replaces a note (and its aliases). */
  upsert(note: NoteEntry): void {
    void note;
    throw new Error('not implemented');
  }
  remove(path: string): void {
    void path;
    throw new Error('not implemented');
  }
  /** Resolved vault path for `targetText` written in note `fromPath`, or null (dangling). */
  resolve(targetText: string, fromPath: string): string | null {
    void targetText;
    void fromPath;
    throw new Error('not implemented');
  }
}
