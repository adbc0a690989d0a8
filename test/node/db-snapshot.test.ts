// The fresh-database snapshot: the build's data directory has the current schema and nothing PGlite would
// have to make again, a fresh directory opens from it (no initdb), and a schema change makes the build redo it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_VERSION, MIGRATIONS, SCHEMA_VERSION } from '../../src/core/engine/sql/schema';
import { isFreshDataDir, readDbSnapshot, SNAPSHOT_RELATIVE } from '../../src/node/db-snapshot';
import { openEngineOnDisk } from '../../src/node/open-engine';
import { snapshotKey } from '../../scripts/build-db-snapshot.mjs';

const ROOT = resolve(__dirname, '../..');
const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'vb-snapshot-test-'));
  dirs.push(d);
  return d;
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A one-file ustar archive. */
function tarOf(name: string, text: string): Buffer<ArrayBuffer> {
  const data = Buffer.from(text);
  const h = Buffer.alloc(512);
  h.write(name, 0);
  h.write('0000600\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return Buffer.concat([h, data, Buffer.alloc(512 - data.length), Buffer.alloc(1024)]);
}

function sizeOf(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}

describe('database snapshot', () => {
  it('is built and current for this schema (the build regenerates it when the schema changes)', () => {
    expect(existsSync(join(ROOT, SNAPSHOT_RELATIVE))).toBe(true);
    // Exits 1 when the stored snapshot's key differs from the one the current sources give.
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-db-snapshot.mjs'), '--check'], { cwd: ROOT, stdio: 'pipe' });
    const schema = { MIGRATIONS, ENGINE_VERSION, SCHEMA_VERSION };
    const key = snapshotKey(schema);
    expect(snapshotKey({ ...schema, MIGRATIONS: [...MIGRATIONS, { version: SCHEMA_VERSION + 1, up: ['select 1'] }] })).not.toBe(key);
    expect(snapshotKey({ ...schema, ENGINE_VERSION: '2.0.0' })).not.toBe(key);
  });

  it('opens a fresh directory with the current schema, no template databases, and a small footprint', async () => {
    const dir = tempDir();
    expect(isFreshDataDir(dir)).toBe(true);
    const first = await openEngineOnDisk(dir);
    try {
      expect(first).toMatchObject({ fresh: true, fromSnapshot: true });
      // The schema came with the snapshot: nothing was created or migrated at open.
      expect(first.engine.openState).toMatchObject({ created: false, needsRebuild: false, fromVersion: SCHEMA_VERSION, toVersion: SCHEMA_VERSION });
      expect(await first.engine.getMeta('schema_version')).toBe(String(SCHEMA_VERSION));
      const dbs = await first.engine.db.query<{ datname: string }>('select datname from pg_database');
      expect(dbs.rows.map((r) => r.datname)).toEqual(['postgres']);
      const ext = await first.engine.db.query<{ extname: string }>('select extname from pg_extension order by 1');
      expect(ext.rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'vector']));
      await first.engine.setMeta('probe', 'kept');
    } finally {
      await first.engine.close();
    }
    expect(isFreshDataDir(dir)).toBe(false);
    // Issue 17: a fresh database on disk <= 15 MB (initdb's cluster is ~39 MB).
    expect(sizeOf(dir)).toBeLessThan(15 * 1024 * 1024);

    const again = await openEngineOnDisk(dir);
    try {
      expect(again).toMatchObject({ fresh: false, fromSnapshot: false });
      expect(await again.engine.getMeta('probe')).toBe('kept');
    } finally {
      await again.engine.close();
    }
  });

  it('never empties a directory that held other files when a snapshot cannot be loaded', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    // A well-formed tar of a data directory this Postgres cannot start (another major version).
    const broken = (): Blob => new Blob([tarOf('PG_VERSION', '11\n')], { type: 'application/x-tar' });
    await expect(openEngineOnDisk(dir, {}, broken)).rejects.toThrow();
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true);
  });

  it('finds no snapshot outside an install that has one', () => {
    expect(readDbSnapshot([tempDir()])).toBeNull();
  });
});
