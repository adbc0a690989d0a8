// The BrainEngine contract, run against every engine (pglite-contract.test.ts, postgres-contract.test.ts): the
// same calls must store, find and rank the same things, so the embedded and the server engine cannot drift.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrainEngine } from '../../../src/core/engine/brain-engine';
import { segmentForIndex, segmentQuery } from '../../../src/core/text/segment';
import { extraContract } from './engine-contract-more';
import { META, note } from './fixtures';

/** An engine plus raw SQL on its store (both engines expose `db.query`). */
export type ContractEngine = BrainEngine & {
  exactScanThreshold: number;
  readonly db: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
};

export interface ContractHarness {
  kind: BrainEngine['kind'];
  /** An engine on a store of its own (emptied by the suite before each test). */
  open(): Promise<ContractEngine>;
  /** Closes `engine` and opens its store again. */
  reopen(engine: ContractEngine): Promise<ContractEngine>;
  /**
   * Opens the store after its schema version was set to one newer than the code's: PGlite drops and rebuilds its
   * cache, a shared server store refuses with an error.
   */
  incompatible: 'rebuild' | 'refuse';
  /** SQL on the store without an engine (needed when `incompatible` is 'refuse'). */
  raw?: (text: string, params?: unknown[]) => Promise<unknown[]>;
}

export function engineContract(h: ContractHarness): void {
  let engine: ContractEngine;

  beforeAll(async () => {
    engine = await h.open();
  });
  afterAll(async () => {
    await engine.close();
  });
  beforeEach(async () => {
    await engine.clear();
    engine.exactScanThreshold = 5000;
  });

  it('names its kind, and a location that never holds a password', () => {
    expect(engine.kind).toBe(h.kind);
    expect(engine.location.length).toBeGreaterThan(0);
    if (h.kind === 'postgres') expect(engine.location).toMatch(/^postgres(ql)?:\/\/([^:@/]*(:\*\*\*)?@)?[^@]*$/);
  });

  const vec = (...xs: number[]): Float32Array => Float32Array.from(xs);

  async function chunkRows(path: string): Promise<{ id: number; hash: string; ord: number; embedding_model: string | null; embedding: string | null }[]> {
    const r = await engine.db.query<{ id: number; hash: string; ord: number; embedding_model: string | null; embedding: string | null }>(
      'select id, hash, ord, embedding_model, embedding::text as embedding from chunks where page = $1 order by ord',
      [path],
    );
    return r.rows;
  }

  describe('pages', () => {
    it('puts and gets a page with every field', async () => {
      const n = note('people/Alice Chen.md', {
        type: 'person',
        aliases: ['Alice', 'A. Chen'],
        tags: ['team/eng'],
        frontmatter: { company: '[[Acme]]', n: 3, nested: { ok: true } },
        timeline: [{ date: '2024-01-02', summary: 'Joined Acme', line: 9 }],
      });
      n.warnings = [{ code: 'yaml-invalid', message: 'bad', line: 2 }];
      await engine.putPage(n, { mtime: 1234.5, size: 99 });
      const p = await engine.getPage('people/Alice Chen.md');
      expect(p).toMatchObject({
        path: 'people/Alice Chen.md',
        title: 'Alice Chen',
        type: 'person',
        aliases: ['Alice', 'A. Chen'],
        tags: ['team/eng'],
        frontmatter: { company: '[[Acme]]', n: 3, nested: { ok: true } },
        contentHash: n.contentHash,
        mtime: 1234.5,
        size: 99,
        warnings: [{ code: 'yaml-invalid', message: 'bad', line: 2 }],
      });
      expect(p?.indexedAt).toBeGreaterThan(0);
      expect(await engine.getPage('nope.md')).toBeNull();
      expect(await engine.getPageStates()).toEqual([{ path: 'people/Alice Chen.md', contentHash: n.contentHash, mtime: 1234.5, size: 99 }]);
      expect(await engine.timeline({ path: 'people/Alice Chen.md', limit: 10 })).toEqual([
        { path: 'people/Alice Chen.md', title: 'Alice Chen', date: '2024-01-02', summary: 'Joined Acme', line: 9 },
      ]);
    });

    it('keeps chunk identity and embeddings for unchanged text', async () => {
      await engine.putPage(note('a.md', { chunks: ['one', 'two', 'three'] }), META);
      const before = await chunkRows('a.md');
      await engine.saveEmbeddings('m', 4, before.map((c, i) => ({ id: c.id, vector: vec(i + 1, 0, 0, 1) })));
      // Edit: drop 'one', change 'three', insert 'zero' in front, keep 'two'.
      await engine.putPage(note('a.md', { chunks: ['zero', 'two', 'three!'] }), META);
      const after = await chunkRows('a.md');
      expect(after.map((c) => c.ord)).toEqual([0, 1, 2]);
      const two = after[1]!;
      expect(two.id).toBe(before[1]!.id);
      expect(two.embedding_model).toBe('m');
      expect(two.embedding).toBe('[2,0,0,1]');
      expect(after[0]!.embedding).toBeNull();
      expect(after[2]!.embedding_model).toBeNull();
      expect(after.map((c) => c.id)).not.toContain(before[0]!.id);
      expect(after.map((c) => c.id)).not.toContain(before[2]!.id);
      expect(await engine.countPending('m')).toBe(2);
      // Duplicated text: first-come keeps the id, the second copy is new.
      await engine.putPage(note('a.md', { chunks: ['two', 'two'] }), META);
      const dup = await chunkRows('a.md');
      expect(dup[0]!.id).toBe(two.id);
      expect(dup[1]!.id).not.toBe(two.id);
    });

    it('puts a batch in one transaction and rolls it all back on failure', async () => {
      const batch = Array.from({ length: 30 }, (_, i) => ({ note: note(`b/${i}.md`, { links: [{ to: `b/${(i + 1) % 30}.md` }] }), meta: META }));
      await engine.putPages(batch);
      expect((await engine.stats()).pages).toBe(30);
      expect((await engine.backlinks('b/0.md')).map((b) => b.from)).toEqual(['b/29.md']);
      const bad = [{ note: note('c/ok.md'), meta: META }, { note: note('c/\u0000bad.md'), meta: META }];
      await expect(engine.putPages(bad)).rejects.toThrow();
      expect(await engine.getPage('c/ok.md')).toBeNull();
    });

    it('delete makes backlinks dangling, rename keeps chunks and retargets backlinks', async () => {
      await engine.putPages([
        { note: note('x.md', { chunks: ['x text'] }), meta: META },
        { note: note('y.md', { links: [{ to: 'x.md', text: 'x' }] }), meta: META },
        { note: note('z.md', { links: [{ to: 'x.md', text: 'X' }] }), meta: META },
      ]);
      const ids = (await chunkRows('x.md')).map((c) => c.id);
      await engine.saveEmbeddings('m', 4, [{ id: ids[0]!, vector: vec(1, 2, 3, 4) }]);
      await engine.renamePage('x.md', 'folder/x2.md');
      expect(await engine.getPage('x.md')).toBeNull();
      expect((await chunkRows('folder/x2.md')).map((c) => [c.id, c.embedding])).toEqual([[ids[0], '[1,2,3,4]']]);
      expect((await engine.backlinks('folder/x2.md')).map((b) => b.from)).toEqual(['y.md', 'z.md']);

      await engine.deletePage('folder/x2.md');
      expect(await chunkRows('folder/x2.md')).toEqual([]);
      const out = await engine.outgoingLinks('y.md');
      expect(out).toMatchObject([{ to: null, targetText: 'x' }]);
      expect(await engine.danglingLinks({ limit: 10 })).toEqual([{ targetText: 'X', count: 2, from: ['y.md', 'z.md'] }]);
      expect((await engine.danglingLinksTo(['x'])).map((d) => d.fromPath)).toEqual(['y.md', 'z.md']);
      // The indexer re-resolves once x.md is back.
      await engine.putPage(note('x.md'), META);
      const dangling = await engine.listDanglingLinks();
      await engine.setLinkTargets(dangling.map((d) => ({ id: d.id, toPath: 'x.md' })));
      expect((await engine.backlinks('x.md')).length).toBe(2);
      expect((await engine.stats()).dangling).toBe(0);
      expect(await engine.backlinkCounts(['x.md', 'y.md'])).toEqual(new Map([['x.md', 2], ['y.md', 0]]));
    });

    it('lists pages with folder, tag and type filters', async () => {
      await engine.putPages([
        { note: note('people/a.md', { type: 'person', tags: ['Team/Eng'] }), meta: META },
        { note: note('people/b.md', { type: 'person', tags: ['team'] }), meta: META },
        { note: note('peoplex/c.md', { type: 'note', tags: ['other'] }), meta: META },
      ]);
      expect((await engine.listPages({ folder: 'people' })).map((p) => p.path)).toEqual(['people/a.md', 'people/b.md']);
      expect((await engine.listPages({ tag: 'team' })).map((p) => p.path)).toEqual(['people/a.md', 'people/b.md']);
      expect((await engine.listPages({ tag: 'team/eng' })).map((p) => p.path)).toEqual(['people/a.md']);
      expect((await engine.listPages({ type: 'note' })).map((p) => p.path)).toEqual(['peoplex/c.md']);
      expect((await engine.listPages({ limit: 1, offset: 1 })).map((p) => p.path)).toEqual(['people/b.md']);
    });
  });

  describe('graph', () => {
    beforeEach(async () => {
      await engine.putPages([
        { note: note('A.md', { links: [{ to: 'B.md', type: 'works_at' }] }), meta: META },
        { note: note('B.md', { links: [{ to: 'C.md', type: 'mentions' }] }), meta: META },
        { note: note('C.md', { links: [{ to: 'A.md', type: 'works_at' }, { to: null, text: 'Ghost' }] }), meta: META },
        // Written on D but pointing in: "C invested in D".
        { note: note('D.md', { links: [{ to: 'C.md', type: 'invested_in', direction: 'in' }] }), meta: META },
      ]);
    });

    it('walks a cycle without looping, shortest depth first', async () => {
      const nodes = await engine.traverse({ start: ['A.md'], direction: 'out', depth: 5, limit: 50 });
      expect(nodes.map((n) => [n.path, n.depth])).toEqual([
        ['B.md', 1],
        ['C.md', 2],
        ['D.md', 3],
      ]);
      expect(nodes[2]!.via.map((s) => `${s.from}-${s.type}->${s.to}`)).toEqual([
        'A.md-works_at->B.md',
        'B.md-mentions->C.md',
        'C.md-invested_in->D.md',
      ]);
    });

    it('honours types, direction, depth and limit', async () => {
      const typed = await engine.traverse({ start: ['A.md'], types: ['works_at'], direction: 'both', depth: 3 });
      expect(typed.map((n) => n.path)).toEqual(['B.md', 'C.md']);
      const incoming = await engine.traverse({ start: ['C.md'], direction: 'in', depth: 1 });
      expect(incoming.map((n) => n.path)).toEqual(['B.md']);
      const investors = await engine.traverse({ start: ['D.md'], types: ['invested_in'], direction: 'in', depth: 2 });
      expect(investors.map((n) => n.path)).toEqual(['C.md']);
      expect(await engine.traverse({ start: ['A.md'], direction: 'out', depth: 0 })).toEqual([]);
      expect((await engine.traverse({ start: ['A.md'], direction: 'out', depth: 99, limit: 1 })).length).toBe(1);
      expect(await engine.traverse({ start: ["'; drop table links; --"], direction: 'both', depth: 5 })).toEqual([]);
    });

    it('reports edges and stats', async () => {
      const edges = await engine.allEdges();
      expect(edges).toContainEqual({ from: 'D.md', to: 'C.md', type: 'invested_in', source: 'wikilink', direction: 'in', past: false, targetText: 'C' });
      expect(edges).toContainEqual({ from: 'C.md', to: null, type: 'mentions', source: 'wikilink', direction: 'out', past: false, targetText: 'Ghost' });
      const s = await engine.stats();
      expect(s).toMatchObject({ pages: 4, chunks: 4, links: 5, typedLinks: 3, dangling: 1, pagesByType: { note: 4 } });
    });
  });

  describe('keyword and title search', () => {
    beforeEach(async () => {
      await engine.putPages([
        { note: note('zh.md', { title: '后台', chunks: ['后台任务的工作进程负责处理队列', '张伟在阿里巴巴工作'] }), meta: META },
        { note: note('en.md', { title: 'Queue Design', aliases: ['Job Queue'], tags: ['eng'], chunks: ['The worker process drains the job queue.', 'Unrelated gardening notes.'], headings: ['Workers', 'Garden'] }), meta: META },
        { note: note('other/x.md', { title: "O'Brien; drop", chunks: ["It's O'Brien's queue; drop table pages; --"] }), meta: META },
      ]);
    });

    it('finds Chinese text by a substring query (segmented on both sides)', async () => {
      const { rows } = await engine.db.query<{ m: boolean }>(
        `select to_tsvector('simple', $1) @@ websearch_to_tsquery('simple', $2) as m`,
        [segmentForIndex('后台任务的工作进程'), segmentQuery('后台任务')],
      );
      expect(rows[0]!.m).toBe(true);
      for (const q of ['后台任务', '工作进程', '任务', '阿里', '里巴巴工']) {
        const hits = await engine.keywordSearch({ tsquery: segmentQuery(q), mode: 'and', limit: 5 });
        expect(hits.map((h) => h.path), q).toEqual(['zh.md']);
      }
      expect(await engine.keywordSearch({ tsquery: segmentQuery('任务后台'), mode: 'and', limit: 5 })).toEqual([]);
    });

    it('ranks English hits and returns chunk fields', async () => {
      const hits = await engine.keywordSearch({ tsquery: 'worker queue', mode: 'and', limit: 5 });
      expect(hits).toHaveLength(1);
      expect(hits[0]).toMatchObject({ path: 'en.md', title: 'Queue Design', heading: 'Workers', kind: 'prose', startLine: 1 });
      expect(hits[0]!.rank).toBeGreaterThan(0);
      // Headings are searchable.
      expect((await engine.keywordSearch({ tsquery: 'garden', mode: 'and', limit: 5 })).map((h) => h.text)).toEqual(['Unrelated gardening notes.']);
    });

    it('falls back from AND to OR', async () => {
      expect(await engine.keywordSearch({ tsquery: 'worker unicorn', mode: 'and', limit: 5 })).toEqual([]);
      const or = await engine.keywordSearch({ tsquery: 'worker unicorn', mode: 'or', limit: 5 });
      expect(or.map((h) => h.path)).toEqual(['en.md']);
      const mixed = await engine.keywordSearch({ tsquery: segmentQuery('queue 后台任务'), mode: 'or', limit: 5 });
      expect([...new Set(mixed.map((h) => h.path))].sort()).toEqual(['en.md', 'other/x.md', 'zh.md']);
    });

    it('ranks OR hits by how much of the query they hold, rare words counting most', async () => {
      // Without coordination, BM25's OR sum lets a short chunk repeating one word beat the chunk that holds every
      // word; a chunk holding only common words must not beat the one holding the rare word either.
      await engine.putPages([
        { note: note('all.md', { chunks: ['The kestrel survey counted owls near the old mill and the river, with notes on weather.'] }), meta: META },
        { note: note('one.md', { chunks: ['owls owls owls owls owls owls'] }), meta: META },
        ...[1, 2, 3, 4].map((i) => ({ note: note(`c${i}.md`, { chunks: [`The mill by the river, mill number ${i}.`] }), meta: META })),
        { note: note('rare.md', { chunks: ['Filed under kestrel.'] }), meta: META },
      ]);
      const both = await engine.keywordSearch({ tsquery: 'kestrel owls', mode: 'or', limit: 10 });
      expect(both[0]!.path).toBe('all.md');
      const rare = await engine.keywordSearch({ tsquery: 'mill river kestrel', mode: 'or', limit: 10 });
      expect(rare.map((h) => h.path).indexOf('rare.md')).toBeLessThan(rare.map((h) => h.path).indexOf('c1.md'));
      // An expansion scores, but a chunk without it is not held back by it.
      const widened = await engine.keywordSearch({ tsquery: 'kestrel owls weather', mode: 'or', limit: 10, expansions: ['weather'] });
      expect(widened[0]!.path).toBe('all.md');
    });

    it('counts a Han bigram rarer than its characters\' chance meeting as no rarer than that (an accidental pair)', async () => {
      // 都 and 能 are in nearly every chunk, 都能 in one: counted as a word it is as rare as 抵扣, and said twice it
      // would win.
      await engine.putPages([
        { note: note('credit.md', { chunks: ['积分抵扣订阅费。'] }), meta: META },
        { note: note('pair.md', { chunks: ['大家都能看到，都能用。'] }), meta: META },
        ...Array.from({ length: 12 }, (_, i) => ({ note: note(`f${i}.md`, { chunks: [`都是第${i}页，能用。`] }), meta: META })),
      ]);
      const hits = await engine.keywordSearch({ tsquery: '都能 抵扣', mode: 'or', limit: 10 });
      expect(hits.map((h) => h.path).slice(0, 2)).toEqual(['credit.md', 'pair.md']);
    });

    it('searches a word no chunk holds as a prefix, in the OR query only', async () => {
      expect((await engine.keywordSearch({ tsquery: 'drai gardn', mode: 'or', limit: 5 })).map((h) => h.path)).toEqual(['en.md']);
      expect(await engine.keywordSearch({ tsquery: 'drai', mode: 'and', limit: 5 })).toEqual([]);
      // Not for words that exist, and not for two-letter fragments.
      expect(await engine.keywordSearch({ tsquery: 'qu', mode: 'or', limit: 5 })).toEqual([]);
    });

    it('applies filters', async () => {
      const q = { tsquery: 'queue', mode: 'and' as const, limit: 10 };
      // The title (Queue Design) is a field of every chunk of en.md, so its garden chunk matches too.
      const all = await engine.keywordSearch(q);
      expect(all.map((h) => h.path).sort()).toEqual(['en.md', 'en.md', 'other/x.md']);
      expect(all.filter((h) => h.path === 'en.md').map((h) => h.heading).sort()).toEqual(['Garden', 'Workers']);
      expect((await engine.keywordSearch({ ...q, filters: { folder: 'other/' } })).map((h) => h.path)).toEqual(['other/x.md']);
      expect((await engine.keywordSearch({ ...q, filters: { tag: '#ENG' } })).map((h) => h.path)).toEqual(['en.md', 'en.md']);
      expect((await engine.keywordSearch({ ...q, filters: { excludePaths: ['en.md'] } })).map((h) => h.path)).toEqual(['other/x.md']);
      expect((await engine.keywordSearch({ ...q, filters: { paths: ['en.md'], type: 'note' } })).map((h) => h.path)).toEqual(['en.md', 'en.md']);
      expect(await engine.keywordSearch({ ...q, filters: { paths: [] } })).toEqual([]);
    });

    it('treats hostile strings as data', async () => {
      for (const q of ["'; drop table pages; --", '"unbalanced', '!!! & | <-> :*', "O'Brien's", '\u0000', '', '   ', 'a'.repeat(5000)]) {
        await engine.keywordSearch({ tsquery: q, mode: 'and', limit: 5 });
        await engine.keywordSearch({ tsquery: q, mode: 'or', limit: 5 });
        await engine.titleSearch(q, 5);
        await engine.findEntities(q, 5);
        await engine.keywordSearch({ tsquery: 'queue', mode: 'and', limit: 5, filters: { folder: q, tag: q, type: q, paths: [q], excludePaths: [q] } });
      }
      expect((await engine.keywordSearch({ tsquery: "drop table pages", mode: 'and', limit: 5 })).map((h) => h.path)).toEqual(['other/x.md']);
      expect((await engine.stats()).pages).toBe(3);
    });

    it('matches titles and aliases exactly and fuzzily', async () => {
      const exact = await engine.titleSearch('job queue', 5);
      expect(exact[0]).toMatchObject({ path: 'en.md', name: 'Job Queue', exact: true, score: 1 });
      const fuzzy = await engine.titleSearch('Queue Desing', 5);
      expect(fuzzy[0]).toMatchObject({ path: 'en.md', exact: false });
      expect(fuzzy[0]!.score).toBeGreaterThan(0.3);
      expect((await engine.titleSearch('后台', 5))[0]).toMatchObject({ path: 'zh.md', exact: true });
    });

    it('finds entities named in a question, longest names first', async () => {
      await engine.putPage(note('job.md', { title: 'Job' }), META);
      const found = await engine.findEntities("What did the job queue's owner and 后台 decide?", 10);
      expect(found).toEqual([
        { path: 'en.md', title: 'Queue Design', name: 'Job Queue' },
        { path: 'job.md', title: 'Job', name: 'Job' },
        { path: 'zh.md', title: '后台', name: '后台' },
      ]);
      expect(await engine.findEntities('nothing relevant here', 10)).toEqual([]);
    });
  });

  describe('embeddings and vector search', () => {
    async function seed(): Promise<Map<string, number>> {
      await engine.putPages([
        { note: note('v/a.md', { tags: ['t'], chunks: ['a1', 'a2'] }), meta: META },
        { note: note('v/b.md', { chunks: ['b1'] }), meta: META },
        { note: note('w/c.md', { chunks: ['c1', 'c2'] }), meta: META },
        { note: note('e.md', { chunks: ['e1', 'e2', 'e3'] }), meta: META },
      ]);
      const r = await engine.db.query<{ id: number; text: string }>('select id, text from chunks');
      return new Map(r.rows.map((x) => [x.text, x.id]));
    }

    it('tracks pending chunks per model, saves, skips', async () => {
      const ids = await seed();
      expect(await engine.countPending('m4')).toBe(8);
      const batch = await engine.nextPending('m4', 2);
      expect(batch.map((b) => b.text)).toEqual(['a1', 'a2']);
      await engine.saveEmbeddings('m4', 4, batch.map((b) => ({ id: b.id, vector: vec(1, 0, 0, 0) })));
      await engine.markSkipped('m4', [ids.get('b1')!]);
      expect(await engine.countPending('m4')).toBe(5);
      expect(await engine.countPending('other')).toBe(8);
      expect((await engine.stats()).embeddedByModel).toEqual({ m4: 2 });
      await expect(engine.saveEmbeddings('m4', 4, [{ id: 1, vector: vec(1, 2) }])).rejects.toThrow(/dims/);
      await expect(engine.saveEmbeddings('m4', 4, [{ id: 1, vector: vec(1, NaN, 0, 0) }])).rejects.toThrow(/finite/);
      await expect(engine.saveEmbeddings('m4', 0.5, [])).rejects.toThrow(/dims/);
    });

    it('returns nearest neighbours with dims 4 and 8 side by side, exact and indexed', async () => {
      const ids = await seed();
      const v4: Record<string, number[]> = { a1: [1, 0, 0, 0], a2: [0.9, 0.1, 0, 0], b1: [0, 1, 0, 0], c1: [0, 0, 1, 0], c2: [0.7, 0.7, 0, 0] };
      await engine.saveEmbeddings('m4', 4, Object.entries(v4).map(([t, v]) => ({ id: ids.get(t)!, vector: Float32Array.from(v) })));
      const v8 = (i: number): Float32Array => Float32Array.from({ length: 8 }, (_, j) => (j === i ? 1 : 0));
      // Another model with other dims on other chunks of the same table.
      await engine.saveEmbeddings('m8', 8, ['e1', 'e2', 'e3'].map((t, i) => ({ id: ids.get(t)!, vector: v8(i) })));

      const run = async (): Promise<void> => {
        const hits = await engine.vectorSearch({ vector: vec(1, 0, 0, 0), modelId: 'm4', limit: 3 });
        expect(hits.map((h) => h.text)).toEqual(['a1', 'a2', 'c2']);
        expect(hits[0]!.rank).toBeCloseTo(1, 5);
        const filtered = await engine.vectorSearch({ vector: vec(1, 0, 0, 0), modelId: 'm4', limit: 3, filters: { folder: 'w', excludePaths: [] } });
        expect(filtered.map((h) => h.text)).toEqual(['c2', 'c1']);
        const tagged = await engine.vectorSearch({ vector: vec(0, 1, 0, 0), modelId: 'm4', limit: 5, filters: { tag: 't' } });
        expect(tagged.map((h) => h.text)).toEqual(['a2', 'a1']);
        const eight = await engine.vectorSearch({ vector: v8(2), modelId: 'm8', limit: 1 });
        expect(eight.map((h) => h.text)).toEqual(['e3']);
        expect(eight[0]!.rank).toBeCloseTo(1, 5);
        expect(await engine.vectorSearch({ vector: v8(2), modelId: 'm4', limit: 3 })).toEqual([]);
      };
      await run(); // exact scan, no index yet
      const none = await engine.db.query(`select 1 from pg_indexes where schemaname = current_schema() and indexname like 'chunks_hnsw_%'`);
      expect(none.rows).toHaveLength(0);

      engine.exactScanThreshold = 1;
      await engine.saveEmbeddings('m4', 4, [{ id: ids.get('a1')!, vector: vec(1, 0, 0, 0) }]);
      await engine.saveEmbeddings('m8', 8, [{ id: ids.get('e1')!, vector: v8(0) }]);
      const idx = await engine.db.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname like 'chunks_hnsw_%' order by 1`,
      );
      expect(idx.rows.map((r) => r.indexname)).toEqual(['chunks_hnsw_4', 'chunks_hnsw_8']);
      expect(idx.rows[0]!.indexdef).toMatch(/WHERE \(embed_dims = 4\)/);
      await run(); // through the partial HNSW indexes
      await expect(engine.vectorSearch({ vector: vec(), modelId: 'm4', limit: 3 })).rejects.toThrow(/dims/);
    });
  });

  describe('file status and meta', () => {
    it('records, filters and removes file statuses', async () => {
      await engine.recordFileStatus([
        { path: 'big.pdf', status: 'skipped', reason: 'too large', size: 1e9, mtime: 5 },
        { path: 'bad.md', status: 'failed', reason: "can't decode '; drop table files; --" },
        { path: 'ok.md', status: 'indexed' },
      ]);
      await engine.recordFileStatus([{ path: 'ok.md', status: 'skipped', reason: 'excluded' }]);
      expect((await engine.fileStatuses({ status: 'skipped' })).map((f) => [f.path, f.reason, f.size])).toEqual([
        ['big.pdf', 'too large', 1e9],
        ['ok.md', 'excluded', null],
      ]);
      expect((await engine.fileStatuses()).find((f) => f.path === 'bad.md')?.reason).toBe("can't decode '; drop table files; --");
      await engine.removeFileStatus(['big.pdf', 'ok.md']);
      expect((await engine.fileStatuses()).map((f) => f.path)).toEqual(['bad.md']);
    });

    it('stores meta values and survives clear()', async () => {
      await engine.setMeta('vault_id', "v'1");
      expect(await engine.getMeta('vault_id')).toBe("v'1");
      expect(await engine.getMeta('missing')).toBeNull();
      await engine.clear();
      expect(await engine.getMeta('vault_id')).toBe("v'1");
      expect(await engine.getMeta('schema_version')).not.toBeNull();
    });

    it('stores binary-ish note content without failing', async () => {
      const n = note('bin.md', { title: 'bin\u0000ary', chunks: ['\u0000\u0001\uFFFD\uD800 text'], frontmatter: { k: 'a\u0000b', big: 10n } });
      n.links = [{ raw: '[[x\u0000]]', targetText: 'x\u0000', context: '\u0000', target: null, source: 'wikilink', type: 'mentions', direction: 'out', line: 1, offset: 0 }];
      await engine.putPage(n, META);
      const p = await engine.getPage('bin.md');
      expect(p?.title).toBe('binary');
      expect(p?.frontmatter).toEqual({ k: 'ab', big: '10' });
      expect((await engine.outgoingLinks('bin.md'))[0]?.targetText).toBe('x');
      expect((await engine.keywordSearch({ tsquery: 'text', mode: 'and', limit: 5 })).map((h) => h.path)).toEqual(['bin.md']);
    });
  });

  extraContract(() => engine, h, (e) => (engine = e));
}
