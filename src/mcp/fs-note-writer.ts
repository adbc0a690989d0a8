// The write ops' file-system side (CLI MCP server). Paths arrive confined and vault-relative; this adds what only
// the real file system knows: no write may follow a symlink out of the vault, and create never replaces a file.
import { constants, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { FsVaultSource } from '../node/fs-vault-source';
import { NoteExistsError, type NoteWriter } from '../core/ops/write-ops';

export class FsNoteWriter implements NoteWriter {
  constructor(private readonly source: FsVaultSource) {}

  async create(relPath: string, text: string): Promise<void> {
    const abs = this.source.absolute(relPath);
    // Check the nearest existing ancestor before mkdir, so a symlinked folder cannot make us create folders outside.
    await this.source.assertRealInside(await nearestExisting(path.dirname(abs)), relPath);
    await fs.mkdir(path.dirname(abs), { recursive: true });
    await this.source.assertRealInside(path.dirname(abs), relPath);
    let handle: fs.FileHandle;
    try {
      // `wx` = O_CREAT|O_EXCL: fails when anything exists at the path, a dangling symlink included.
      handle = await fs.open(abs, 'wx', 0o644);
    } catch (e) {
      if ((e as { code?: unknown }).code === 'EEXIST') throw new NoteExistsError(relPath);
      throw e;
    }
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
  }

  async append(relPath: string, text: string): Promise<void> {
    const abs = this.source.absolute(relPath);
    await this.source.assertRealInside(abs, relPath);
    // O_NOFOLLOW: the file itself must not be swapped for a symlink between the check and the write.
    const handle = await fs.open(abs, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
  }
}

/**
 * For writers that do not go through FsNoteWriter (the plugin writes through the Obsidian vault API): refuses a
 * write whose real location is outside the vault, the nearest existing folder for a new note, the file for an append.
 */
export async function assertWriteInside(source: FsVaultSource, relPath: string, mode: 'create' | 'append'): Promise<void> {
  const abs = source.absolute(relPath);
  await source.assertRealInside(mode === 'append' ? abs : await nearestExisting(path.dirname(abs)), relPath);
}

async function nearestExisting(dir: string): Promise<string> {
  let current = dir;
  for (;;) {
    try {
      await fs.lstat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}
