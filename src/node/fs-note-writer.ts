// The write ops' file-system side (CLI MCP server, `think --save`). Paths arrive confined and vault-relative;
// this adds what only the real file system knows: no write may follow a symlink out of the vault, even when a
// folder is swapped for a link while the write runs, and create never replaces a file.
//
// Checking a path and then opening it is a race (another process can swap a folder for a link in between), so
// nothing is checked by path: each folder is opened from the one above it without following links (the
// openat() walk, spelled with /proc/self/fd/<dir>/<name> since Node has no openat), and the note is created or
// appended to inside the last folder's handle. Where /proc is missing (macOS), the same walk runs on paths with
// O_NOFOLLOW per folder, and the note's folder is checked again through its handle after the write.
import { constants, existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { FsVaultSource } from './fs-vault-source';
import { NoteExistsError, type MentionPlace, type NoteWriter } from '../core/ops/note-writer';
import { linkMention } from '../core/links/unlinked-mentions';
import { PathRefusedError } from '../core/ops/remote-path';

type Handle = fs.FileHandle;

const HAS_PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const DIR_FLAGS = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW;

function code(e: unknown): string | undefined {
  return (e as { code?: string } | null)?.code;
}

export class FsNoteWriter implements NoteWriter {
  constructor(private readonly source: FsVaultSource) {}

  async create(relPath: string, text: string): Promise<void> {
    await this.inFolder(relPath, true, async (dir, name) => {
      let handle: Handle;
      try {
        // O_EXCL: fails when anything exists at the name, a dangling symlink included; O_NOFOLLOW for good measure.
        handle = await fs.open(dir.child(name), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o644);
      } catch (e) {
        if (code(e) === 'EEXIST') throw new NoteExistsError(relPath);
        throw e;
      }
      await writeAndClose(handle, text);
    });
  }

  async append(relPath: string, text: string): Promise<void> {
    await this.inFolder(relPath, false, async (dir, name) => {
      await writeAndClose(await openExisting(dir.child(name), constants.O_WRONLY | constants.O_APPEND, relPath), text);
    });
  }

  async linkMention(relPath: string, at: MentionPlace, linktext: string): Promise<void> {
    await this.inFolder(relPath, false, async (dir, name) => {
      const handle = await openExisting(dir.child(name), constants.O_RDWR, relPath);
      try {
        const next = Buffer.from(linkMention((await handle.readFile()).toString('utf8'), at, linktext), 'utf8');
        // Rewritten in place through the one handle: the note read is the note written, links never followed.
        await handle.truncate(0);
        await handle.write(next, 0, next.length, 0);
      } finally {
        await handle.close();
      }
    });
  }

  /** Opens the note's folder by the no-follow walk (creating missing folders when asked) and runs `fn` in it. */
  private async inFolder(relPath: string, create: boolean, fn: (dir: Folder, name: string) => Promise<void>): Promise<void> {
    this.source.absolute(relPath); // refuses `..` and absolute paths
    const parts = relPath.split('/').filter((p) => p !== '' && p !== '.');
    const name = parts.pop();
    if (!name || parts.includes('..')) throw new PathRefusedError(`invalid note path "${relPath}"`);
    const root = await fs.realpath(this.source.root);
    let dir = await Folder.open(root, root, relPath);
    try {
      for (const part of parts) {
        const next = await dir.openChild(part, create, relPath);
        await dir.close();
        dir = next;
      }
      await fn(dir, name);
      await dir.verifyInside(root, relPath);
    } finally {
      await dir.close();
    }
  }
}

/** An open folder, and how to name an entry inside it without a path lookup through its parents. */
class Folder {
  private constructor(
    private readonly handle: Handle,
    /** The folder's path, used only where /proc is missing. */
    private readonly where: string,
  ) {}

  static async open(abs: string, root: string, relPath: string): Promise<Folder> {
    try {
      return new Folder(await fs.open(abs, abs === root ? constants.O_RDONLY | O_DIRECTORY : DIR_FLAGS), abs);
    } catch (e) {
      if (code(e) === 'ELOOP' || code(e) === 'ENOTDIR') throw new PathRefusedError(`a folder on the way to "${relPath}" is a file or a link (which could lead outside the vault): refused`);
      throw e;
    }
  }

  child(name: string): string {
    return HAS_PROC_FD ? `/proc/self/fd/${this.handle.fd}/${name}` : path.join(this.where, name);
  }

  async openChild(name: string, create: boolean, relPath: string): Promise<Folder> {
    const p = this.child(name);
    try {
      return new Folder(await openDir(p, relPath), path.join(this.where, name));
    } catch (e) {
      if (!create || code(e) !== 'ENOENT') throw e;
    }
    // mkdir never follows a link at the name (an existing link is EEXIST), and the open below refuses one.
    await fs.mkdir(p, { mode: 0o755 }).catch((e: unknown) => {
      if (code(e) !== 'EEXIST') throw e;
    });
    return new Folder(await openDir(p, relPath), path.join(this.where, name));
  }

  /** Without /proc the walk went by paths: check the folder written in is still inside the vault. */
  async verifyInside(root: string, relPath: string): Promise<void> {
    if (HAS_PROC_FD) return;
    const [st, real] = await Promise.all([this.handle.stat(), fs.realpath(this.where)]);
    const byPath = await fs.stat(real);
    if ((real !== root && !real.startsWith(root + path.sep)) || st.ino !== byPath.ino || st.dev !== byPath.dev) {
      throw new PathRefusedError(`"${relPath}" resolved outside the vault while it was written`);
    }
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

async function openDir(p: string, relPath: string): Promise<Handle> {
  try {
    return await fs.open(p, DIR_FLAGS);
  } catch (e) {
    if (code(e) === 'ELOOP' || code(e) === 'ENOTDIR') throw new PathRefusedError(`a folder on the way to "${relPath}" is a file or a link (which could lead outside the vault): refused`);
    throw e;
  }
}

/** An existing note opened with `flags`, never through a link at its name. */
async function openExisting(file: string, flags: number, relPath: string): Promise<Handle> {
  try {
    return await fs.open(file, flags | O_NOFOLLOW);
  } catch (e) {
    if (code(e) === 'ELOOP') throw new PathRefusedError(`"${relPath}" is a link, which could lead outside the vault: refused`);
    throw e;
  }
}

async function writeAndClose(handle: Handle, text: string): Promise<void> {
  try {
    await handle.writeFile(text, 'utf8');
  } finally {
    await handle.close();
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
