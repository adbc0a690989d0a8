// A fresh database starts from the pre-initialised data directory the build makes
// (scripts/build-db-snapshot.mjs: extensions and the current schema, pruned), so the CLI, the MCP server and
// tests never run initdb at open (7-9 s in wasm; loading the snapshot takes a fraction of a second).
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { findPackageFile, searchRoots } from './package-file';

export const SNAPSHOT_RELATIVE = path.join('assets', 'generated', 'pgdata-snapshot.tar');

/** PGlite's own test: a data directory without PG_VERSION is initialised (or loaded) at open. */
export function isFreshDataDir(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * The snapshot as PGlite's `loadDataDir`, or null when this install has none (then PGlite runs initdb, which is
 * slower but equivalent). A snapshot of an older schema is still right: the engine migrates it at open.
 */
export function readDbSnapshot(roots: string[] = searchRoots()): Blob | null {
  const file = findPackageFile(SNAPSHOT_RELATIVE, roots);
  if (file === null) return null;
  return new Blob([readFileSync(file)], { type: 'application/x-tar' });
}
