// The VaultSource over the Obsidian Vault API (main thread). Only files known to the vault are served:
// the worker can never read outside it.
import { BrainError } from '../../core/errors';
import { TFile, type Vault } from 'obsidian';
import type { VaultFile, VaultSource } from '../../core/index/vault-source';

export class FileNotInVaultError extends BrainError {
  constructor(readonly path: string) {
    super('file_not_in_vault', `no file "${path}" in the vault`);
    this.name = 'FileNotInVaultError';
  }
}

export class ObsidianVaultSource implements VaultSource {
  constructor(private readonly vault: Vault) {}

  list(): Promise<VaultFile[]> {
    return Promise.resolve(this.vault.getFiles().map(toVaultFile));
  }

  async read(path: string): Promise<Uint8Array> {
    const file = this.file(path);
    if (!file) throw new FileNotInVaultError(path);
    return new Uint8Array(await this.vault.readBinary(file));
  }

  stat(path: string): Promise<VaultFile | null> {
    const file = this.file(path);
    return Promise.resolve(file ? toVaultFile(file) : null);
  }

  private file(path: string): TFile | null {
    const f = this.vault.getAbstractFileByPath(path);
    return f instanceof TFile ? f : null;
  }
}

function toVaultFile(f: TFile): VaultFile {
  return { path: f.path, mtime: f.stat.mtime, size: f.stat.size };
}
