// Fault injection, as SQLite's test suite does it: the database of a cleanly indexed vault is damaged in one
// way per test (what a crash, a bad disk, a tester or another local user can do), then the real CLI runs
// `index` again. Each run must end with the counts of a clean index, say on stderr that the database was
// damaged and rebuilt (when it was), keep the damaged copy for a bug report, and the run after must be
// quiet and find nothing to do (no crash loop, no silent "unchanged" over lost rows).
// PGlite's initdb costs ~8 s per fresh database, so one clean reference is built once and copied per test.
import { beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateVault } from '../../bench/generate-vault.mjs';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { assertBuilt, runCli } from '../helpers/run-cli';
import { randomBytes } from '../helpers/random-bytes';

const NOTES = 120;
let tmp: string;
let vault: string;
let reference: string;
let cleanCounts: Counts;
/** Relation files of the reference database (vault-relative to its data directory). */
let files: { chunks: string; pages: string };
let seq = 0;

interface Counts {
  pages: number;
  chunks: number;
  links: number;
  typedLinks: number;
  dangling: number;
}

/** The counts of `index --json` (which says `notes` for pages) or `stats --json`. */
function counts(stats: Record<string, unknown>): Counts {
  const { chunks, links, typedLinks, dangling } = stats as unknown as Counts;
  const pages = (stats.pages ?? stats.notes) as number;
  for (const n of [pages, chunks, links, typedLinks, dangling]) expect(typeof n).toBe('number');
  return { pages, chunks, links, typedLinks, dangling };
}

async function copyDir(from: string, to: string): Promise<void> {
  await fs.cp(from, to, { recursive: true });
}

function bytes(seed: number, n: number): Buffer {
  return Buffer.from(randomBytes(n, seed));
}

async function writeAt(file: string, offset: number, data: Buffer): Promise<void> {
  const h = await fs.open(file, 'r+');
  try {
    await h.write(data, 0, data.length, offset);
  } finally {
    await h.close();
  }
}

async function walSegments(db: string): Promise<string[]> {
  const names = (await fs.readdir(path.join(db, 'pg_wal'))).filter((n) => /^[0-9A-F]{24}$/.test(n));
  return names.map((n) => path.join(db, 'pg_wal', n));
}

/** Copies the reference, damages the copy, runs `index`, and checks recovery; returns the run's stderr. */
async function damagedRun(damage: (db: string) => Promise<void>, expectNotice = true): Promise<string> {
  const db = path.join(tmp, `db-${++seq}`);
  await copyDir(reference, db);
  await damage(db);
  const run = await runCli(['index', '--vault', vault, '--db', db, '--json']);
  expect(run.code, run.stderr).toBe(0);
  const summary = JSON.parse(run.stdout) as Record<string, unknown> & { recovery: { keptAt: string | null } | null };
  expect(counts(summary)).toEqual(cleanCounts);
  if (expectNotice) {
    expect(run.stderr).toMatch(/the index database was damaged \(.+\); it was moved to .+ and a fresh one is being rebuilt from the notes/);
    expect(summary.rebuilt).toBe(true);
    expect(summary.recovery?.keptAt).toBeTruthy();
    expect((await fs.lstat(summary.recovery!.keptAt!)).isDirectory() || (await fs.lstat(summary.recovery!.keptAt!)).isFile()).toBe(true);
  }
  // The next run is quiet: nothing damaged, nothing to do.
  const again = await runCli(['index', '--vault', vault, '--db', db, '--json']);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stderr).toBe('');
  const second = JSON.parse(again.stdout) as Record<string, unknown>;
  expect(second).toMatchObject({ indexed: 0, rebuilt: false });
  expect(second.unchanged).toBeGreaterThanOrEqual(cleanCounts.pages);
  expect(counts(second)).toEqual(cleanCounts);
  return run.stderr;
}

beforeAll(async () => {
  assertBuilt();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-faults-'));
  vault = path.join(tmp, 'vault');
  generateVault({ out: vault, notes: NOTES, seed: 19 });
  await fs.mkdir(path.join(vault, '.vault-brain'), { recursive: true });
  await fs.writeFile(path.join(vault, '.vault-brain', 'config.json'), JSON.stringify({ embedder: { kind: 'none' } }));
  reference = path.join(tmp, 'reference');
  const clean = await runCli(['index', '--vault', vault, '--db', reference, '--json']);
  expect(clean.code, clean.stderr).toBe(0);
  cleanCounts = counts(JSON.parse(clean.stdout) as Record<string, unknown>);
  expect(cleanCounts.chunks).toBeGreaterThan(NOTES);
  // Which files hold the chunks and pages tables: asked of a throwaway copy (opening writes to it).
  const probe = path.join(tmp, 'probe');
  await copyDir(reference, probe);
  const engine = await PGliteEngine.open({ dataDir: probe });
  const r = await engine.db.query<{ relname: string; p: string }>(
    `select relname, pg_relation_filepath(oid) as p from pg_class where relname in ('chunks', 'pages')`,
  );
  await engine.close();
  const byName = new Map(r.rows.map((x) => [x.relname, x.p]));
  files = { chunks: byName.get('chunks')!, pages: byName.get('pages')! };
  await fs.rm(probe, { recursive: true, force: true });
}, 300_000);

describe('a damaged database is moved aside and rebuilt from the notes', () => {
  const cases: [string, (db: string) => Promise<void>][] = [
    // Every segment cut to its first page: the newest one may be a recycled spare holding nothing yet, so cutting
    // only it is no damage at all (1 MB segments since the snapshot).
    ['truncated WAL segments', async (db) => {
      for (const f of await walSegments(db)) await fs.truncate(f, 8192);
    }],
    ['a deleted pg_control', (db) => fs.rm(path.join(db, 'global', 'pg_control'))],
    ['a garbled pg_control', (db) => writeAt(path.join(db, 'global', 'pg_control'), 0, bytes(7, 512))],
    ['a deleted pg_filenode.map', (db) => fs.rm(path.join(db, 'global', 'pg_filenode.map'))],
    ['a deleted base/ folder', (db) => fs.rm(path.join(db, 'base'), { recursive: true })],
    ['random bytes in a table file', (db) => writeAt(path.join(db, files.pages), 8192 + 600, bytes(11, 300))],
    ['random bytes in the chunks table', (db) => writeAt(path.join(db, files.chunks), 3 * 8192 + 1000, bytes(13, 200))],
    ['a deleted table file', (db) => fs.rm(path.join(db, files.chunks))],
    [
      'the database path being a file',
      async (db) => {
        await fs.rm(db, { recursive: true });
        await fs.writeFile(db, 'not a database\n');
      },
    ],
    [
      'the chunks table truncated to half',
      async (db) => {
        const file = path.join(db, files.chunks);
        const size = (await fs.stat(file)).size;
        await fs.truncate(file, Math.floor(size / 2 / 8192) * 8192);
      },
    ],
    ['postgresql.auto.conf appended with garbage', (db) => fs.appendFile(path.join(db, 'postgresql.auto.conf'), "garbage line = 'x\nmore\n")],
  ];
  for (const [name, damage] of cases) {
    it(name, async () => {
      await damagedRun(damage);
    }, 240_000);
  }

  // Which rows still read depends on which ones earlier reads had stamped with hint bits (the log is not asked
  // for those): when the pages and their status rows still agree, the damage surfaces only at the run's first
  // write ("attempted to delete invisible tuple") and must be healed there; when they no longer agree, the open
  // checks see it first. Either way the store is moved aside and rebuilt (damagedRun checks that).
  it('a zeroed commit log', async () => {
    // Zeroed right after a full rewrite, so the newest rows have no hint bits and their status comes from the log.
    const stderr = await damagedRun(async (db) => {
      const rewrite = await runCli(['index', '--full', '--vault', vault, '--db', db]);
      expect(rewrite.code, rewrite.stderr).toBe(0);
      for (const name of await fs.readdir(path.join(db, 'pg_xact'))) {
        const file = path.join(db, 'pg_xact', name);
        await fs.writeFile(file, Buffer.alloc((await fs.stat(file)).size));
      }
    });
    expect(stderr).toMatch(/damage found while in use|integrity check failed/);
  }, 360_000);
});

describe('torn writes', () => {
  // The files a batch changed (here: a full re-index over the reference) cut at a random offset: the new
  // bytes up to the cut, the old ones after it, as a power cut in the middle of writing them leaves them.
  for (const seed of [3, 29]) {
    it(`a batch's files cut at random offsets (seed ${seed})`, async () => {
      const stderr = await damagedRun(async (db) => {
        const after = path.join(tmp, `after-${seed}`);
        await copyDir(reference, after);
        const rewrite = await runCli(['index', '--full', '--vault', vault, '--db', after]);
        expect(rewrite.code, rewrite.stderr).toBe(0);
        const changed = await changedFiles(db, after);
        expect(changed.length).toBeGreaterThan(0);
        const rnd = bytes(seed, changed.length * 4);
        for (const [i, rel] of changed.entries()) {
          const next = await fs.readFile(path.join(after, rel));
          const prev = await fs.readFile(path.join(db, rel)).catch(() => Buffer.alloc(0));
          const cut = Math.floor((rnd.readUInt32LE(i * 4) / 2 ** 32) * next.length);
          await fs.writeFile(path.join(db, rel), Buffer.concat([next.subarray(0, cut), prev.subarray(cut)]));
        }
        await fs.rm(after, { recursive: true, force: true });
      }, false);
      // WAL replay may heal a torn page silently; what was not healed must have been detected and rebuilt.
      if (stderr) expect(stderr).toMatch(/the index database was damaged/);
      else await expectHealthy(lastDb());
    }, 360_000);
  }
});

function lastDb(): string {
  return path.join(tmp, `db-${seq}`);
}

/** Without a notice the database must really be whole: the full checks of `doctor` find nothing to repair. */
async function expectHealthy(db: string): Promise<void> {
  const r = await runCli(['doctor', '--vault', vault, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ healthy: true, problems: [], repaired: [] });
}

async function changedFiles(a: string, b: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const e of await fs.readdir(path.join(b, rel), { withFileTypes: true })) {
      const child = path.join(rel, e.name);
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) {
        const [x, y] = await Promise.all([fs.readFile(path.join(a, child)).catch(() => null), fs.readFile(path.join(b, child))]);
        if (!x || !x.equals(y)) out.push(child);
      }
    }
  };
  await walk('');
  return out;
}
