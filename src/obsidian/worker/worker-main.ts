// The worker bundle's entry: PGlite on IndexedDB from the embedded binaries, the brain host, and the RPC
// endpoint on the worker's global scope. Built by scripts/esbuild-plugins.mjs into a string that the plugin
// starts as a blob: Worker, so the database and the indexer never run on Obsidian's main thread.
import type { PGliteOptions } from '@electric-sql/pglite';
import { PGliteEngine } from '../../core/engine/pglite/pglite-engine';
import { loadAsset } from '../assets/bundle-assets';
import { BrainHost } from './brain-host';
import { idbClearCluster, idbHasCluster } from './idb-cluster';
import { embeddedPgliteOptions } from './pglite-assets';
import { connectToMain } from '../protocol/worker-api';

/**
 * IndexedDB storage saves whole files on every flush, and the default 16 MB WAL segment is rewritten each
 * time: 1 MB segments (the snapshot is made with them) and a small WAL cap made indexing ~2-3x faster in
 * Chromium and bound the WAL's memory.
 */
const IDB_TUNING: Pick<PGliteOptions, 'postgresqlconf'> = {
  postgresqlconf: ['min_wal_size = 2MB', 'max_wal_size = 32MB'],
};

const host = new BrainHost({
  loadAsset,
  discardStore: (dataDir) => idbClearCluster(dataDir),
  async openEngine(dataDir) {
    const fresh = !(await idbHasCluster(dataDir));
    const assets = await embeddedPgliteOptions(loadAsset, { fresh });
    try {
      // Relaxed durability: IndexedDB is written only on flush, which the indexer does after every batch (and
      // the brain after embedding). Not after every transaction: each flush rewrites whole changed files.
      const engine = await PGliteEngine.open({
        dataDir,
        pgliteOptions: { ...assets.options, ...IDB_TUNING },
        relaxedDurability: true,
        autoFlush: false,
      });
      return { engine, timings: assets.timings };
    } finally {
      assets.release();
    }
  },
});

host.attach(connectToMain(self, host.handlers()));
