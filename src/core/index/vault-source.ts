// The indexer's view of a vault. Implemented over the file system (CLI) and the Obsidian Vault API (plugin).

export interface VaultFile {
  /** Vault-relative path, forward slashes. */
  path: string;
  /** Modification time, ms since epoch. */
  mtime: number;
  size: number;
  /** Set when the file cannot be indexed whatever its content (e.g. a name that is not valid UTF-8). */
  unindexable?: string;
}

export interface ReadOptions {
  /**
   * Largest file wanted: a larger one is refused with FileTooLargeError (decode-file.ts) without reading it
   * whole, where the source can tell the size from the open file.
   */
  maxBytes?: number;
}

export interface VaultSource {
  /** Every file in the vault (the indexer applies include/exclude rules). */
  list(): Promise<VaultFile[]>;
  read(path: string, options?: ReadOptions): Promise<Uint8Array>;
  /** Only stat the given path (null when it no longer exists). Used for single-file updates. */
  stat(path: string): Promise<VaultFile | null>;
}
