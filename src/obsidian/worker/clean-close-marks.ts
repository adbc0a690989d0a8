// The worker's "closed clean" marks (the plugin's counterpart of node/clean-close.ts): when the brain host closes a
// store without error it records where that store is (`opfs-ahp://…` or `idb://…`); the next open takes the mark
// away before the store is opened, so a session that crashes (a killed worker, a closed app that never unloaded
// the plugin) leaves none. A store opened with its mark was left by a clean close, and only this plugin writes to
// the origin's storage, so the open runs no store checks before it returns (brain-host.ts says which run after).
// Kept in an IndexedDB database of their own, beside the stores (OPFS folders or IndexedDB databases), so a store
// copied aside or cleared carries no mark.
import { request, txDone } from './idb-cluster';

const DB_NAME = 'vault-brain-clean-close';
const STORE = 'marks';

export interface CleanCloseMarks {
  /** Reads and removes the mark of the store named `name`: the location a clean close recorded, or null. */
  take(name: string): Promise<string | null>;
  /** Records that the store named `name`, at `location`, was closed clean. */
  put(name: string, location: string): Promise<void>;
}

async function openMarks(idb: IDBFactory): Promise<IDBDatabase> {
  const open = idb.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE);
  };
  return request(open);
}

export function idbCleanCloseMarks(idb: IDBFactory = indexedDB): CleanCloseMarks {
  return {
    async take(name) {
      const db = await openMarks(idb);
      try {
        // Strict: the removal must be on disk before the store is written, or a crash could bring the mark back.
        const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
        const marks = tx.objectStore(STORE);
        let value: unknown;
        const get = marks.get(name);
        // Deleted from the get's own callback, while the transaction is surely still active.
        get.onsuccess = () => {
          value = get.result;
          if (value !== undefined) marks.delete(name);
        };
        await txDone(tx);
        return typeof value === 'string' ? value : null;
      } finally {
        db.close();
      }
    },
    async put(name, location) {
      const db = await openMarks(idb);
      try {
        const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
        tx.objectStore(STORE).put(location, name);
        await txDone(tx);
      } finally {
        db.close();
      }
    },
  };
}
