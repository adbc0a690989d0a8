// Hybrid search end to end on a real PGlite engine with the built-in embedder: each arm, fusion, dedup, boosts,
// CJK, filters, paging, explain records, the no-embedder path, the remote trust boundary and hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brain } from '../../../src/core/brain';
import type { Embedder } from '../../../src/core/embed/embedder';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { createRegistry } from '../../../src/core/ops';
import { appendNew, hybridSearch, MAX_CHUNKS_PER_NOTE, noteRanking } from '../../../src/core/search/hybrid-search';
import { RRF_K } from '../../../src/core/search/rrf';
import type { SearchOptions, SearchResponse } from '../../../src/core/search/types';
import { loadBuiltinEmbedderFromDisk } from '../../../src/node/embedder-asset';
import { indexedBrain, MemoryVault } from './fixture';

const zebraSections = Array.from({ length: 6 }, (_, i) => `## Part ${i + 1}\n\nThe zebra stripes pattern number ${i + 1} is described here in some detail.\n`).join('\n');

const VAULT: Record<string, string> = {
  'plugins/Canvas.md': '---\ntags: [plugin]\n---\n# Canvas\n\nAn infinite whiteboard where you lay out cards and draw arrows between them.\n',
  'plugins/Graph view.md': '---\ntags: [plugin]\n---\n# Graph view\n\nA visual map of how your notes link to each other, drawn as dots and lines.\n',
  'plugins/Page preview.md': '---\ntags: [plugin, core]\n---\n# Page preview\n\nHold Ctrl and hover over an internal link to see a popover with the linked note.\n',
  'guides/Hovering tips.md': '# Hovering tips\n\nWhen hovering, the popover waits half a second.\n',
  'guides/Long zebra note.md': `# Long zebra note\n\n${zebraSections}`,
  'guides/Zebra.md': '# Zebra\n\nA short note titled like the animal.\n',
  '技术/后台任务的工作进程.md': '---\ntags: [技术]\n---\n# 后台任务的工作进程\n\n工作进程从队列里取出后台任务并执行，失败后按指数退避重试，一直失败的任务进入死信队列。\n',
  '工具/回收站.md': '# 回收站\n\n删除的文件会先放进回收站，三十天内可以还原。\n',
  '技术/缓存.md': '---\ntags: [技术]\n---\n# 缓存\n\n缓存失效时要防止缓存击穿，可以用互斥锁。\n',
  'people/Ada.md': '---\ntype: person\n---\n# Ada\n\nAda wrote about the popover and [[Page preview]].\n\n## Timeline\n\n- **2024-01-02** | Met the walrus keeper at the zoo\n',
  'people/Ben.md': '---\ntype: person\n---\n# Ben\n\nBen keeps a walrus diary. See [[Page preview]] and [[Canvas]].\n',
  'team/Noah.md': '---\nrole: Developer Advocate\nlocation: Melbourne\n---\n# Noah\n\nNoah grew up in Atlanta.\n',
  'team/Mia.md': '# Mia\n\nMia once met a developer advocate at a conference, and talked about Melbourne coffee, trains, weather and many other things at length.\n',
  'guides/Rota.md': '# Rota\n\nThe walrus keeper opens the gate at eight.\n',
  'private/secret.md': '# Secret plan\n\nThe walrus plan is confidential.\n',
};

let embedder: Embedder;
let engine: PGliteEngine;
let brain: Brain;

beforeAll(async () => {
  embedder = await loadBuiltinEmbedderFromDisk();
  ({ brain, engine } = await indexedBrain(VAULT, embedder));
}, 120_000);

afterAll(async () => {
  await engine.close();
});

function search(q: string, options: SearchOptions = {}, withEmbedder = true): Promise<SearchResponse> {
  return hybridSearch({ engine, embedder: withEmbedder ? embedder : null }, q, { explain: true, ...options });
}

const paths = (r: SearchResponse): string[] => r.results.map((x) => x.path);

describe('keyword arm', () => {
  it('finds a natural question through stemming and stopword removal', async () => {
    const r = await search('how do I make a note show up when I hover over a link?');
    expect(paths(r)[0]).toBe('plugins/Page preview.md');
    const top = r.results[0]!;
    expect(top.why).toContain('keyword');
    // "hover" matched "hover" and the stemmer folds "hovering" too.
    expect(paths(r)).toContain('guides/Hovering tips.md');
    expect(top.explain?.keywordQuery).toMatch(/^make note show hover link \((and|or)\)$/);
  });

  it('falls back from AND to OR when all the words together find nothing', async () => {
    const r = await search('whiteboard unicorn');
    expect(paths(r)[0]).toBe('plugins/Canvas.md');
    expect(r.results[0]?.explain?.keywordQuery).toBe('whiteboard unicorn (or)');
    const and = await search('whiteboard arrows');
    expect(and.results[0]?.explain?.keywordQuery).toBe('whiteboard arrows (and)');
  });

  it('finds a Chinese note that shares only characters with the question (删掉 vs 删除)', async () => {
    // No word or bigram of the question is in the note; the character 删 is, and it is rare in this vault.
    const r = await search('不小心删掉的笔记', {}, false);
    expect(paths(r)[0]).toBe('工具/回收站.md');
  });

  it('segments Chinese before indexing and querying: 后台任务 finds 后台任务的工作进程', async () => {
    const r = await search('后台任务', {}, false);
    expect(paths(r)[0]).toBe('技术/后台任务的工作进程.md');
    const q = await search('后台任务一直失败怎么办', {}, false);
    expect(paths(q)[0]).toBe('技术/后台任务的工作进程.md');
    expect(paths(await search('缓存击穿', {}, false))[0]).toBe('技术/缓存.md');
    // A substring of a word is found too (bigram phrases), and the order of characters matters.
    expect(paths(await search('死信', {}, false))).toContain('技术/后台任务的工作进程.md');
    // The order of characters matters to the phrase: reversed, all the terms together (AND) find nothing, and
    // only the characters, one by one (OR), find the note.
    expect((await search('后台任务', {}, false)).results[0]?.explain?.keywordQuery).toMatch(/\(and\)$/);
    const reversed = await search('务任台后', {}, false);
    expect(reversed.results.find((x) => x.path === '技术/后台任务的工作进程.md')?.explain?.keywordQuery).toMatch(/\(or\)$/);
  });
});

describe('field weights', () => {
  it('finds a note by its frontmatter properties, above a note that only mentions the words in passing', async () => {
    const r = await search('the developer advocate based in Melbourne', {}, false);
    expect(paths(r).slice(0, 2)).toEqual(['team/Noah.md', 'team/Mia.md']);
  });
});

describe('vector arm', () => {
  it('finds a paraphrase that shares no word with the note', async () => {
    const r = await search('diagram showing connections among documents');
    const graph = r.results.find((x) => x.path === 'plugins/Graph view.md');
    expect(graph).toBeDefined();
    expect(graph!.why).toContain('semantic');
    expect(graph!.why).not.toContain('keyword');
    expect(graph!.explain?.arms.find((a) => a.arm === 'vector')?.score).toBeGreaterThan(0.3);
  });

  it('is skipped without an embedder: keyword still works, nothing is semantic', async () => {
    const r = await search('whiteboard arrows', {}, false);
    expect(paths(r)[0]).toBe('plugins/Canvas.md');
    for (const x of r.results) {
      expect(x.why).not.toContain('semantic');
      expect(x.explain?.arms.some((a) => a.arm === 'vector')).toBe(false);
    }
    expect((await search('diagram showing connections among documents', {}, false)).results.some((x) => x.why.includes('semantic'))).toBe(false);
  });

  it('survives an embedder that fails', async () => {
    const broken: Embedder = { id: embedder.id, dims: embedder.dims, maxBatch: 1, embed: () => Promise.reject(new Error('offline')) };
    const r = await hybridSearch({ engine, embedder: broken }, 'whiteboard arrows');
    expect(paths(r)[0]).toBe('plugins/Canvas.md');
  });
});

describe('title arm and boosts', () => {
  it('puts the note named exactly first, with the title-exact boost', async () => {
    const r = await search('zebra');
    expect(paths(r)[0]).toBe('guides/Zebra.md');
    const top = r.results[0]!;
    expect(top.why).toContain('title');
    expect(top.explain?.boosts.map((b) => b.name)).toContain('title-exact');
  });

  it('finds a misspelt or truncated title, also when another word of the query matches by keyword', async () => {
    // One slip in a short word leaves few shared trigrams (canvs/canvas 0.44): the edit distance decides.
    expect(paths(await search('canvs'))[0]).toBe('plugins/Canvas.md');
    const r = await search('grpah view');
    expect(paths(r)[0]).toBe('plugins/Graph view.md');
    expect(r.results[0]!.why).toContain('title');
    expect(paths(await search('page previ'))[0]).toBe('plugins/Page preview.md');
    // A word nowhere near any title finds no title.
    expect((await search('qqqxz')).results).toEqual([]);
  });

  it('gives linked notes a (small) backlinks boost and does not demote a timeline that holds the answer', async () => {
    const r = await search('popover');
    const preview = r.results.find((x) => x.path === 'plugins/Page preview.md');
    const bl = preview?.explain?.boosts.find((b) => b.name === 'backlinks');
    expect(bl?.detail).toBe('2 backlinks');
    expect(bl!.factor).toBeGreaterThan(1);
    // Fast mode skips the backlink count (a store query per search for a tie-breaker that moved no dev answer).
    const fast = await search('popover', { mode: 'fast' });
    const fastPreview = fast.results.find((x) => x.path === 'plugins/Page preview.md');
    expect(fastPreview).toBeDefined();
    expect(fastPreview?.explain?.boosts.some((b) => b.name === 'backlinks')).toBe(false);
    // Ada's dated line holds three of the words, the rota's prose two: a ×0.85 on timeline chunks put the rota first.
    const r2 = await search('walrus keeper zoo lunch');
    expect(paths(r2)[0]).toBe('people/Ada.md');
    expect(r2.results[0]?.kind).toBe('timeline');
  });
});

describe('fusion, dedup and explain', () => {
  it('ranks a note by its best chunk: more sections with the words do not outrank a better one', () => {
    // Every chunk carries its note's title and properties, so a second chunk would count the name twice.
    const hit = (path: string, rank: number, chunkId: number) => ({ path, rank, chunkId }) as Parameters<typeof noteRanking>[0][number];
    const ranked = noteRanking([hit('long.md', 10, 1), hit('long.md', 9, 2), hit('short.md', 12, 3), hit('long.md', 8, 4)]);
    expect(ranked).toEqual([{ key: 'short.md', score: 12 }, { key: 'long.md', score: 10 }]);
  });

  it('deep\'s deeper read only adds notes below balanced\'s: the head\'s note order is kept as it was', () => {
    const hit = (path: string, rank: number, chunkId: number) => ({ path, rank, chunkId }) as Parameters<typeof noteRanking>[0][number];
    const head = [hit('a.md', 9, 1), hit('b.md', 7, 2), hit('c.md', 5, 3)];
    // A deeper read scores on its own scale (a bigger candidate pool): it would put d and e above everything and
    // give b a better chunk, and f is a note another arm already found.
    const deeper = [hit('d.md', 20, 4), hit('b.md', 19, 5), hit('e.md', 18, 6), hit('f.md', 17, 7), hit('a.md', 9, 1)];
    const out = appendNew(head, deeper, new Set(['f.md']));
    expect(out.map((h) => h.chunkId)).toEqual([1, 2, 3, 4, 6]);
    expect(noteRanking(out).map((x) => x.key)).toEqual(['a.md', 'b.md', 'c.md', 'd.md', 'e.md']);
    expect(noteRanking(out).slice(0, 3)).toEqual(noteRanking(head));
  });

  it('fuses arms with RRF (k = 60) and records each arm\'s rank and contribution', async () => {
    const r = await search('whiteboard arrows');
    const top = r.results[0]!;
    expect(top.explain).toBeDefined();
    const e = top.explain!;
    let sum = 0;
    for (const a of e.arms) {
      expect(a.contribution).toBeCloseTo(a.weight / (RRF_K + a.rank), 12);
      sum += a.contribution;
    }
    expect(e.rrf).toBeCloseTo(sum, 12);
    expect(e.final).toBeCloseTo(top.score, 12);
    expect(e.arms.map((a) => a.arm)).toEqual(expect.arrayContaining(['keyword', 'vector']));
    expect(top.startLine).toBeGreaterThan(0);
    expect(top.text).toContain('whiteboard');
    expect(top.snippet).toContain('whiteboard');
  });

  it('shows at most two chunks of one note', async () => {
    const r = await search('zebra stripes pattern', { limit: 50 });
    const zebra = r.results.filter((x) => x.path === 'guides/Long zebra note.md');
    expect(zebra.length).toBe(MAX_CHUNKS_PER_NOTE);
    expect(new Set(zebra.map((x) => x.chunkId)).size).toBe(2);
    expect(zebra[1]!.explain?.boosts.map((b) => b.name)).toContain('second-chunk');
    expect(zebra[0]!.score).toBeGreaterThan(zebra[1]!.score);
  });

  it('omits explain unless asked', async () => {
    const r = await hybridSearch({ engine, embedder }, 'whiteboard');
    expect(r.results[0]).toBeDefined();
    expect(r.results[0]!.explain).toBeUndefined();
  });
});

describe('filters and paging', () => {
  it('filters by folder, tag and type', async () => {
    expect(paths(await search('walrus', { filters: { folder: 'people' } })).every((p) => p.startsWith('people/'))).toBe(true);
    expect(paths(await search('walrus', { filters: { folder: 'private' } }))).toEqual(['private/secret.md']);
    const tagged = await search('popover link', { filters: { tag: 'plugin' } });
    expect(paths(tagged).length).toBeGreaterThan(0);
    expect(paths(tagged).every((p) => p.startsWith('plugins/'))).toBe(true);
    expect(paths(await search('walrus', { filters: { type: 'person' } })).sort()).toEqual(['people/Ada.md', 'people/Ben.md']);
    // A title-only hit outside the filter is dropped too.
    expect(paths(await search('zebra', { filters: { folder: 'plugins' } }))).not.toContain('guides/Zebra.md');
  });

  it('pages with limit and offset', async () => {
    const all = await search('note', { limit: 6 });
    expect(all.results.length).toBeGreaterThan(3);
    const first = await search('note', { limit: 3 });
    const second = await search('note', { limit: 3, offset: 3 });
    expect([...paths(first), ...paths(second)]).toEqual(paths(all));
    expect((await search('note', { limit: 0 })).results).toEqual([]);
  });
});

describe('the search op', () => {
  it('hides notes a remote caller may not see (excluded after indexing)', async () => {
    const rules = defaultRules('.obsidian');
    const restricted = new Brain({ engine, source: new MemoryVault(VAULT), filter: new PathFilter({ include: [], exclude: [...rules.exclude, 'private'] }), embedder });
    const registry = createRegistry();
    const local = (await registry.call('search', { query: 'walrus plan' }, { brain: restricted, remote: false })) as SearchResponse;
    expect(paths(local)).toContain('private/secret.md');
    const remote = (await registry.call('search', { query: 'walrus plan', explain: true }, { brain: restricted, remote: true })) as SearchResponse;
    expect(paths(remote)).not.toContain('private/secret.md');
    expect(paths(remote).length).toBeGreaterThan(0);
  });

  it('validates parameters', async () => {
    const registry = createRegistry();
    await expect(registry.call('search', { query: '' }, { brain, remote: false })).rejects.toThrow(/query/);
    await expect(registry.call('search', { query: 'x', limit: 0 }, { brain, remote: false })).rejects.toThrow(/limit/);
    await expect(registry.callByName('search', { query: 'x', bogus: 1 }, { brain, remote: false })).rejects.toThrow(/unknown parameter/);
  });
});

describe('hostile and odd input', () => {
  it.each([
    ['empty', ''],
    ['spaces', '   \n\t '],
    ['stopwords only', 'what is the'],
    ['punctuation', '?!*&^%$#@'],
    ['unbalanced quote', '"whiteboard'],
    ['negation only', '-whiteboard'],
    ['sql', "'; drop table chunks; --"],
    ['binary', '\u0000\u0001\u0002\uFFFD\uD800'],
    ['tsquery operators', 'a & | ! <-> :* ()'],
    ['huge', 'whiteboard '.repeat(50_000)],
  ])('%s', async (_name, q) => {
    const r = await search(q);
    expect(Array.isArray(r.results)).toBe(true);
    expect(r.results.length).toBeLessThanOrEqual(10);
  });

  it('clamps bad limits and offsets', async () => {
    expect((await search('whiteboard', { limit: Number.NaN })).results.length).toBeGreaterThan(0);
    expect((await search('whiteboard', { limit: -5 })).results).toEqual([]);
    expect((await search('whiteboard', { limit: 10_000 })).results.length).toBeLessThanOrEqual(200);
    expect((await search('whiteboard', { offset: -3 })).results.length).toBeGreaterThan(0);
  });

  it('still finds the notes after SQL-looking input', async () => {
    await search("'; drop table chunks; --");
    expect(paths(await search('whiteboard'))[0]).toBe('plugins/Canvas.md');
  });
});
