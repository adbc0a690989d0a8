// Puts the database snapshot (a tar of a data directory, scripts/build-db-snapshot.mjs) into PGlite's OPFS
// access-handle pool layout for a fresh desktop store. Loaded through PGlite (`loadDataDir`) the same tar cost
// ~4,300 calls on sync access handles: each of its ~400 files was created from the pool, written, chmod-ed and
// utime-d, and each of those appended a line to the pool's state file (getSize + write, 1-3 ms apiece in Chromium
// under load), then 450 spare files were created, each with its own line: most of a cold open (5.8 s of 7.4 s at
// 2k notes). Here the state file is written once with the whole tree and the spare pool, every file is created
// empty in parallel (no access handle), and the contents are written through the handles PGlite opens anyway
// (SizedOpfsFS `fill`): ~1,100 calls (test/bundle/opfs-snapshot.test.ts counts them).
//
// The layout is PGlite 0.5's fs/opfs-ahp.ts (read by opfs-cluster.ts too): `<dir>/state.txt`, whose first line is
// `{"root": <tree>, "pool": [spare file names]}` (a directory node is {type, lastModified, mode, children}, a file
// node {type, lastModified, mode, backingFilename}), and `<dir>/data/<backing file>`. Modes are what PGlite's own
// load gives (Emscripten, no umask: files 0666, folders 0777); the test compares the tree with such a load.
// PG_VERSION is left out of the tree and written last (as the tar holds it last): until it exists the folder is
// not a database, so a load cut off anywhere is found without it by opfsHasCluster, removed and done again.

const STATE_FILE = 'state.txt';
const DATA_DIR = 'data';
/** S_IFREG | 0666 and S_IFDIR | 0777: PGlite's load creates files and folders through Emscripten with these. */
export const SNAPSHOT_FILE_MODE = 0o100666;
export const SNAPSHOT_DIR_MODE = 0o40777;
/** Written last: a data directory is a database once this exists (PGlite's own test). */
export const COMMIT_FILE = 'PG_VERSION';
/** The mount point's own node, as OpfsAhpFS makes it for a new store. */
const ROOT_DIR_MODE = 0o40000;

export interface TarEntry {
  /** Path inside the archive, without a trailing slash. */
  path: string;
  type: 'file' | 'directory';
  /** Modification time, ms. */
  mtime: number;
  data: Uint8Array;
}

interface DirNode {
  type: 'directory';
  lastModified: number;
  mode: number;
  children: Record<string, DirNode | FileNode>;
}

interface FileNode {
  type: 'file';
  lastModified: number;
  mode: number;
  backingFilename: string;
}

export interface OpfsStorageLike {
  getDirectory(): Promise<FileSystemDirectoryHandle>;
}

function octal(bytes: Uint8Array, from: number, length: number): number {
  let n = 0;
  for (let i = from; i < from + length; i++) {
    const c = bytes[i]!;
    if (c === 0 || c === 0x20) {
      if (n > 0) break;
      continue;
    }
    if (c < 0x30 || c > 0x37) throw new Error(`snapshot tar: bad octal field at ${from}`);
    n = n * 8 + (c - 0x30);
  }
  return n;
}

function text(bytes: Uint8Array, from: number, length: number): string {
  let end = from;
  while (end < from + length && bytes[end] !== 0) end++;
  return new TextDecoder().decode(bytes.subarray(from, end));
}

/** The regular files and directories of a ustar archive (the snapshot holds nothing else). */
export function readTar(tar: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    if (tar.subarray(at, at + 512).every((b) => b === 0)) break;
    const name = text(tar, at, 100);
    const prefix = text(tar, at + 345, 155);
    const size = octal(tar, at + 124, 12);
    const mtime = octal(tar, at + 136, 12) * 1000;
    const flag = String.fromCharCode(tar[at + 156]!);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/\/+$/, '');
    const dataAt = at + 512;
    if (dataAt + size > tar.length) throw new Error(`snapshot tar: ${path} runs past the end`);
    if (flag === '5') entries.push({ path, type: 'directory', mtime, data: new Uint8Array(0) });
    else if (flag === '0' || flag === '\0') entries.push({ path, type: 'file', mtime, data: tar.subarray(dataAt, dataAt + size) });
    else throw new Error(`snapshot tar: unsupported entry type ${JSON.stringify(flag)} for ${path}`);
    at = dataAt + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** Pool file names in PGlite's pattern (time and counter in hex); unique within one store. */
function backingName(index: number, stamp: number): string {
  return `${stamp.toString(16).padStart(8, '0')}-${index.toString(16).padStart(8, '0')}`;
}

/** What is left to write once PGlite has opened the store's handles: non-empty files, then PG_VERSION. */
export interface SnapshotFill {
  /** Paths as PGlite's file system sees them (`/base/5/1259`). */
  files: { path: string; bytes: Uint8Array }[];
  commit: { path: string; bytes: Uint8Array };
}

/**
 * Lays out a new OPFS store `dir` for the snapshot (which must not hold one: opfsHasCluster removes a partial one):
 * the state file with every file but PG_VERSION and `spareFiles` spare files (plus one that PG_VERSION will take),
 * all created empty. Returns the contents to write through the opened store (SizedOpfsFS `fill`).
 */
export async function layOutSnapshot(dir: string, tar: Uint8Array, spareFiles: number, storage: OpfsStorageLike = navigator.storage, now = Date.now()): Promise<SnapshotFill> {
  const entries = readTar(tar);
  const folder = await (await storage.getDirectory()).getDirectoryHandle(dir, { create: true });
  const data = await folder.getDirectoryHandle(DATA_DIR, { create: true });
  const stamp = Math.max(0, Math.floor(now / 1000));
  const root: DirNode = { type: 'directory', lastModified: now, mode: ROOT_DIR_MODE, children: {} };
  const dirOf = (parts: string[]): DirNode => {
    let node = root;
    for (const part of parts) {
      let next = node.children[part];
      if (!next) {
        next = { type: 'directory', lastModified: now, mode: SNAPSHOT_DIR_MODE, children: {} };
        node.children[part] = next;
      }
      if (next.type !== 'directory') throw new Error(`snapshot tar: ${parts.join('/')} is a file and a folder`);
      node = next;
    }
    return node;
  };
  let counter = 0;
  const names: string[] = [];
  const fill: SnapshotFill = { files: [], commit: { path: `/${COMMIT_FILE}`, bytes: new Uint8Array(0) } };
  let committed = false;
  for (const e of entries) {
    const parts = e.path.split('/').filter(Boolean);
    if (parts.length === 0) continue;
    if (e.type === 'directory') {
      dirOf(parts);
      continue;
    }
    if (e.path === COMMIT_FILE) {
      fill.commit.bytes = e.data;
      committed = true;
      continue;
    }
    const leaf = parts.pop()!;
    const backingFilename = backingName(++counter, stamp);
    dirOf(parts).children[leaf] = { type: 'file', lastModified: e.mtime, mode: SNAPSHOT_FILE_MODE, backingFilename };
    names.push(backingFilename);
    if (e.data.length > 0) fill.files.push({ path: `/${e.path}`, bytes: e.data });
  }
  if (!committed) throw new Error(`the snapshot has no ${COMMIT_FILE}`);
  const pool: string[] = [];
  for (let i = 0; i <= spareFiles; i++) pool.push(backingName(++counter, stamp));

  // An empty file needs no access handle: creating one is a single call, and they are all in flight together.
  await Promise.all([...names, ...pool].map((name) => data.getFileHandle(name, { create: true })));
  const state = await (await folder.getFileHandle(STATE_FILE, { create: true })).createSyncAccessHandle();
  try {
    const bytes = new TextEncoder().encode(JSON.stringify({ root, pool }));
    state.truncate(0);
    if (state.write(bytes, { at: 0 }) !== bytes.length) throw new Error('short write of the OPFS state file');
    state.flush();
  } finally {
    state.close();
  }
  return fill;
}
