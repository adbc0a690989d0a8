// VaultSource over a folder on disk (the CLI). Paths are vault-relative with forward slashes.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { VaultFile, VaultSource } from '../core/index/vault-source';
import { PathRefusedError } from '../core/ops/remote-path';

export interface FsVaultOptions {
  /** Folders to skip while walking (vault-relative); keeps huge excluded trees like node_modules cheap. */
  skipFolder?: (relPath: string) => boolean;
}

export class FsVaultSource implements VaultSource {
  readonly root: string;
  private realRoot?: Promise<string>;

  constructor(root: string, private readonly options: FsVaultOptions = {}) {
    this.root = path.resolve(root);
  }

  async list(): Promise<VaultFile[]> {
    const out: VaultFile[] = [];
    await this.walk('', out);
    out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return out;
  }

  async read(relPath: string): Promise<Uint8Array> {
    const abs = this.absolute(relPath);
    await this.assertRealInside(abs, relPath);
    return fs.readFile(abs);
  }

  /**
   * Follows symlinks and refuses a path whose real location is outside the vault: a symlink inside the vault
   * (or a folder swapped for one after indexing) must not expose files elsewhere on disk.
   */
  async assertRealInside(abs: string, relPath: string): Promise<void> {
    this.realRoot ??= fs.realpath(this.root);
    const [root, real] = await Promise.all([this.realRoot, fs.realpath(abs)]);
    if (real !== root && !real.startsWith(root + path.sep)) throw new PathRefusedError(`"${relPath}" resolves outside the vault`);
  }

  async stat(relPath: string): Promise<VaultFile | null> {
    try {
      const st = await fs.stat(this.absolute(relPath));
      return st.isFile() ? { path: relPath, mtime: Math.trunc(st.mtimeMs), size: st.size } : null;
    } catch {
      return null;
    }
  }

  /** Absolute path for a vault-relative one; refuses anything that would leave the vault. */
  absolute(relPath: string): string {
    const abs = path.resolve(this.root, relPath);
    if (abs !== this.root && !abs.startsWith(this.root + path.sep)) throw new Error(`path escapes the vault: ${relPath}`);
    return abs;
  }

  private async walk(rel: string, out: VaultFile[]): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      return; // An unreadable folder is skipped, like Obsidian does.
    }
    const files: string[] = [];
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (this.options.skipFolder?.(childRel)) continue;
        await this.walk(childRel, out);
      } else if (e.isFile()) {
        files.push(childRel);
      }
      // Symlinks are not followed: they can form cycles or point outside the vault.
    }
    // Stats run concurrently (a few dozen at a time): a no-change scan of a big vault is mostly stat calls.
    for (let i = 0; i < files.length; i += 64) {
      const stats = await Promise.all(
        files.slice(i, i + 64).map((childRel) =>
          fs.stat(path.join(this.root, childRel)).then(
            (st) => ({ path: childRel, mtime: Math.trunc(st.mtimeMs), size: st.size }),
            () => null, // Vanished between readdir and stat.
          ),
        ),
      );
      for (const st of stats) if (st) out.push(st);
    }
  }
}
