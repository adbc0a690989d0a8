// Opens the PGlite engine on a data directory on disk. A fresh directory is loaded from the build's snapshot
// (db-snapshot.ts) instead of running initdb; every surface that creates a database on disk (open, rebuild)
// goes through here so none of them pays for initdb.
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

export async function openEngineOnDisk(dataDir: string, settings: PGliteEngineSettings = {}, snapshot: () => Blob | null = readDbSnapshot): Promise<OpenedEngineOnDisk> {
  const t0 = performance.now();
  const fresh = isFreshDataDir(dataDir);
  const loadDataDir = fresh ? snapshot() : null;
  if (loadDataDir) {
    const wasEmpty = (await fs.readdir(dataDir).catch(() => [])).length === 0;
    try {
      const engine = await PGliteEngine.open({ ...settings, dataDir, pgliteOptions: { loadDataDir } });
      return { engine, fresh, fromSnapshot: true, openMs: performance.now() - t0 };
    } catch (err) {
      // A snapshot this PGlite cannot start (made by another version): when the directory held nothing
      // before, what the load wrote is removed and initdb makes the database instead. A directory that held
      // other files is never emptied.
      if (!wasEmpty) throw err;
      await emptyDir(dataDir);
    }
  }
  const engine = await PGliteEngine.open({ ...settings, dataDir });
  return { engine, fresh, fromSnapshot: false, openMs: performance.now() - t0 };
}

async function emptyDir(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir)) await fs.rm(path.join(dir, name), { recursive: true, force: true });
}
