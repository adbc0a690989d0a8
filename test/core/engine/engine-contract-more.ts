// The rest of the BrainEngine contract (engine-contract.ts runs these too): link typing, relations, dated
// notes, page chunks, the visibility filters of reads, integrity checks, embedding runs and migrations.
import { beforeEach, describe, expect, it } from 'vitest';
import type { EdgeCandidate } from '../../../src/core/types';
import { missingKey } from '../../../src/core/links/infer-kind';
import { SCHEMA_VERSION } from '../../../src/core/engine/sql/schema';
import type { ContractEngine, ContractHarness } from './engine-contract';
import { META, note } from './fixtures';

export function extraContract(get: () => ContractEngine, h: ContractHarness, replace: (e: ContractEngine) => void): void {
  const candidates: EdgeCandidate[] = [{ type: 'works_at', direction: 'out', past: false, evidence: 'verb: works at' }, { type: 'mentions', direction: 'out', strict: true }];

  describe('link typing and relations', () => {
    beforeEach(async () => {
      const e = get();
      const alice = note('people/alice.md', { type: 'person', links: [{ to: 'orgs/acme.md', type: 'works_at' }, { to: null, text: 'Globex' }] });
      alice.links[0]!.candidates = candidates;
      alice.links[0]!.evidence = 'verb: works at';
      alice.links[1]!.candidates = candidates;
      await e.putPages([
        { note: alice, meta: META },
        { note: note('orgs/acme.md', { type: 'company', links: [{ to: 'people/alice.md', type: 'mentions' }] }), meta: META },
      ]);
    });

    it('lists typing rows with both ends, re-types them, and gathers kind evidence', async () => {
      const e = get();
      const rows = await e.linkTypingRows(['orgs/acme.md']);
      expect(rows).toMatchObject([
        { fromPath: 'people/alice.md', toPath: 'orgs/acme.md', targetText: 'orgs/acme', fromType: 'person', toType: 'company', type: 'works_at', direction: 'out', evidence: 'verb: works at', past: false },
      ]);
      expect(rows[0]!.candidates).toEqual(candidates);
      expect((await e.linkTypingRows(null)).map((r) => r.targetText)).toEqual(['orgs/acme', 'Globex']);
      expect(await e.linkTypingRows([])).toEqual([]);

      await e.setLinkTypes([{ id: rows[0]!.id, type: 'worked_at', direction: 'in', evidence: null, past: true }]);
      expect((await e.linkTypingRows(['people/alice.md']))[0]).toMatchObject({ type: 'worked_at', direction: 'in', evidence: null, past: true });

      const evidence = await e.kindEvidence(['orgs/acme.md'], ['GLOBEX']);
      expect(evidence.map((x) => [x.end, x.fromType, x.type]).sort()).toEqual([
        [missingKey('Globex'), 'person', 'mentions'],
        ['orgs/acme.md', 'person', 'worked_at'],
      ].sort());
      expect(await e.kindEvidence([], [])).toEqual([]);
    });

    it('returns relation edges by side and type', async () => {
      const e = get();
      const subject = await e.relationEdges({ paths: ['people/alice.md'], side: 'subject' });
      expect(subject.map((r) => [r.subject, r.type, r.object])).toEqual([['people/alice.md', 'works_at', 'orgs/acme.md']]);
      const either = await e.relationEdges({ paths: ['people/alice.md'], side: 'either' });
      expect(either.map((r) => r.note).sort()).toEqual(['orgs/acme.md', 'people/alice.md']);
      expect(await e.relationEdges({ paths: ['people/alice.md'], side: 'object', types: ['works_at'] })).toEqual([]);
      expect(await e.relationEdges({ paths: [], side: 'either' })).toEqual([]);
    });
  });

  describe('reads with filters', () => {
    beforeEach(async () => {
      await get().putPages([
        { note: note('daily/2024-03-01.md', { chunks: ['first', 'second', 'third'], timeline: [{ date: '2024-03-01', summary: 'Kickoff', line: 2 }] }), meta: { mtime: 10, size: 1 } },
        { note: note('meetings/review.md', { frontmatter: { date: '2024-03-05T10:00:00.000Z' }, timeline: [{ date: '2024-03-05', summary: 'Review', line: 4 }] }), meta: { mtime: 30, size: 1 } },
        { note: note('private/secret.md', { timeline: [{ date: '2024-03-03', summary: 'Secret', line: 1 }], links: [{ to: 'daily/2024-03-01.md' }] }), meta: { mtime: 20, size: 1 } },
        { note: note('notes/link.md', { links: [{ to: 'private/secret.md' }] }), meta: { mtime: 5, size: 1 } },
      ]);
    });

    it('dated pages come from frontmatter dates and dated titles', async () => {
      expect(await get().datedPages({ since: '2024-03-01', until: '2024-03-31' })).toEqual([
        { path: 'daily/2024-03-01.md', title: '2024-03-01', date: '2024-03-01' },
        { path: 'meetings/review.md', title: 'review', date: '2024-03-05' },
      ]);
      expect(await get().datedPages({ since: '2024-03-02', until: '2024-03-04' })).toEqual([]);
    });

    it('timeline windows and hides', async () => {
      const e = get();
      expect((await e.timeline()).map((t) => t.summary)).toEqual(['Review', 'Secret', 'Kickoff']);
      expect((await e.timeline({ since: '2024-03-02', until: '2024-03-04' })).map((t) => t.summary)).toEqual(['Secret']);
      expect((await e.timeline({ hidden: ['^private/'] })).map((t) => t.summary)).toEqual(['Review', 'Kickoff']);
      expect((await e.timeline({ limit: 1 })).map((t) => t.summary)).toEqual(['Review']);
    });

    it('lists recent, modified-since, named and visible pages', async () => {
      const e = get();
      expect((await e.listPages({ orderBy: 'recent' })).map((p) => p.mtime)).toEqual([30, 20, 10, 5]);
      expect((await e.listPages({ modifiedSince: 20 })).map((p) => p.path)).toEqual(['meetings/review.md', 'private/secret.md']);
      expect((await e.listPages({ paths: ['notes/link.md', 'nope.md'] })).map((p) => p.path)).toEqual(['notes/link.md']);
      expect((await e.listPages({ hidden: ['^private/', 'REVIEW'] })).map((p) => p.path)).toEqual(['daily/2024-03-01.md', 'notes/link.md']);
      expect(await e.getPageStates(['notes/link.md'])).toMatchObject([{ path: 'notes/link.md', mtime: 5 }]);
    });

    it('counts as if hidden notes were not stored', async () => {
      const all = await get().stats();
      expect(all).toMatchObject({ pages: 4, chunks: 6, links: 2, dangling: 0, timelineEntries: 3 });
      const visible = await get().stats({ hidden: ['^private/'] });
      expect(visible).toMatchObject({ pages: 3, chunks: 5, links: 0, dangling: 0, timelineEntries: 2 });
    });

    it('pages backlinks and outgoing links over visible notes only, keeping dangling links', async () => {
      const e = get();
      await e.putPages([
        { note: note('hub.md', { links: [{ to: 'daily/2024-03-01.md' }, { to: 'private/secret.md' }, { to: null, text: 'Nowhere' }, { to: 'daily/2024-03-01.md' }] }), meta: META },
        { note: note('private/other.md', { links: [{ to: 'daily/2024-03-01.md' }] }), meta: META },
      ]);
      const from = async (hidden?: string[], page: { limit?: number; offset?: number } = {}) => (await e.backlinks('daily/2024-03-01.md', { ...page, hidden })).map((r) => r.from);
      expect(await from()).toEqual(['hub.md', 'hub.md', 'private/other.md', 'private/secret.md']);
      expect(await from(['^private/'])).toEqual(['hub.md', 'hub.md']);
      // The offset counts visible rows: the second page of one starts after the first visible link.
      expect(await from(['^hub'], { limit: 1, offset: 1 })).toEqual(['private/secret.md']);
      const to = async (hidden?: string[]) => (await e.outgoingLinks('hub.md', { hidden })).map((r) => r.to);
      expect(await to()).toEqual(['daily/2024-03-01.md', 'private/secret.md', null, 'daily/2024-03-01.md']);
      expect(await to(['^private/', 'DAILY'])).toEqual([null]);
    });

    it('gives the first chunks of each page through the filters', async () => {
      const e = get();
      const hits = await e.pageChunks(['daily/2024-03-01.md', 'notes/link.md'], { perPage: 2 });
      expect(hits.map((x) => [x.path, x.text])).toEqual([
        ['daily/2024-03-01.md', 'first'],
        ['daily/2024-03-01.md', 'second'],
        ['notes/link.md', 'Body of notes/link.md'],
      ]);
      expect((await e.pageChunks(['daily/2024-03-01.md', 'notes/link.md'], { filters: { folder: 'notes' } })).map((x) => x.path)).toEqual(['notes/link.md']);
      expect(await e.pageChunks([])).toEqual([]);
    });
  });

  describe('embedding runs', () => {
    it('pages pending chunks by id, defers the index build to finishEmbedding', async () => {
      const e = get();
      await e.putPages(Array.from({ length: 3 }, (_, i) => ({ note: note(`e/${i}.md`, { chunks: [`c${i}a`, `c${i}b`] }), meta: META })));
      const first = await e.nextPending('m', 4);
      expect(first).toHaveLength(4);
      const rest = await e.nextPending('m', 4, first.at(-1)!.id);
      expect(rest.map((r) => r.text)).toEqual(['c2a', 'c2b']);
      e.exactScanThreshold = 1;
      const vector = (i: number): Float32Array => Float32Array.from([1, i, 0]);
      await e.saveEmbeddings('m', 3, first.map((r, i) => ({ id: r.id, vector: vector(i) })), { morePending: true });
      const indexes = async (): Promise<number> =>
        (await e.db.query(`select 1 from pg_indexes where schemaname = current_schema() and indexname = 'chunks_hnsw_3'`)).rows.length;
      expect(await indexes()).toBe(0);
      await e.saveEmbeddings('m', 3, rest.map((r, i) => ({ id: r.id, vector: vector(i + 4) })), { morePending: true });
      await e.finishEmbedding();
      expect(await indexes()).toBe(1);
      expect(await e.countPending('m')).toBe(0);
      const hits = await e.vectorSearch({ vector: vector(0), modelId: 'm', limit: 2 });
      expect(hits[0]!.text).toBe('c0a');
      await e.flush();
    });
  });

  describe('integrity', () => {
    it('passes a consistent store, reports out-of-step status rows as stale and marks them', async () => {
      const e = get();
      await e.setMeta('parser_version', '1');
      await e.putPages([{ note: note('i/a.md'), meta: META }, { note: note('i/b.md'), meta: META }]);
      await e.recordFileStatus([{ path: 'i/a.md', status: 'indexed' }, { path: 'i/b.md', status: 'indexed' }]);
      const ok = await e.checkIntegrity('full');
      expect(ok.problems).toEqual([]);
      expect(ok.checks.length).toBeGreaterThan(4);
      await e.removeFileStatus(['i/b.md']);
      const stale = await e.checkIntegrity('quick');
      expect(stale.problems).toMatchObject([{ check: 'file status rows', kind: 'stale', paths: ['i/b.md'] }]);
      expect(await e.markForReindex(stale)).toBe(1);
      expect((await e.getPageStates(['i/b.md']))[0]!.mtime).toBe(-1);
    });

    it('sees chunk rows that went missing as damage', async () => {
      const e = get();
      await e.setMeta('parser_version', '1');
      await e.putPage(note('d.md', { chunks: ['one', 'two'] }), META);
      await e.recordFileStatus([{ path: 'd.md', status: 'indexed' }]);
      await e.db.query(`delete from chunks where text = 'two'`);
      const report = await e.checkIntegrity('quick');
      expect(report.problems.some((p) => p.kind === 'damage' && p.check === 'chunk counts')).toBe(true);
    });
  });

  describe('migrations', () => {
    it('opens at the current schema, keeps data across a reopen, and handles a schema from the future', async () => {
      let e = get();
      expect(e.openState).toMatchObject({ toVersion: SCHEMA_VERSION, needsRebuild: false });
      expect(await e.getMeta('schema_version')).toBe(String(SCHEMA_VERSION));
      await e.putPage(note('keep.md', { chunks: ['kept text'] }), META);
      const [chunk] = await e.nextPending('m', 1);
      await e.saveEmbeddings('m', 2, [{ id: chunk!.id, vector: Float32Array.from([0.5, 0.5]) }]);
      e = await h.reopen(e);
      replace(e);
      expect(e.openState).toEqual({ created: false, fromVersion: SCHEMA_VERSION, toVersion: SCHEMA_VERSION, needsRebuild: false });
      expect((await e.getPage('keep.md'))?.compiledTruth).toBe('kept text');
      expect(await e.countPending('m')).toBe(0);

      await e.setMeta('schema_version', String(SCHEMA_VERSION + 1));
      if (h.incompatible === 'refuse') {
        await expect(h.reopen(e)).rejects.toThrow(/newer than this code/);
        // Refused, not dropped: the rows are still there for the newer client.
        expect(await h.raw!(`select path from pages`)).toEqual([{ path: 'keep.md' }]);
        await h.raw!(`update meta set value = $1 where key = 'schema_version'`, [String(SCHEMA_VERSION)]);
        e = await h.reopen(e);
        replace(e);
        expect((await e.getPage('keep.md'))?.path).toBe('keep.md');
      } else {
        e = await h.reopen(e);
        replace(e);
        expect(e.openState).toMatchObject({ needsRebuild: true, fromVersion: SCHEMA_VERSION + 1 });
        expect(await e.getPage('keep.md')).toBeNull();
      }
    });
  });
}
