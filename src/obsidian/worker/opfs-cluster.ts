// The desktop worker's store: PGlite's OPFS access-handle pool (a sync access handle per file, reads and writes
// of single pages straight to disk). IndexedDB (IDBFS) keeps the whole data directory in memory, reads all of it
// at every open and rewrites every changed file whole at every flush, so open time, flush cost and memory all
// grow with the database; here an open reads nothing but the file list and a flush is an fsync.
//
// This file reads PGlite 0.5's OPFS layout (fs/opfs-ahp.ts): a directory per data dir holding `state.txt` (line 1
// the file tree as JSON, then one JSON operation per line) and `data/` (the pooled files).

const STATE_FILE = 'state.txt';
/** Long enough for a worker that was just terminated (plugin reload) to let go of its handles. */
const LOCK_WAIT_MS = 10_000;

/** Whether this context can use the access-handle pool (a dedicated worker with OPFS sync access handles). */
export async function opfsUsable(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (typeof storage?.getDirectory !== 'function') return false;
  if (typeof FileSystemFileHandle === 'undefined' || !('createSyncAccessHandle' in FileSystemFileHandle.prototype)) return false;
  try {
    // Some embedders expose the API but refuse it for their scheme: try one handle for real.
    const root = await storage.getDirectory();
    const probe = await root.getFileHandle('vault-brain-opfs-probe', { create: true });
    const handle = await probe.createSyncAccessHandle();
    handle.close();
    await root.removeEntry('vault-brain-opfs-probe');
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the OPFS data dir `dir` holds a database (PGlite's own test: PG_VERSION exists). A directory without
 * one (a snapshot load that was cut off) is removed, so the snapshot is loaded into a clean pool.
 */
export async function opfsHasCluster(dir: string, storage: StorageManager = navigator.storage): Promise<boolean> {
  const root = await storage.getDirectory();
  let folder: FileSystemDirectoryHandle;
  try {
    folder = await root.getDirectoryHandle(dir);
  } catch {
    return false;
  }
  let text = '';
  try {
    text = await (await (await folder.getFileHandle(STATE_FILE)).getFile()).text();
  } catch {
    // no state file: nothing usable in the folder
  }
  if (stateHasPgVersion(text)) return true;
  await opfsRemove(dir, storage);
  return false;
}

/** Removes the OPFS data dir `dir` (a damaged store is copied aside first, by `damaged-copy.ts`). */
export async function opfsRemove(dir: string, storage: StorageManager = navigator.storage): Promise<void> {
  const root = await storage.getDirectory();
  try {
    await root.removeEntry(dir, { recursive: true });
  } catch (err) {
    if (!(err instanceof DOMException && err.name === 'NotFoundError')) throw err;
  }
}

interface StateNode {
  type?: string;
  children?: Record<string, StateNode>;
}

/** Replays the state file's tree and operation log far enough to know whether /PG_VERSION exists. */
export function stateHasPgVersion(text: string): boolean {
  const lines = text.split('\n');
  let exists = false;
  try {
    const base = JSON.parse(lines[0] ?? '') as { root?: StateNode };
    exists = base.root?.children?.PG_VERSION?.type === 'file';
  } catch {
    return false;
  }
  for (const line of lines.slice(1)) {
    if (!line.includes('PG_VERSION')) continue;
    try {
      const entry = JSON.parse(line) as { opp?: string; args?: unknown[] };
      const [a, b] = entry.args ?? [];
      if (entry.opp === 'createFileNode' && a === '/PG_VERSION') exists = true;
      else if (entry.opp === 'unlink' && a === '/PG_VERSION') exists = false;
      else if (entry.opp === 'rename' && a === '/PG_VERSION') exists = false;
      else if (entry.opp === 'rename' && b === '/PG_VERSION') exists = true;
    } catch {
      // a torn last line (crash mid-append): PGlite skips it too
    }
  }
  return exists;
}

/**
 * Holds the data dir's Web Lock until release() is called: sync access handles are exclusive, so a second worker
 * on the same data dir (a plugin reload while the old worker is still shutting down) waits for the first to let
 * go instead of opening half the files. The lock goes away with the worker if it is terminated.
 */
export async function lockDataDir(dir: string, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<() => void> {
  if (!locks) return () => undefined;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await new Promise<void>((acquired, failed) => {
    locks
      .request(`vault-brain-db:${dir}`, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, () => {
        acquired();
        return held;
      })
      .catch((err: unknown) => failed(err instanceof Error ? err : new Error(String(err))));
  });
  return release;
}
