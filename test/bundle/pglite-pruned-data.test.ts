// The pruned fsBundle (scripts/esbuild-plugins.mjs zeroes files the brain never loads) must still run
// everything the engine uses, as the plugin starts it (a fresh database from the snapshot, no initdb):
// pgvector, pg_trgm, full text from tsvector/tsquery literals (the engine computes lexemes in JavaScript), jsonb,
// arrays, timestamps.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_DATA_PRUNE, pgliteDataFiles, prunePgliteData } from '../../scripts/esbuild-plugins.mjs';
import { SNAPSHOT_RELATIVE } from '../../src/node/db-snapshot';

const require_ = createRequire(__filename);
const dist = dirname(require_.resolve('@electric-sql/pglite'));

describe('pruned pglite.data', () => {
  const original = new Uint8Array(readFileSync(join(dist, 'pglite.data')));
  const pruned = prunePgliteData(original);
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({
      fsBundle: new Blob([pruned as BlobPart]),
      pgliteWasmModule: await WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      // As in the plugin: initdb never runs, its module is a stand-in.
      initdbWasmModule: await WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])),
      loadDataDir: new Blob([readFileSync(join(__dirname, '../..', SNAPSHOT_RELATIVE))], { type: 'application/x-tar' }),
      extensions: { vector, pg_trgm },
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('keeps the size and zeroes only the listed files', () => {
    expect(pruned.length).toBe(original.length);
    const files = pgliteDataFiles();
    let zeroed = 0;
    for (const f of files) {
      const listed = PGLITE_DATA_PRUNE.some((re) => re.test(f.name));
      const slice = pruned.subarray(f.start, f.end);
      if (listed) {
        expect(slice.every((b) => b === 0)).toBe(true);
        zeroed += f.end - f.start;
      } else {
        expect(Buffer.compare(Buffer.from(slice), Buffer.from(original.subarray(f.start, f.end)))).toBe(0);
      }
    }
    expect(zeroed).toBeGreaterThan(1_000_000);
    expect(files.some((f) => f.name.endsWith('/plpgsql.so'))).toBe(true);
    expect(PGLITE_DATA_PRUNE.some((re) => re.test('/pglite/lib/postgresql/plpgsql.so'))).toBe(true);
    expect(PGLITE_DATA_PRUNE.some((re) => re.test('/pglite/lib/postgresql/dict_snowball.so'))).toBe(true);
    // pgvector and pg_trgm come in their own tarballs, not from here.
    expect(files.filter((f) => f.name.endsWith('.so') && !PGLITE_DATA_PRUNE.some((re) => re.test(f.name)))).toEqual([]);
  });

  it('rejects a data file shorter than its table', () => {
    expect(() => prunePgliteData(original.subarray(0, 1000))).toThrow(/shorter/);
  });

  it('runs the SQL the engine relies on', async () => {
    await db.exec('create extension if not exists vector; create extension if not exists pg_trgm;');
    await db.exec(`create table t (id int primary key, body text, tags text[], meta jsonb, e vector(3), at timestamptz default now())`);
    await db.query(`insert into t (id, body, tags, meta, e) values ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)`, [
      1, 'The founders were running quickly', ['a', 'b'], { k: 'v' }, '[1,0,0]',
      2, 'Completely unrelated text about zebras', ['c'], { k: 'w' }, '[0,1,0]',
    ]);
    // As the engine writes and queries full text: lexemes computed in JavaScript, cast from literals.
    await db.exec(`alter table t add column tsv tsvector`);
    await db.query(`update t set tsv = $1::tsvector where id = 1`, ["'founder':2A 'run':4"]);
    await db.query(`update t set tsv = $1::tsvector where id = 2`, ["'zebra':5 'text':3"]);
    const fts = await db.query<{ id: number }>(`select id from t where tsv @@ $1::tsquery order by ts_rank_cd(tsv, $1::tsquery) desc`, ["'run' & 'founder'"]);
    expect(fts.rows.map((r) => r.id)).toEqual([1]);
    const knn = await db.query<{ id: number }>(`select id from t order by e <=> $1 limit 1`, ['[0.1,0.9,0]']);
    expect(knn.rows[0]?.id).toBe(2);
    const trgm = await db.query<{ s: number }>(`select similarity('founders', 'founder') as s`);
    expect(trgm.rows[0]!.s).toBeGreaterThan(0.5);
    const misc = await db.query<{ k: string; n: number; d: string; u: string }>(
      `select meta->>'k' as k, cardinality(tags) as n, to_char(at at time zone 'UTC', 'YYYY') as d,
              to_char('2024-03-01 12:00:00+00'::timestamptz at time zone 'Etc/UTC', 'HH24') as u from t where id = 1`,
    );
    expect(misc.rows[0]).toMatchObject({ k: 'v', n: 2, u: '12' });
    expect((await db.query<{ TimeZone: string }>('show timezone')).rows[0]?.TimeZone).toBe('UTC');
    await db.exec(`create index on t using hnsw (e vector_cosine_ops)`);
    const enc = await db.query<{ e: string }>(`select convert_to('héllo', 'UTF8')::text as e`);
    expect(enc.rows[0]?.e).toBe('\\x68c3a96c6c6f');
  });

  it('answers PL/pgSQL and the Snowball stemmers (not shipped) with a clean error and keeps serving', async () => {
    await expect(db.exec(`do $$ begin perform 1; end $$`)).rejects.toThrow();
    await expect(db.query(`select to_tsvector('english', 'running founders') as v`)).rejects.toThrow();
    // The parser and the simple dictionary are built into Postgres.
    const simple = await db.query<{ v: string }>(`select to_tsvector('simple', 'Running founders')::text as v`);
    expect(simple.rows[0]?.v).toBe("'founders':2 'running':1");
    const after = await db.query<{ n: number }>('select count(*)::int as n from t');
    expect(after.rows[0]?.n).toBe(2);
  });

  it('answers a pruned time zone or ICU collation with a clean error and keeps serving', async () => {
    // The zone database (but UTC) and ICU's collation data are not shipped in the plugin: no SQL of ours uses them.
    await expect(db.query(`select now() at time zone 'Europe/Paris'`)).rejects.toThrow(/time zone/i);
    await expect(db.query(`select 'b' < 'a' collate "und-x-icu" as lt`)).rejects.toThrow();
    const after = await db.query<{ n: number }>('select count(*)::int as n from t');
    expect(after.rows[0]?.n).toBe(2);
    expect(PGLITE_DATA_PRUNE.some((re) => re.test('/pglite/share/postgresql/timezone/UTC'))).toBe(false);
    expect(PGLITE_DATA_PRUNE.some((re) => re.test('/pglite/share/postgresql/timezonesets/Default'))).toBe(false);
    expect(PGLITE_DATA_PRUNE.some((re) => re.test('/pglite/share/postgresql/timezone/Europe/Paris'))).toBe(true);
  });
});
