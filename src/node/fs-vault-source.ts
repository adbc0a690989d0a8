// VaultSource over a folder on disk (the CLI). Paths are vault-relative with forward slashes.
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { ReadOptions, VaultFile, VaultSource } from '../core/index/vault-source';
import { FileTooLargeError } from '../core/index/decode-file';
import { PathRefusedError } from '../core/ops/remote-path';

export interface FsVaultOptions {
  /** Folders to skip while walking (vault-relative); keeps huge excluded trees like node_modules cheap. */
  skipFolder?: (relPath: string) => boolean;
}

const HAS_PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

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

  /**
   * Reads a file, refusing one whose real location is outside the vault (checked on the open file where /proc
   * allows, so a link swapped in after the check cannot redirect the read) and one over `maxBytes` (its size is
   * taken from the open file, and no more than the limit is ever read: a sparse 1 GiB note costs nothing).
   */
  async read(relPath: string, options: ReadOptions = {}): Promise<Uint8Array> {
    const abs = this.absolute(relPath);
    try {
      return await this.readAt(abs, relPath, options);
    } catch (e) {
      throw vaultRelative(e, abs, relPath);
    }
  }

  private async readAt(abs: string, relPath: string, options: ReadOptions): Promise<Uint8Array> {
    if (!HAS_PROC_FD) await this.assertRealInside(abs, relPath);
    const handle = await fs.open(abs, 'r');
    try {
      if (HAS_PROC_FD) await this.assertRealInside(`/proc/self/fd/${handle.fd}`, relPath);
      const size = (await handle.stat()).size;
      const max = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
      if (size > max) throw new FileTooLargeError(size, max);
      // The file may grow after the stat: read at most one byte past the limit to tell.
      const buf = Buffer.alloc(Math.min(size, max) + 1);
      let n = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buf, n, buf.length - n, n);
        if (bytesRead === 0) break;
        n += bytesRead;
        if (n === buf.length) {
          if (n > max) throw new FileTooLargeError(n, max);
          return this.readRest(handle, buf, max);
        }
      }
      return buf.subarray(0, n);
    } finally {
      await handle.close();
    }
  }

  /** The file grew past its stat size (but the limit allows more): read on, still capped. */
  private async readRest(handle: fs.FileHandle, head: Buffer, max: number): Promise<Uint8Array> {
    const parts = [head];
    let total = head.length;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, max + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) return Buffer.concat(parts, total);
      parts.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > max) throw new FileTooLargeError(total, max);
    }
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

  private async listUndecodable(rel: string, out: VaultFile[]): Promise<void> {
    const dir = path.join(this.root, rel);
    const names = await fs.readdir(dir, { encoding: 'buffer' }).catch(() => [] as Buffer[]);
    for (const name of names) {
      try {
        strictUtf8.decode(name);
        continue;
      } catch {
        // not UTF-8: listed below
      }
      const st = await fs.lstat(Buffer.concat([Buffer.from(dir + path.sep), name])).catch(() => null);
      if (!st || !(st.isFile() || st.isDirectory())) continue;
      const shown = Array.from(name, (b) => (b >= 0x20 && b < 0x7f && b !== 0x25 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
      const what = st.isDirectory() ? 'folder' : 'file';
      out.push({
        path: rel ? `${rel}/${shown}` : shown,
        mtime: Math.trunc(st.mtimeMs),
        size: st.isDirectory() ? 0 : st.size,
        unindexable: `undecodable-name: the ${what} name is not valid UTF-8 (bytes shown as %XX); rename it to index ${st.isDirectory() ? 'its notes' : 'it'}`,
      });
    }
  }

  private async walk(rel: string, out: VaultFile[]): Promise<void> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      return; // An unreadable folder is skipped, like Obsidian does.
    }
    const files: string[] = [];
    // Node decodes names as UTF-8, turning bad bytes into U+FFFD: such a name cannot be opened again, so it is
    // listed (with its bytes escaped) as a file that cannot be indexed, and `status` says why.
    if (entries.some((e) => e.name.includes('\uFFFD'))) {
      await this.listUndecodable(rel, out);
      entries = entries.filter((e) => !e.name.includes('\uFFFD'));
    }
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

/**
 * Node's file errors name the absolute path ("ENOENT: no such file or directory, open '/home/…/vault/x.md'");
 * what is stored as a file's status, and shown to agents, names the vault path instead.
 */
function vaultRelative(e: unknown, abs: string, relPath: string): unknown {
  if (!(e instanceof Error) || !e.message.includes(abs)) return e;
  return Object.assign(new Error(e.message.split(abs).join(relPath)), { code: (e as { code?: unknown }).code });
}
