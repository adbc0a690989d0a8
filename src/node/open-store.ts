// A database opened as a bare engine, for work on the store itself (`vault-brain migrate`), not through a brain.
// The embedded store is opened as the brain opens it (writer lock, private folder, fsync of what PGlite writes);
// a server through the engine factory.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { DatabaseChoice, SourceChoice } from './database-choice';
import type { OpenedEngine } from './engine-factory';
import { acquireWriterLock } from './lock';
import { openEngineOnDisk, type OpenedEngineOnDisk } from './open-engine';
import { assertPrivateDir, DataDirSync, prepareDataDir } from './store-health';

export interface OpenedStore {
  engine: OpenedEngine;
  close(): Promise<void>;
}

/** The engine settings that bind an embedded store to a source choice (a default may yield to the stored one). */
export function sourceSettings(source: SourceChoice | undefined): { source?: string; defaultSource?: string } {
  if (!source) return {};
  return source.explicit ? { source: source.name } : { defaultSource: source.name };
}

/**
 * Opens the embedded store in `dbDir` (which must hold the writer lock) with its writes made durable by `sync`,
 * bound to `source`. `onBaseline` sees the files as they were before the database started (sync.files()).
 */
export async function openLocalEngine(dbDir: string, sync: DataDirSync, source?: SourceChoice, onBaseline?: () => void): Promise<OpenedEngineOnDisk> {
  await prepareDataDir(dbDir);
  await sync.baseline();
  onBaseline?.();
  return openEngineOnDisk(dbDir, { syncStorage: () => sync.sync(), ...sourceSettings(source) });
}

export async function openStore(choice: DatabaseChoice, options: { onLockLost?: () => void; source?: SourceChoice } = {}): Promise<OpenedStore> {
  if (choice.kind === 'postgres') {
    // The driver is loaded only for a server (engine-factory imports pg).
    const { openPostgresEngine } = await import('./engine-factory');
    const engine = await openPostgresEngine({ kind: 'postgres', url: choice.url, source: options.source?.name });
    return { engine, close: () => engine.close() };
  }
  const dbDir = choice.dataDir;
  await fs.mkdir(path.dirname(dbDir), { recursive: true });
  const lock = await acquireWriterLock(dbDir, { onLost: options.onLockLost });
  try {
    await assertPrivateDir(dbDir);
    const { engine } = await openLocalEngine(dbDir, new DataDirSync(dbDir), options.source);
    return {
      engine,
      async close() {
        try {
          await engine.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (e) {
    await lock.release();
    throw e;
  }
}
