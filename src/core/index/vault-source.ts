// The indexer's view of a vault. Implemented over the file system (CLI) and the Obsidian Vault API (plugin).

export interface VaultFile {
  /** Vault-relative path, forward slashes. */
  path: string;
  /** Modification time, ms since epoch. */
  mtime: number;
  size: number;
}

export interface VaultSource {
  /** Every file in the vault (the indexer applies include/exclude rules). */
  list(): Promise<VaultFile[]>;
  read(path: string): Promise<Uint8Array>;
  /** Only stat the given path (null when it no longer exists). Used for single-file updates. */
  stat(path: string): Promise<VaultFile | null>;
}
