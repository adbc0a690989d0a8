// Whether an `idb://` data directory already holds a database, read straight from the IndexedDB store that
// PGlite's IDBFS keeps it in (one database named after the mount point, files keyed by path), so a fresh one
// can be loaded from the embedded snapshot instead of running initdb (PGlite refuses a snapshot over an
// existing database).

/** PG_ROOT and IDBFS's object store in PGlite 0.5 (release/pglite.js). */
const PG_ROOT = '/pglite';
const FILE_STORE = 'FILE_DATA';

export async function idbHasCluster(dataDir: string, idb: IDBFactory = indexedDB): Promise<boolean> {
  if (!dataDir.startsWith('idb://')) throw new Error(`not an IndexedDB data directory: ${dataDir}`);
  const mount = `${PG_ROOT}/${dataDir.slice('idb://'.length)}`;
  // Opened without a version: a missing database is created empty at version 1, which IDBFS upgrades later.
  const db = await request(idb.open(mount));
  try {
    if (!db.objectStoreNames.contains(FILE_STORE)) return false;
    const tx = db.transaction(FILE_STORE, 'readonly');
    // PGlite's own test for an initialised data directory (it runs initdb without PG_VERSION).
    const key = await request(tx.objectStore(FILE_STORE).getKey(`${mount}/PG_VERSION`));
    return key !== undefined;
  } finally {
    // Closed at once: IDBFS's versioned open would otherwise wait for this connection.
    db.close();
  }
}

/**
 * Empties the IndexedDB store of a damaged `idb://` data directory, so the next open loads a fresh database from
 * the snapshot. Cleared rather than deleted: PGlite's IDBFS keeps its connection open, which would block a
 * delete. The damaged files are not kept (a browser profile has no place to put them aside).
 */
export async function idbClearCluster(dataDir: string, idb: IDBFactory = indexedDB): Promise<void> {
  if (!dataDir.startsWith('idb://')) throw new Error(`not an IndexedDB data directory: ${dataDir}`);
  const db = await request(idb.open(`${PG_ROOT}/${dataDir.slice('idb://'.length)}`));
  try {
    if (!db.objectStoreNames.contains(FILE_STORE)) return;
    const tx = db.transaction(FILE_STORE, 'readwrite');
    await request(tx.objectStore(FILE_STORE).clear());
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}
