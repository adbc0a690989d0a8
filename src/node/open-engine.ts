// Opens the PGlite engine on a data directory on disk. A fresh directory is loaded from the build's snapshot
// (db-snapshot.ts) instead of running initdb; every surface that creates a database on disk (open, rebuild)
// goes through here so none of them pays for initdb.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { PGliteEngine, type PGliteEngineSettings } from '../core/engine/pglite/pglite-engine';
import { isFreshDataDir, readDbSnapshot } from './db-snapshot';

export interface OpenedEngineOnDisk {
  engine: PGliteEngine;
  /** The directory had no database and one was created. */
  fresh: boolean;
  /** It was created from the snapshot (false: by initdb). */
  fromSnapshot: boolean;
  /** Wall time of the open, in ms. */
  openMs: number;
}

/**
 * Postgres' buffer pool on disk: 32 MB, not the 128 MB default (issue 17: peak RSS <= 450 MB at 10k notes). The
 * pool lives in PGlite's wasm memory, which never shrinks; that memory starts at 128 MB (the module's minimum) and
 * with the default pool had grown to 184 MB at open and 221 MB by the end of a 10k-note index, all of it resident.
 * With 32 MB it stays at 128 MB: peak RSS 542 -> 379 MB over a 10k-note index, same CPU (32.8 vs 31.6 s; load
 * ~16 on 2 cores). Below 32 MB nothing more is saved (16 MB: 421 MB, the 128 MB floor holds). Every command
 * starts with a cold pool anyway (one process, one command), and the search after an edit reads a few pages
 * (docs/plugin-performance.md). maintenance_work_mem keeps its 64 MB: an HNSW build slows down badly once its
 * graph no longer fits in it.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

function onDisk(loadDataDir?: Blob): PGliteOptions {
  return { startParams: START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) };
}

export async function openEngineOnDisk(dataDir: string, settings: PGliteEngineSettings = {}, snapshot: () => Blob | null = readDbSnapshot): Promise<OpenedEngineOnDisk> {
  const t0 = performance.now();
  const fresh = isFreshDataDir(dataDir);
  const loadDataDir = fresh ? snapshot() : null;
  if (loadDataDir) {
    const wasEmpty = (await fs.readdir(dataDir).catch(() => [])).length === 0;
    try {
      const engine = await PGliteEngine.open({ ...settings, dataDir, pgliteOptions: onDisk(loadDataDir) });
      return { engine, fresh, fromSnapshot: true, openMs: performance.now() - t0 };
    } catch (err) {
      // A snapshot this PGlite cannot start (made by another version): when the directory held nothing
      // before, what the load wrote is removed and initdb makes the database instead. A directory that held
      // other files is never emptied.
      if (!wasEmpty) throw err;
      await emptyDir(dataDir);
    }
  }
  const engine = await PGliteEngine.open({ ...settings, dataDir, pgliteOptions: onDisk() });
  return { engine, fresh, fromSnapshot: false, openMs: performance.now() - t0 };
}

async function emptyDir(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
}
