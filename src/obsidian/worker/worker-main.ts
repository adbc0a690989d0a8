// The worker bundle's entry: PGlite from the embedded binaries on OPFS (desktop) or IndexedDB (mobile, and the
// fallback), the brain host, and the RPC endpoint on the worker's global scope. Built by
// scripts/esbuild-plugins.mjs into a string that the plugin starts as a blob: Worker, so the database and the
// indexer never run on Obsidian's main thread.
import type { PGliteOptions } from '@electric-sql/pglite';
import { errorMessage } from '../../core/errors';
import { PGliteEngine } from '../../core/engine/pglite/pglite-engine';
import { assetHead, loadAsset } from '../assets/bundle-assets';
import { BrainHost, StoreOpenError, type OpenedEngine } from './brain-host';
import { BatchFlushIdbFs } from './batch-flush-idbfs';
import { idbCleanCloseMarks } from './clean-close-marks';
import { idbHasCluster } from './idb-cluster';
import { idbKeepAside, opfsKeepAside } from './damaged-copy';
import { lockDataDir, opfsHasCluster, opfsUsable } from './opfs-cluster';
import { embeddedPgliteOptions, snapshotLoadOption } from './pglite-assets';
import { layOutSnapshot } from './opfs-snapshot';
import { SizedOpfsFS } from './sized-opfs-fs';
import { connectToMain } from '../protocol/worker-api';

/**
 * IndexedDB storage saves whole files on every flush, and the default 16 MB WAL segment is rewritten each
 * time: 1 MB segments (the snapshot is made with them) and a small WAL cap made indexing ~2-3x faster in
 * Chromium and bound the WAL's memory.
 */
const IDB_TUNING: Pick<PGliteOptions, 'postgresqlconf'> = {
  postgresqlconf: ['min_wal_size = 2MB', 'max_wal_size = 32MB'],
};
const IDB_CHECKPOINT_WAL_BYTES = 16 * 1024 * 1024;

/**
 * The access-handle pool: one OPFS file per Postgres file, each opened at every start (one call to the browser
 * per file, the bulk of a warm open). The snapshot (~400 files) is laid out with `maintainedPoolSize` spare files
 * (opfs-snapshot.ts); `initialPoolSize` is only for a store PGlite creates itself. The pool is topped up to
 * `maintainedPoolSize` spare files after every query. A statement can take
 * at most the spares as new WAL segments (1 MB each) beyond the ones recycled at checkpoints: 150, not 50, since
 * a 10k-note index failed in its embedding phase with 50 (a statement broken off inside Postgres).
 */
const OPFS_POOL = { initialPoolSize: 450, maintainedPoolSize: 150 };

/**
 * Every WAL and data page write is a call on a sync access handle, and they were most of the worker's time while
 * indexing: minimal WAL (no replication here), a bounded WAL (a checkpoint every 64 MB keeps replay after a crash
 * short) and bigger WAL buffers (fewer, larger writes).
 */
const OPFS_TUNING: Pick<PGliteOptions, 'postgresqlconf'> = {
  postgresqlconf: [
    'wal_level = minimal',
    'max_wal_senders = 0',
    // The engine checkpoints every 64 MB of WAL (PGlite has no checkpointer); each checkpoint keeps at least
    // min_wal_size of old segments, renamed for reuse, so a statement takes new files from the pool only past
    // them (the pool has 50 spare, topped up between statements; a statement that ran it dry hung the worker).
    'min_wal_size = 32MB',
    'max_wal_size = 64MB',
    'wal_buffers = 16MB',
    // Full-page images (the first change to each page after a checkpoint) compressed: less WAL per statement.
    'wal_compression = pglz',
  ],
};

async function openIdb(dataDir: string, defaultSource?: string): Promise<OpenedEngine> {
  const fresh = !(await idbHasCluster(dataDir));
  const assets = await embeddedPgliteOptions(loadAsset, { fresh });
  try {
    // IndexedDB is written only on flush, which the indexer does after every batch (and the brain after
    // embedding). Not after every transaction: each flush rewrites whole changed files.
    const fs = new BatchFlushIdbFs(dataDir.slice('idb://'.length));
    const engine = await PGliteEngine.open({
      defaultSource,
      pgliteOptions: { ...assets.options, ...snapshotLoadOption(assets.snapshot), ...IDB_TUNING, fs },
      relaxedDurability: true,
      autoFlush: false,
      syncStorage: () => fs.persist(),
      // IDBFS keeps every file in memory: the WAL kept between checkpoints stays small here.
      checkpointWalBytes: IDB_CHECKPOINT_WAL_BYTES,
    });
    // A snapshot just loaded is in memory only until the first flush.
    if (fresh) await engine.flush();
    return { engine, timings: assets.timings, dataDir };
  } finally {
    assets.release();
  }
}

/** `name` is the IndexedDB data dir's name; the OPFS one is a folder of the same name in the origin's OPFS root. */
async function openOpfs(name: string, defaultSource?: string): Promise<OpenedEngine> {
  const release = await lockDataDir(name);
  try {
    const fresh = !(await opfsHasCluster(name));
    const assets = await embeddedPgliteOptions(loadAsset, { fresh });
    let fs: SizedOpfsFS | null = null;
    try {
      // A fresh store gets the snapshot laid out in the pool's own layout, not through PGlite's tar load (which
      // logged every file's creation, chmod and utime in the pool's state file: most of a cold open).
      const fill = assets.snapshot ? await layOutSnapshot(name, assets.snapshot, OPFS_POOL.maintainedPoolSize) : undefined;
      fs = new SizedOpfsFS(name, { ...OPFS_POOL, ...(fill ? { fill } : {}) });
      // Relaxed durability: writes reach the files at once; flush() (after every batch) fsyncs the WAL, so a
      // crash loses at most the batch being written.
      const engine = await PGliteEngine.open({
        defaultSource,
        pgliteOptions: { ...assets.options, ...OPFS_TUNING, fs },
        relaxedDurability: true,
        autoFlush: false,
      });
      return { engine, timings: assets.timings, dataDir: `opfs-ahp://${name}`, release };
    } catch (err) {
      // The failed open may still hold the pool's access handles; they must go before the folder can be copied.
      await fs?.closeFs().catch(() => undefined);
      throw fresh ? err : new StoreOpenError(`opfs-ahp://${name}`, err);
    } finally {
      assets.release();
    }
  } catch (err) {
    release();
    throw err;
  }
}

/** An IndexedDB copy left from before the worker used OPFS only takes space: the OPFS store replaced it. */
function dropIdbCopy(dataDir: string): void {
  void idbHasCluster(dataDir)
    .then((exists) => {
      if (exists) indexedDB.deleteDatabase(`/pglite/${dataDir.slice('idb://'.length)}`);
    })
    .catch(() => undefined);
}

const OPFS_PREFIX = 'opfs-ahp://';

const host = new BrainHost({
  loadAsset,
  assetHead: (name) => assetHead(name),
  // Streamed chat uses the worker's own fetch (requestUrl cannot stream); every other provider call goes through
  // the main thread's requestUrl (the host's default). Both handed to core, which bounds responses and confines redirects.
  streamFetch: (input, init) => self.fetch(input, init),
  cleanClose: idbCleanCloseMarks(),
  discardStore: (dataDir) => (dataDir.startsWith(OPFS_PREFIX) ? opfsKeepAside(dataDir.slice(OPFS_PREFIX.length)) : idbKeepAside(dataDir)),
  async openEngine(dataDir, options) {
    if (options?.storage !== 'indexeddb' && (await opfsUsable())) {
      const name = dataDir.slice('idb://'.length);
      try {
        const opened = await openOpfs(name, options?.defaultSource);
        dropIdbCopy(dataDir);
        return opened;
      } catch (err) {
        // A store that exists but will not open is damage: the host copies it aside and opens a fresh one here,
        // with a notice. Anything else (no fresh store could be made, the lock was not given) means OPFS does not
        // work for this session, which runs on IndexedDB.
        if (err instanceof StoreOpenError) throw err;
        const opened = await openIdb(dataDir, options?.defaultSource);
        return { ...opened, warning: `OPFS storage failed (${errorMessage(err)}); the database is in IndexedDB instead` };
      }
    }
    return openIdb(dataDir, options?.defaultSource);
  },
});

host.attach(connectToMain(self, host.handlers()));
