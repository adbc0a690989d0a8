// Several vaults in one database (issue 18, GBrain's brain ⊥ source): every row carries its source, paths are
// unique within a source, and an engine reads and writes only its own. The server half runs two engines bound to
// two sources on one real PostgreSQL schema (skipped, saying why, without a server); the embedded half checks how
// PGlite picks its source.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import type { PostgresEngine } from '../../../src/core/engine/postgres/postgres-engine';
import { SOURCE_TABLES } from '../../../src/core/engine/sql/schema';
import { createPool, openPostgresEngine } from '../../../src/node/engine-factory';
import { META, note } from './fixtures';
import { postgresTestTarget } from './postgres-target';

const target = await postgresTestTarget('sources');

describe.skipIf(target.url === null)(`two sources in one server database${target.url === null ? ` (skipped: ${target.reason})` : ''}`, () => {
  let work: PostgresEngine;
  let home: PostgresEngine;

  beforeAll(async () => {
    // A name with a space, a quote and a backslash: it travels in the connection's start-up options.
    work = await openPostgresEngine({ kind: 'postgres', url: target.url!, source: "Work notes \\ 'team'" });
    home = await openPostgresEngine({ kind: 'postgres', url: target.url!, source: 'Home' });
  });
  afterAll(async () => {
    await work?.close();
    await home?.close();
    await target.cleanup();
  });

  it('keeps the same path apart in two sources, each engine seeing only its own', async () => {
    expect(work.source).toBe("Work notes \\ 'team'");
    await work.putPages([
      { note: note('Plan.md', { chunks: ['quarterly roadmap for the robotics team'], links: [{ to: 'Acme.md' }], timeline: [{ date: '2025-01-02', summary: 'work plan', line: 1 }] }), meta: META },
      { note: note('Acme.md', { title: 'Acme', aliases: ['Acme Corp'], chunks: ['a robotics customer'] }), meta: META },
    ]);
    await home.putPages([{ note: note('Plan.md', { chunks: ['garden plan with tomatoes'], links: [{ to: null, text: 'Seeds' }] }), meta: META }]);

    expect((await work.getPage('Plan.md'))?.compiledTruth).toContain('roadmap');
    expect((await home.getPage('Plan.md'))?.compiledTruth).toContain('tomatoes');
    expect(await home.getPage('Acme.md')).toBeNull();
    expect((await home.listPages()).map((p) => p.path)).toEqual(['Plan.md']);
    expect((await work.keywordSearch({ tsquery: 'tomatoes', mode: 'or', limit: 5 })).length).toBe(0);
    expect((await home.keywordSearch({ tsquery: 'tomatoes', mode: 'or', limit: 5 })).map((h) => h.path)).toEqual(['Plan.md']);
    expect(await home.titleSearch('Acme', 5)).toEqual([]);
    expect((await work.titleSearch('Acme', 5)).map((h) => h.path)).toEqual(['Acme.md']);
    expect(await home.backlinks('Acme.md')).toEqual([]);
    expect((await work.backlinks('Acme.md')).map((b) => b.from)).toEqual(['Plan.md']);
    expect(await home.timeline({})).toEqual([]);
    expect((await work.stats()).pages).toBe(2);
    expect((await home.stats()).pages).toBe(1);
    expect((await home.stats()).dangling).toBe(1);
    expect(await home.sources()).toEqual([
      { source: 'Home', pages: 1 },
      { source: "Work notes \\ 'team'", pages: 2 },
    ]);
  });

  it('every row of every source table names its source', async () => {
    // Tables made after schema 8 carry the source from their first version: the per-page BM25 totals and the
    // per-source stamps.
    for (const table of [...SOURCE_TABLES, 'page_chunk_stats', 'source_meta']) {
      const r = await work.db.query<{ s: string; n: number }>(`select source_id as s, count(*)::int as n from ${table} group by 1 order by 1`);
      for (const row of r.rows) expect(['Home', "Work notes \\ 'team'"]).toContain(row.s);
    }
    const chunks = await work.db.query<{ s: string; n: number }>('select source_id as s, count(*)::int as n from chunks group by 1 order by 1');
    expect(chunks.rows).toEqual([
      { s: 'Home', n: 1 },
      { s: "Work notes \\ 'team'", n: 2 },
    ]);
  });

  it('renames, deletes, file status, meta, embeddings and clear stay within their source', async () => {
    await home.renamePage('Plan.md', 'Garden.md');
    expect(await work.getPage('Plan.md')).not.toBeNull();
    await work.deletePage('Acme.md');
    expect((await work.outgoingLinks('Plan.md'))[0]?.to).toBeNull();
    expect(await home.getPage('Garden.md')).not.toBeNull();

    await work.recordFileStatus([{ path: 'Plan.md', status: 'indexed' }]);
    await home.recordFileStatus([{ path: 'Plan.md', status: 'failed', reason: 'x' }]);
    expect((await work.fileStatuses()).map((f) => f.status)).toEqual(['indexed']);
    expect((await home.fileStatuses()).map((f) => f.status)).toEqual(['failed']);

    await work.setMeta('parser_version', 'w');
    await home.setMeta('parser_version', 'h');
    expect(await work.getMeta('parser_version')).toBe('w');
    expect(await home.getMeta('parser_version')).toBe('h');
    // The schema's stamps are the database's, the same for both.
    expect(await home.getMeta('schema_version')).toBe(await work.getMeta('schema_version'));

    expect(await work.countPending('m')).toBe(1);
    const [pending] = await home.nextPending('m', 10);
    await home.saveEmbeddings('m', 2, [{ id: pending!.id, vector: Float32Array.from([1, 0]) }]);
    expect(await work.countPending('m')).toBe(1);
    expect(await home.countPending('m')).toBe(0);
    expect((await work.vectorSearch({ vector: Float32Array.from([1, 0]), modelId: 'm', limit: 5 })).length).toBe(0);

    const statsRows = async (): Promise<Record<string, number>> =>
      Object.fromEntries((await work.db.query<{ s: string; n: number }>('select source_id as s, count(*)::int as n from page_chunk_stats group by 1')).rows.map((r) => [r.s, r.n]));
    expect(Object.keys(await statsRows()).sort()).toEqual(['Home', "Work notes \\ 'team'"]);
    await home.clear();
    expect((await home.stats()).pages).toBe(0);
    expect((await work.stats()).pages).toBe(1);
    // The cleared source's per-page totals went with its pages; the other's stayed.
    expect(await statsRows()).toEqual({ "Work notes \\ 'team'": 1 });
    expect(await home.getMeta('parser_version')).toBe('h');
    await home.recordFileStatus([{ path: 'Garden.md', status: 'indexed' }]);
    await home.removeFileStatus(['Garden.md']);
    expect((await work.checkIntegrity('full')).problems).toEqual([]);
  });

  it('two writers of the same path in two sources neither wait for nor overwrite each other', async () => {
    const writes = Array.from({ length: 10 }, (_, i) => [
      work.putPage(note('Same.md', { chunks: [`work version ${i}`] }), META),
      home.putPage(note('Same.md', { chunks: [`home version ${i}`] }), META),
    ]).flat();
    await Promise.all(writes);
    expect((await work.getPage('Same.md'))?.compiledTruth).toMatch(/^work version/);
    expect((await home.getPage('Same.md'))?.compiledTruth).toMatch(/^home version/);
  });

  it('refuses a pool whose connections are not bound to the source it claims', async () => {
    const { PostgresEngine: Engine } = await import('../../../src/core/engine/postgres/postgres-engine');
    const { pool } = createPool(target.url!, { max: 1, source: 'Home' });
    await expect(Engine.open({ pool, source: 'Elsewhere' })).rejects.toThrow(/not bound to the source "Elsewhere"/);
  });
});

describe('the source of an embedded store', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'vb-sources-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is the default it is given when new, is kept when the vault folder was renamed, and yields to a configured one', async () => {
    const dataDir = path.join(dir, 'db');
    const first = await PGliteEngine.open({ dataDir, defaultSource: 'Notes' });
    expect(first.source).toBe('Notes');
    await first.putPage(note('a.md', { chunks: ['alpha'] }), META);
    await first.close();

    // The folder is now called "Notes 2": the store's one source is kept, with its rows.
    const renamed = await PGliteEngine.open({ dataDir, defaultSource: 'Notes 2' });
    expect(renamed.source).toBe('Notes');
    expect(await renamed.getPage('a.md')).not.toBeNull();
    await renamed.close();

    // A configured source is used as given: a new, empty source beside the old one.
    const configured = await PGliteEngine.open({ dataDir, source: 'Team' });
    expect(configured.source).toBe('Team');
    expect(await configured.getPage('a.md')).toBeNull();
    expect((await configured.sources()).map((s) => s.source)).toEqual(['Notes', 'Team']);
    await configured.close();
  });

  it('refuses a source name that is empty or holds control characters', async () => {
    await expect(PGliteEngine.open({ source: ' ' })).rejects.toThrow(/invalid source name/);
    await expect(PGliteEngine.open({ source: 'a\nb' })).rejects.toThrow(/invalid source name/);
  });
});
