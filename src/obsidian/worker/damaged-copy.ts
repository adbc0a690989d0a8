// A damaged store is kept aside for a bug report, as the CLI keeps `<db>.damaged/` (issue 19), but inside the
// browser profile: the OPFS folder is copied to `<dir>.damaged`, the IndexedDB files to a database named
// `<mount>.damaged`. One copy is kept (the newest), and only when it fits the cap: a phone's storage quota is
// not spent on a bug report. The copy is best effort; whatever happens to it, the damaged store itself is gone
// when these return, so the next open starts fresh.
import { idbClearCluster, IDB_FILE_STORE, idbMount, request, txDone } from './idb-cluster';
import { opfsRemove } from './opfs-cluster';

/** Largest damaged store worth keeping in the browser profile. */
export const DAMAGED_COPY_CAP_BYTES = 256 * 1024 * 1024;
export const DAMAGED_SUFFIX = '.damaged';

/**
 * Moves the OPFS data dir `dir` to `<dir>.damaged` (replacing an older copy) when it fits `cap`, else removes it.
 * Returns where the copy is (`opfs:<name>`), or null when none was kept.
 */
export async function opfsKeepAside(dir: string, cap = DAMAGED_COPY_CAP_BYTES, storage: StorageManager = navigator.storage): Promise<string | null> {
  const root = await storage.getDirectory();
  const copyName = `${dir}${DAMAGED_SUFFIX}`;
  let kept: string | null = null;
  try {
    const folder = await root.getDirectoryHandle(dir);
    if ((await treeBytes(folder)) <= cap) {
      await opfsRemove(copyName, storage);
      await copyTree(folder, await root.getDirectoryHandle(copyName, { create: true }));
      kept = `opfs:${copyName}`;
    }
  } catch {
    // NotFoundError (nothing to keep) or a failed copy: no half copy is left behind
    await opfsRemove(copyName, storage).catch(() => undefined);
    kept = null;
  }
  await opfsRemove(dir, storage);
  return kept;
}

async function treeBytes(folder: FileSystemDirectoryHandle): Promise<number> {
  let n = 0;
  for await (const entry of entriesOf(folder)) {
    n += entry.kind === 'file' ? (await (entry as FileSystemFileHandle).getFile()).size : await treeBytes(entry as FileSystemDirectoryHandle);
  }
  return n;
}

async function copyTree(from: FileSystemDirectoryHandle, to: FileSystemDirectoryHandle): Promise<void> {
  for await (const entry of entriesOf(from)) {
    if (entry.kind === 'directory') {
      await copyTree(entry as FileSystemDirectoryHandle, await to.getDirectoryHandle(entry.name, { create: true }));
      continue;
    }
    const file = await (entry as FileSystemFileHandle).getFile();
    const out = await (await to.getFileHandle(entry.name, { create: true })).createWritable();
    // Streamed: a pooled file may be hundreds of megabytes.
    await file.stream().pipeTo(out);
  }
}

/** `values()` is in every browser with OPFS, but not yet in TypeScript's DOM library. */
function entriesOf(folder: FileSystemDirectoryHandle): AsyncIterable<FileSystemHandle> {
  return (folder as unknown as { values(): AsyncIterable<FileSystemHandle> }).values();
}

/** Records copied per transaction: bounded memory while copying a store IDBFS keeps as one record per file. */
const COPY_BATCH = 32;

/**
 * Copies the IndexedDB files of the `idb://` data dir to the database `<mount>.damaged` (replacing an older copy)
 * when they fit `cap`, then empties the store. Returns where the copy is (`indexeddb:<name>`), or null.
 */
export async function idbKeepAside(dataDir: string, cap = DAMAGED_COPY_CAP_BYTES, idb: IDBFactory = indexedDB): Promise<string | null> {
  const mount = idbMount(dataDir);
  const copyName = `${mount}${DAMAGED_SUFFIX}`;
  let kept: string | null = null;
  try {
    await request(idb.deleteDatabase(copyName));
    if (await copyStore(mount, copyName, cap, idb)) kept = `indexeddb:${copyName}`;
    else await request(idb.deleteDatabase(copyName));
  } catch {
    await request(idb.deleteDatabase(copyName)).catch(() => undefined);
    kept = null;
  }
  await idbClearCluster(dataDir, idb);
  return kept;
}

/** Copies every record of `from`'s file store to `to`; false (stopped early) when the bytes pass `cap`. */
async function copyStore(from: string, to: string, cap: number, idb: IDBFactory): Promise<boolean> {
  const src = await request(idb.open(from));
  const dst = await openWithStore(to, idb);
  try {
    if (!src.objectStoreNames.contains(IDB_FILE_STORE)) return false;
    let bytes = 0;
    let after: IDBValidKey | undefined;
    for (;;) {
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const read = src.transaction(IDB_FILE_STORE, 'readonly').objectStore(IDB_FILE_STORE);
      const [keys, values] = await Promise.all([request(read.getAllKeys(range, COPY_BATCH)), request(read.getAll(range, COPY_BATCH))]);
      if (keys.length === 0) return true;
      for (const value of values) bytes += recordBytes(value);
      if (bytes > cap) return false;
      const tx = dst.transaction(IDB_FILE_STORE, 'readwrite');
      const store = tx.objectStore(IDB_FILE_STORE);
      keys.forEach((key, i) => store.put(values[i], key));
      await txDone(tx);
      after = keys[keys.length - 1];
    }
  } finally {
    src.close();
    dst.close();
  }
}

/** IDBFS's records are `{ timestamp, mode, contents? }`; only file contents take real space. */
function recordBytes(value: unknown): number {
  const contents = (value as { contents?: { byteLength?: number } } | null)?.contents;
  return typeof contents?.byteLength === 'number' ? contents.byteLength : 0;
}

function openWithStore(name: string, idb: IDBFactory): Promise<IDBDatabase> {
  const open = idb.open(name, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(IDB_FILE_STORE)) open.result.createObjectStore(IDB_FILE_STORE);
  };
  return request(open);
}
