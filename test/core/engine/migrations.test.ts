// One on-disk data directory, reopened through the lifecycle: fresh, reopen, a store written at schema 1 upgraded
// in place, failing migration, future version. Opening PGlite is slow (initdb), so few opens create a cluster.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/core/engine/sql/migrations';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { ENGINE_VERSION, MIGRATIONS, SCHEMA_VERSION } from '../../../src/core/engine/sql/schema';
import { META, note } from './fixtures';

let dir: string;
let dataDir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vb-engine-'));
  dataDir = path.join(dir, 'db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function tables(engine: PGliteEngine): Promise<string[]> {
  const r = await engine.db.query<{ t: string }>(
    `select tablename as t from pg_tables where schemaname = 'public' order by 1`,
  );
  return r.rows.map((x) => x.t);
}

describe('schema lifecycle on a Node data directory', () => {
  it('creates a fresh schema and keeps data across close/re-open', async () => {
    const e1 = await PGliteEngine.open({ dataDir });
    expect(e1.openState).toEqual({ created: true, fromVersion: null, toVersion: SCHEMA_VERSION, needsRebuild: false });
    expect(await tables(e1)).toEqual(['chunks', 'files', 'links', 'meta', 'page_chunk_stats', 'page_names', 'pages', 'source_meta', 'timeline_entries']);
    await e1.putPage(note('keep.md', { chunks: ['durable text'], aliases: ['Kept'] }), META);
    const ids = (await e1.db.query<{ id: number }>('select id from chunks')).rows.map((r) => r.id);
    await e1.saveEmbeddings('m', 3, ids.map((id) => ({ id, vector: Float32Array.from([1, 2, 3]) })));
    await e1.close();

    const e2 = await PGliteEngine.open({ dataDir });
    expect(e2.openState).toEqual({ created: false, fromVersion: SCHEMA_VERSION, toVersion: SCHEMA_VERSION, needsRebuild: false });
    expect(await e2.getMeta('engine_version')).toBe(ENGINE_VERSION);
    expect((await e2.getPage('keep.md'))?.aliases).toEqual(['Kept']);
    expect((await e2.keywordSearch({ tsquery: 'durable', mode: 'and', limit: 5 })).map((h) => h.path)).toEqual(['keep.md']);
    expect((await e2.vectorSearch({ vector: Float32Array.from([1, 2, 3]), modelId: 'm', limit: 1 }))[0]?.path).toBe('keep.md');

    await e2.close();
  });

  it('upgrades an old schema in place, giving its rows the source it is opened as', async () => {
    // A database written at schema 1 (before names, file status, English full text, typed edges, stamps and
    // sources): its tables and a note as that version stored them.
    const { PGlite } = await import('@electric-sql/pglite');
    const { vector } = await import('@electric-sql/pglite-pgvector');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    rmSync(dataDir, { recursive: true, force: true });
    const old = await PGlite.create({ dataDir, extensions: { vector, pg_trgm } });
    await migrate(old, MIGRATIONS.filter((m) => m.version === 1));
    await old.query(`insert into pages (path, title, title_key, type, content_hash, mtime, size, indexed_at) values ('keep.md', 'keep', 'keep', 'note', 'h', 1, 1, 1)`);
    await old.query(`insert into chunks (page, ord, text, char_start, char_end, start_line, end_line, kind, hash, tsv) values ('keep.md', 0, 'durable text', 0, 12, 1, 1, 'prose', 'c', to_tsvector('simple', 'durable text'))`);
    await old.query(`insert into meta (key, value) values ('parser_version', 'old')`);
    await old.close();

    const e = await PGliteEngine.open({ dataDir, defaultSource: 'Old Notes' });
    expect(e.openState).toEqual({ created: false, fromVersion: 1, toVersion: SCHEMA_VERSION, needsRebuild: false });
    expect(await tables(e)).toContain('page_names');
    expect(e.source).toBe('Old Notes');
    expect(await e.getPage('keep.md')).not.toBeNull();
    expect((await e.db.query<{ s: string }>('select distinct source_id as s from chunks')).rows).toEqual([{ s: 'Old Notes' }]);
    // The brain's meta moved to the source, the store's stamps stayed the store's.
    expect(await e.getMeta('parser_version')).toBe('old');
    expect(await e.getMeta('schema_version')).toBe(String(SCHEMA_VERSION));
    // v2 tables work (page_names is repopulated by the next put of each page).
    await e.recordFileStatus([{ path: 'x.pdf', status: 'skipped', reason: 'binary' }]);
    await e.putPage(note('keep.md', { chunks: ['durable text'], aliases: ['Kept'] }), META);
    expect(await e.findEntities('is Kept here', 5)).toEqual([{ path: 'keep.md', title: 'keep', name: 'Kept' }]);

    // A migration that fails on existing data: the store is wiped and flagged for rebuild.
    const failing = [
      ...MIGRATIONS,
      { version: SCHEMA_VERSION + 1, up: ['alter table pages add constraint short_title check (char_length(title) < 3)'] },
    ];
    const outcome = await migrate(e.db, failing);
    expect(outcome).toMatchObject({ fromVersion: SCHEMA_VERSION, toVersion: SCHEMA_VERSION + 1, needsRebuild: true });
    expect(outcome.reason).toMatch(/short_title/);
    expect((await e.stats()).pages).toBe(0);
    await e.close();
    // Two databases are created in this test (initdb in WebAssembly each): generous on a loaded machine.
  }, 240_000);

  it('rebuilds when the stored schema is from the future or the engine major differs', async () => {
    // The last test left schema version SCHEMA_VERSION + 1, newer than this code.
    const e = await PGliteEngine.open({ dataDir });
    expect(e.openState).toMatchObject({ fromVersion: SCHEMA_VERSION + 1, toVersion: SCHEMA_VERSION, needsRebuild: true });
    expect(e.needsRebuild).toBe(true);
    expect(await e.getMeta('schema_version')).toBe(String(SCHEMA_VERSION));
    await e.putPage(note('after.md'), META);

    const major = Number(ENGINE_VERSION.split('.')[0]);
    const outcome = await migrate(e.db, MIGRATIONS, `${major + 1}.0.0`);
    expect(outcome).toMatchObject({ needsRebuild: true });
    expect(outcome.reason).toMatch(/engine version/);
    expect(await e.getPage('after.md')).toBeNull();

    // Unreadable version stamp.
    await e.setMeta('schema_version', "'; drop table pages; --");
    expect(await migrate(e.db)).toMatchObject({ needsRebuild: true, toVersion: SCHEMA_VERSION });
    // Same version: nothing to do, nothing lost.
    await e.putPage(note('stay.md'), META);
    expect(await migrate(e.db)).toMatchObject({ needsRebuild: false, fromVersion: SCHEMA_VERSION });
    expect(await e.getPage('stay.md')).not.toBeNull();
    await e.close();
  });

  it('accepts a factory and relaxed durability with flush', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    let created = 0;
    const e = await PGliteEngine.open({
      dataDir,
      relaxedDurability: true,
      create: (o) => {
        created++;
        expect(o.relaxedDurability).toBe(true);
        expect(Object.keys(o.extensions ?? {})).toEqual(expect.arrayContaining(['vector', 'pg_trgm']));
        return PGlite.create(o);
      },
    });
    expect(created).toBe(1);
    await e.putPage(note('relaxed.md'), META);
    await e.flush();
    await e.close();
    const again = await PGliteEngine.open({ dataDir });
    expect(await again.getPage('relaxed.md')).not.toBeNull();
    await again.close();
  });
});
