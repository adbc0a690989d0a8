#!/usr/bin/env node
// Builds the database snapshot a fresh brain starts from (assets/generated/pgdata-snapshot.tar + .json), so no
// surface runs initdb at open (8-12 s in wasm). It is a PGlite data directory with the extensions and the
// current schema, pruned of what the brain never uses:
// - the template databases (template0/template1, 7.4 MB each): the brain never creates a database;
// - every WAL segment but the one holding the last checkpoint (1 MB segments, created zero-filled);
// - the information_schema views and the catalog comments (pg_description);
// - postmaster.pid; the catalogs are VACUUM FULL-ed first;
// - the free-space and visibility maps (`_fsm`, `_vm`: 82 of its ~400 files), which Postgres treats as empty when
//   missing and makes again when it needs them: every file is an OPFS access handle opened at each plugin start;
// - the planner statistics of the catalogs (pg_statistic), which only tune plans of catalog queries.
// PG_VERSION is the tar's last entry: PGlite treats a data directory without it as fresh, so a load cut short
// is loaded again instead of opened half-written.
//
// Usage: node scripts/build-db-snapshot.mjs [--force] [--check]
// Rebuilt when its key changes: the schema (migrations, engine version), the PGlite and pgvector versions and
// this script. `--check` exits 1 when the snapshot is missing or stale, without building.
import esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SNAPSHOT_TAR = join(root, 'assets/generated/pgdata-snapshot.tar');
export const SNAPSHOT_INFO = join(root, 'assets/generated/pgdata-snapshot.json');
/** The plugin's IndexedDB store rewrites whole files, so small WAL segments (the CLI is fine with them too). */
const INITDB_PARAMS = ['--wal-segsize=1'];

/** The schema module (TypeScript) bundled for this script. */
async function loadSchema() {
  const dir = mkdtempSync(join(tmpdir(), 'vb-snapshot-'));
  const out = join(dir, 'schema.mjs');
  try {
    await esbuild.build({
      stdin: {
        contents: `export { migrate } from './src/core/engine/sql/migrations'; export { SCHEMA_VERSION, ENGINE_VERSION, MIGRATIONS } from './src/core/engine/sql/schema'; export { bindSource, DEFAULT_SOURCE } from './src/core/engine/sql/sql';`,
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      outfile: out,
      logLevel: 'error',
    });
    // eslint-disable-next-line no-unsanitized/method -- the module is the one built just above from our own source
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function packageVersion(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** What the snapshot depends on; a different key means it must be rebuilt. */
export function snapshotKey(schema) {
  return createHash('sha256')
    .update(JSON.stringify({ migrations: schema.MIGRATIONS, engine: schema.ENGINE_VERSION, schema: schema.SCHEMA_VERSION, initdb: INITDB_PARAMS }))
    .update(`pglite ${packageVersion('@electric-sql/pglite')} pgvector ${packageVersion('@electric-sql/pglite-pgvector')}`)
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 32);
}

/** The stored snapshot's description, or null when there is none. */
export function readSnapshotInfo() {
  if (!existsSync(SNAPSHOT_INFO) || !existsSync(SNAPSHOT_TAR)) return null;
  try {
    return JSON.parse(readFileSync(SNAPSHOT_INFO, 'utf8'));
  } catch {
    return null;
  }
}

// ---- a minimal ustar writer (regular files and directories; every path here is short) ----------------------

function tarHeader(name, size, type, mtime) {
  const h = Buffer.alloc(512);
  if (Buffer.byteLength(name) > 99) throw new Error(`path too long for the snapshot tar: ${name}`);
  h.write(name, 0, 'utf8');
  h.write(`${type === '5' ? '0000700' : '0000600'}\0`, 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(`${Math.floor(mtime / 1000).toString(8).padStart(11, '0')}\0`, 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** Tar of `dir`: directories before their contents, PG_VERSION last (see the header comment). */
function tarDirectory(dir, skip) {
  const parts = [];
  let last = null;
  const walk = (rel) => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (skip(path)) continue;
      const st = statSync(join(dir, path));
      if (st.isDirectory()) {
        parts.push(tarHeader(`${path}/`, 0, '5', st.mtimeMs));
        walk(path);
      } else if (path === 'PG_VERSION') {
        last = path;
      } else {
        addFile(path, st);
      }
    }
  };
  const addFile = (path, st) => {
    const data = readFileSync(join(dir, path));
    parts.push(tarHeader(path, data.length, '0', st.mtimeMs), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  };
  walk('');
  if (!last) throw new Error(`${dir} is not a data directory (no PG_VERSION)`);
  addFile(last, statSync(join(dir, last)));
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

// ---- the build ------------------------------------------------------------------------------------------

async function createSnapshot(schema) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const work = mkdtempSync(join(tmpdir(), 'vb-pgdata-'));
  const dataDir = join(work, 'pgdata');
  try {
    const db = await PGlite.create({
      dataDir,
      extensions: { vector, pg_trgm },
      initDbStartParams: INITDB_PARAMS,
      // New segments zero-filled instead of recycled ones full of old records: they compress to nothing.
      startParams: [...PGlite.defaultStartParams, '-c', 'wal_recycle=off'],
    });
    // Migrations read the connection's source (column defaults); no row is written, so any name will do here:
    // an engine binds its own when it opens the copy.
    await schema.bindSource(db, schema.DEFAULT_SOURCE);
    const outcome = await schema.migrate(db);
    if (!outcome.created || outcome.toVersion !== schema.SCHEMA_VERSION) throw new Error(`unexpected migration outcome ${JSON.stringify(outcome)}`);
    for (const t of ['template1', 'template0']) {
      await db.exec(`alter database ${t} is_template false`);
      await db.exec(`alter database ${t} allow_connections true`);
      await db.exec(`drop database ${t}`);
    }
    // Catalog weight nobody reads here: the SQL-standard information_schema views (their rewrite rules are a
    // fifth of the catalogs) and the built-in objects' comments.
    await db.exec('drop schema information_schema cascade');
    await db.exec('delete from pg_description');
    await db.exec('vacuum full');
    await db.exec('vacuum freeze');
    await db.exec('delete from pg_statistic');
    await db.exec('vacuum full pg_statistic');
    // Start a new segment, so the checkpoints below and the shutdown one land at the start of a zero-filled one.
    await db.query('select pg_switch_wal()');
    await db.exec('checkpoint');
    const { rows } = await db.query('select pg_walfile_name(pg_current_wal_insert_lsn()) as wal');
    const keepWal = rows[0].wal;
    await db.close();
    const skip = (p) => p === 'postmaster.pid' || /_(fsm|vm)$/.test(p) || (/^pg_wal\/[0-9A-F]{24}$/.test(p) && p !== `pg_wal/${keepWal}`);
    return tarDirectory(dataDir, skip);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Opens a memory database from the tar and checks the schema is there (a broken snapshot fails the build). */
async function verifySnapshot(tar, schema) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ loadDataDir: new Blob([tar], { type: 'application/x-tar' }), extensions: { vector, pg_trgm } });
  try {
    const outcome = await schema.migrate(db);
    if (outcome.created || outcome.needsRebuild || outcome.fromVersion !== schema.SCHEMA_VERSION) {
      throw new Error(`the snapshot does not hold schema ${schema.SCHEMA_VERSION}: ${JSON.stringify(outcome)}`);
    }
    const dbs = await db.query('select datname from pg_database order by 1');
    if (dbs.rows.map((r) => r.datname).join() !== 'postgres') throw new Error(`unexpected databases in the snapshot: ${JSON.stringify(dbs.rows)}`);
  } finally {
    await db.close();
  }
}

export async function buildSnapshot({ force = false, log = console.log } = {}) {
  const schema = await loadSchema();
  const key = snapshotKey(schema);
  const info = readSnapshotInfo();
  if (!force && info?.key === key) return { built: false, info };
  const t0 = performance.now();
  const tar = await createSnapshot(schema);
  await verifySnapshot(tar, schema);
  mkdirSync(dirname(SNAPSHOT_TAR), { recursive: true });
  writeFileSync(`${SNAPSHOT_TAR}.tmp`, tar);
  renameSync(`${SNAPSHOT_TAR}.tmp`, SNAPSHOT_TAR);
  const next = { key, schemaVersion: schema.SCHEMA_VERSION, engineVersion: schema.ENGINE_VERSION, bytes: tar.length };
  writeFileSync(SNAPSHOT_INFO, `${JSON.stringify(next, null, 2)}\n`);
  log(`[snapshot] ${SNAPSHOT_TAR}: ${(tar.length / 1024 / 1024).toFixed(2)} MB, schema ${schema.SCHEMA_VERSION}, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { built: true, info: next };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const key = snapshotKey(await loadSchema());
    const info = readSnapshotInfo();
    if (info?.key !== key) {
      console.error(`[snapshot] ${info ? 'stale' : 'missing'}: run node scripts/build-db-snapshot.mjs`);
      process.exit(1);
    }
  } else {
    await buildSnapshot({ force: process.argv.includes('--force') });
  }
}
