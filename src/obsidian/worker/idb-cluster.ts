// Whether an `idb://` data directory already holds a database, read straight from the IndexedDB store that
// PGlite's IDBFS keeps it in (one database named after the mount point, files keyed by path), so a fresh one
// can be loaded from the embedded snapshot instead of running initdb (PGlite refuses a snapshot over an
// existing database).

/** PG_ROOT and IDBFS's object store in PGlite 0.5 (release/pglite.js). */
const PG_ROOT = '/pglite';
export const IDB_FILE_STORE = 'FILE_DATA';

/** The IndexedDB database IDBFS keeps the `idb://` data dir in. */
export function idbMount(dataDir: string): string {
  if (!dataDir.startsWith('idb://')) throw new Error(`not an IndexedDB data directory: ${dataDir}`);
  return `${PG_ROOT}/${dataDir.slice('idb://'.length)}`;
}

export async function idbHasCluster(dataDir: string, idb: IDBFactory = indexedDB): Promise<boolean> {
  const mount = idbMount(dataDir);
  // Opened without a version: a missing database is created empty at version 1, which IDBFS upgrades later.
  const db = await request(idb.open(mount));
  try {
    if (!db.objectStoreNames.contains(IDB_FILE_STORE)) return false;
    const tx = db.transaction(IDB_FILE_STORE, 'readonly');
    // PGlite's own test for an initialised data directory (it runs initdb without PG_VERSION).
    const key = await request(tx.objectStore(IDB_FILE_STORE).getKey(`${mount}/PG_VERSION`));
    return key !== undefined;
  } finally {
    // Closed at once: IDBFS's versioned open would otherwise wait for this connection.
    db.close();
  }
}

/**
 * Empties the IndexedDB store of a damaged `idb://` data directory, so the next open loads a fresh database from
 * the snapshot. Cleared rather than deleted: PGlite's IDBFS keeps its connection open, which would block a
 * delete. A copy for a bug report is made before, by `damaged-copy.ts`.
 */
export async function idbClearCluster(dataDir: string, idb: IDBFactory = indexedDB): Promise<void> {
  const db = await request(idb.open(idbMount(dataDir)));
  try {
    if (!db.objectStoreNames.contains(IDB_FILE_STORE)) return;
    const tx = db.transaction(IDB_FILE_STORE, 'readwrite');
    await request(tx.objectStore(IDB_FILE_STORE).clear());
    await txDone(tx);
  } finally {
    db.close();
  }
}

export function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

export function txDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}
