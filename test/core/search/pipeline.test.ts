// The retrieval pipeline's stages end to end on a real PGlite engine: intent (EN/ZH), temporal answers, graph
// augmentation (hop decay, caps, cycles), evidence tags, create-safety, modes and token budgets, and what a
// remote caller may see of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brain } from '../../../src/core/brain';
import type { Embedder } from '../../../src/core/embed/embedder';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { createRegistry } from '../../../src/core/ops';
import { edgeWeight, graphNeighbours, MAX_PER_HOP } from '../../../src/core/search/augment';
import { strongestEvidence } from '../../../src/core/search/evidence';
import { hybridSearch } from '../../../src/core/search/hybrid-search';
import type { SearchOptions, SearchResponse, SearchResult } from '../../../src/core/search/types';
import { loadBuiltinEmbedderFromDisk } from '../../../src/node/embedder-asset';
import { indexedBrain, MemoryVault } from './fixture';
import { PIPELINE_VAULT } from './pipeline-fixture';

let brain: Brain;
let engine: PGliteEngine;
let embedder: Embedder;
/** Wednesday 2024-12-04: "last week" is 2024-11-25..2024-12-01. */
const NOW = new Date(2024, 11, 4, 12);

beforeAll(async () => {
  embedder = await loadBuiltinEmbedderFromDisk();
  ({ brain, engine } = await indexedBrain(PIPELINE_VAULT, embedder));
}, 120_000);

afterAll(async () => {
  await engine.close();
});

function search(q: string, options: SearchOptions = {}): Promise<SearchResponse> {
  return hybridSearch({ engine, embedder }, q, { explain: true, now: NOW, ...options });
}

const paths = (r: SearchResponse): string[] => [...new Set(r.results.map((x) => x.path))];
const find = (r: SearchResponse, path: string): SearchResult | undefined => r.results.find((x) => x.path === path);

describe('intent', () => {
  it.each([
    ['Alice Chen', 'entity'],
    ['who is Alice', 'entity'],
    ['王伟', 'entity'],
    ['介绍一下王伟', 'entity'],
    ['what happened in March 2024', 'temporal'],
    ['2024年3月发生了什么', 'temporal'],
    ['上周的会议', 'temporal'],
    ['when did we meet Northwind', 'event'],
    ['上次开会是什么时候', 'event'],
    ['who works at Acme Robotics', 'relation'],
    ['谁创立了星辰科技', 'relation'],
    ['warehouse robots', 'general'],
    ['仓储机器人', 'general'],
  ])('%s -> %s', async (q, kind) => {
    expect((await search(q)).intent?.kind).toBe(kind);
  });

  it('keeps the relation shape and explains the stages', async () => {
    const r = await search('who works at Acme Robotics');
    expect(r.intent).toMatchObject({ kind: 'relation', relation: 'works_at', entity: { path: 'companies/Acme Robotics.md' } });
    expect(r.pipeline?.stages.intent).toBe('relation');
    const t = await search('what happened in March 2024');
    expect(t.intent).toMatchObject({ kind: 'temporal', window: { since: '2024-03-01', until: '2024-03-31' }, event: true });
  });
});

describe('temporal answers', () => {
  it('notes dated inside the window lead, in date order, before a note that only says the words', async () => {
    const r = await search('what happened in March 2024');
    const got = paths(r);
    const dated = ['meetings/2024-03-05 Acme board meeting.md', 'people/王伟.md', 'daily/2024-03-12.md', 'people/Bob Li.md', 'notes/Offsite recap.md'];
    expect(got.slice(0, dated.length)).toEqual(dated);
    expect(got.indexOf('notes/Planning in March 2024.md')).toBeGreaterThanOrEqual(dated.length);
    expect(got.slice(0, dated.length)).not.toContain('daily/2024-04-02.md');
    // A timeline entry brings the chunk holding its line, and explain says what dated the note.
    const bob = find(r, 'people/Bob Li.md')!;
    expect(bob.text).toContain('2024-03-20');
    expect(bob.explain?.dated).toMatchObject({ date: '2024-03-20', source: 'timeline' });
    expect(find(r, 'notes/Offsite recap.md')?.explain?.dated).toMatchObject({ date: '2024-03-28', source: 'note-date' });
  });

  it('Chinese: 2024年3月', async () => {
    const r = await search('2024年3月发生了什么');
    expect(paths(r)[0]).toBe('meetings/2024-03-05 Acme board meeting.md');
    expect(paths(r).slice(0, 5)).toContain('people/王伟.md');
  });

  it('relative windows follow the injected now', async () => {
    expect(paths(await search('what happened last week'))[0]).toBe('meetings/2024-11-25 Weekly sync.md');
    // The same words a year later name a window with nothing in it: no note leads by date.
    const later = await search('what happened last week', { now: new Date(2025, 11, 3) });
    expect(later.results.every((x) => x.explain?.dated === undefined)).toBe(true);
  });

  it('a hidden note is left out of the dated notes read, not only of the results (nor counted in explain)', async () => {
    const all = await search('what happened in March 2024');
    const hidden = await search('what happened in March 2024', { filters: { hidden: ['^daily/'] } });
    expect(paths(all)).toContain('daily/2024-03-12.md');
    expect(paths(hidden)).not.toContain('daily/2024-03-12.md');
    const count = (r: SearchResponse): number => Number(/^(\d+) notes dated/.exec(r.pipeline?.stages.temporal ?? '')?.[1] ?? -1);
    expect(count(all)).toBeGreaterThan(1);
    expect(count(hidden)).toBe(count(all) - 1);
  });

  it('with other words, only dated notes that match them lead', async () => {
    const r = await search('hiring plan last week');
    expect(paths(r)[0]).toBe('meetings/2024-11-25 Weekly sync.md');
    // The daily note says "hiring plan" too but is outside the window: it does not lead.
    expect(find(r, 'daily/2024-03-12.md')?.explain?.dated).toBeUndefined();
  });
});

describe('graph augmentation', () => {
  it('an entity query brings the notes linked to it, and says which edge brought each', async () => {
    const r = await search('Alice Chen');
    expect(paths(r)[0]).toBe('people/Alice Chen.md');
    const acme = find(r, 'companies/Acme Robotics.md')!;
    const meeting = find(r, 'meetings/2024-03-05 Acme board meeting.md')!;
    expect(acme.explain?.augmented).toMatchObject({ anchor: 'people/Alice Chen.md', hop: 1 });
    expect(acme.explain?.augmented?.edge.type).toBe('works_at');
    expect(meeting.explain?.augmented?.edge.type).toBe('attended');
    expect(acme.why).toContain('linked: works_at');
    expect(acme.evidence).toContain('graph_edge:works_at');
    // One hop in balanced mode: Northwind (Acme's investor) is two hops out.
    expect(find(r, 'companies/Northwind Ventures.md')?.explain?.augmented).toBeUndefined();
    expect(r.pipeline?.stages.augment).toMatch(/from 1 anchors, 1 hop/);
  });

  it('deep mode walks two hops, decayed by 1/(1+hop); cycles end (each note once, the anchor never)', async () => {
    const r = await search('Alice Chen', { mode: 'deep', limit: 20 });
    const alice = r.results.find((x) => x.path === 'people/Alice Chen.md')!;
    const nw = find(r, 'companies/Northwind Ventures.md')!;
    expect(nw.explain?.augmented).toMatchObject({ hop: 2, anchor: 'people/Alice Chen.md' });
    const acme = find(r, 'companies/Acme Robotics.md')!;
    expect(acme.explain?.augmented?.weight).toBeCloseTo((alice.score * edgeWeight({ type: 'works_at', source: 'frontmatter', evidence: 'frontmatter: key_people' })) / 2, 6);
    expect(nw.score).toBeLessThan(acme.score);
    expect(nw.score).toBeLessThanOrEqual(alice.score / 3 + 1e-9);
    const once = r.results.filter((x) => x.chunkId === r.results[0]?.chunkId);
    expect(once).toHaveLength(1);
    expect(r.results.filter((x) => x.path === 'people/Alice Chen.md').every((x) => x.explain?.augmented === undefined)).toBe(true);
  });

  it('caps each hop at 50 neighbours and ranks typed edges above mentions', async () => {
    const hub = await graphNeighbours(engine, [{ path: 'companies/Megacorp.md', score: 1 }], 1);
    expect(hub).toHaveLength(MAX_PER_HOP);
    const fromAcme = await graphNeighbours(engine, [{ path: 'companies/Acme Robotics.md', score: 1 }], 1);
    const score = (p: string): number => fromAcme.find((n) => n.path === p)?.score ?? -1;
    expect(score('notes/Robot glossary.md')).toBeGreaterThan(0);
    expect(score('companies/Northwind Ventures.md')).toBeGreaterThan(score('notes/Robot glossary.md'));
    // A cycle (Acme -> Alice -> Acme) never returns the anchor, and two hops reach each note once.
    const two = await graphNeighbours(engine, [{ path: 'companies/Acme Robotics.md', score: 1 }], 2);
    expect(two.map((n) => n.path)).not.toContain('companies/Acme Robotics.md');
    expect(new Set(two.map((n) => n.path)).size).toBe(two.length);
    expect(two.find((n) => n.path === 'people/Greta Holm.md')?.hop).toBe(2);
    // Open questions walk typed edges only.
    const typed = await graphNeighbours(engine, [{ path: 'companies/Acme Robotics.md', score: 1 }], 1, true);
    expect(typed.map((n) => n.path)).not.toContain('notes/Robot glossary.md');
    expect(typed.map((n) => n.path)).toContain('companies/Northwind Ventures.md');
  });

  it('fast mode runs no vector arm and no augmentation', async () => {
    const r = await search('Alice Chen', { mode: 'fast' });
    expect(r.results.every((x) => !x.why.includes('semantic') && x.explain?.augmented === undefined)).toBe(true);
    expect(r.pipeline?.stages).toMatchObject({ vector: 'skipped: fast mode', augment: 'skipped: fast mode' });
    expect(paths(r)[0]).toBe('people/Alice Chen.md');
  });
});

describe('evidence tags', () => {
  it('exact_title and alias_hit', async () => {
    expect(find(await search('Acme Robotics'), 'companies/Acme Robotics.md')?.evidence).toContain('exact_title');
    const alias = find(await search('Alice'), 'people/Alice Chen.md')!;
    expect(alias.evidence).toContain('alias_hit');
    expect(alias.evidence).not.toContain('exact_title');
  });

  it('keyword_exact: every query word in the chunk', async () => {
    const r = await search('fleet software');
    expect(find(r, 'people/Alice Chen.md')?.evidence).toContain('keyword_exact');
    const partial = await search('fleet zeppelin');
    expect(find(partial, 'people/Alice Chen.md')?.evidence ?? []).not.toContain('keyword_exact');
  });

  it('rare_term: the word few candidates share', async () => {
    const r = await search('engineer zeppelin submarine', { limit: 20 });
    expect(find(r, 'people/Staff 17.md')?.evidence).toContain('rare_term');
    expect(find(r, 'people/Staff 03.md')?.evidence ?? []).not.toContain('rare_term');
  });

  it('high_vector and weak_semantic come from the vector arm', async () => {
    const r = await search('robot warehouse fleet', { limit: 30 });
    const tags = r.results.flatMap((x) => x.evidence);
    expect(tags).toContain('high_vector');
    const weak = r.results.filter((x) => x.evidence.includes('weak_semantic'));
    expect(weak.length).toBeGreaterThan(0);
    // Weak means found by meaning alone: no keyword, title or graph evidence.
    for (const w of weak) expect(w.why.filter((y) => y !== 'semantic')).toEqual([]);
    expect((await hybridSearch({ engine, embedder: null }, 'robot warehouse fleet', { limit: 30 })).results.flatMap((x) => x.evidence)).not.toContain('weak_semantic');
  });

  it('the strongest tag is the badge', () => {
    expect(strongestEvidence(['weak_semantic', 'graph_edge:works_at', 'keyword_exact'])).toBe('keyword_exact');
    expect(strongestEvidence(['graph_edge:attended', 'weak_semantic'])).toBe('graph_edge:attended');
    expect(strongestEvidence([])).toBeUndefined();
  });
});

describe('create_safety', () => {
  it.each([
    ['Alice Chen', 'exists', 'people/Alice Chen.md'],
    ['Alice', 'exists', 'people/Alice Chen.md'],
    ['伟哥', 'exists', 'people/王伟.md'],
    ['Alice Chan', 'probable', 'people/Alice Chen.md'],
    ['Chen Alice', 'probable', 'people/Alice Chen.md'],
    ['Acme', 'probable', 'companies/Acme Robotics.md'],
  ])('%s -> %s', async (q, want, path) => {
    const r = await search(q);
    expect(r.create_safety).toBe(want);
    expect(r.create_safety_matches?.map((m) => m.path)).toContain(path);
  });

  it('unknown for a new name, absent for questions', async () => {
    expect((await search('Zygmunt Brzezinski')).create_safety).toBe('unknown');
    expect((await search('how do the warehouse robots coordinate their fleet?')).create_safety).toBeUndefined();
  });
});

describe('modes and token budgets through the search op', () => {
  const registry = createRegistry();

  it('trims texts, then drops results from the end, and says what was cut', async () => {
    const full = (await registry.call('search', { query: 'engineer platform team', limit: 30 }, { brain, remote: false })) as SearchResponse;
    const cut = (await registry.call('search', { query: 'engineer platform team', limit: 30, tokenBudget: 300 }, { brain, remote: false })) as SearchResponse;
    expect(full.budget?.tokenBudget).toBe(12000);
    expect(full.budget?.resultsDropped).toBe(0);
    expect(cut.budget).toMatchObject({ tokenBudget: 300 });
    expect(cut.budget!.tokens).toBeLessThanOrEqual(300);
    expect(cut.budget!.resultsDropped).toBeGreaterThan(0);
    expect(cut.results.length + cut.budget!.resultsDropped).toBe(full.results.length);
    expect(cut.budget!.dropped[0]?.path).toBe(full.results[cut.results.length]?.path);
    // The kept results are the best ones, in the same order.
    expect(cut.results.map((x) => x.path)).toEqual(full.results.slice(0, cut.results.length).map((x) => x.path));
  });

  it('takes a mode, rejects an unknown one', async () => {
    const r = (await registry.call('search', { query: 'Alice Chen', mode: 'fast', explain: true }, { brain, remote: false })) as SearchResponse;
    expect(r.mode).toBe('fast');
    expect(r.budget?.tokenBudget).toBe(4000);
    await expect(registry.callByName('search', { query: 'x', mode: 'turbo' }, { brain, remote: false })).rejects.toThrow(/mode/);
    await expect(registry.callByName('search', { query: 'x', tokenBudget: 5 }, { brain, remote: false })).rejects.toThrow(/tokenBudget/);
  });

  it('a remote caller gets evidence, and nothing naming an excluded note', async () => {
    const rules = defaultRules('.obsidian');
    const restricted = new Brain({ engine, source: new MemoryVault(PIPELINE_VAULT), filter: new PathFilter({ include: [], exclude: [...rules.exclude, 'people'] }), embedder });
    const compact = (await registry.call('search', { query: 'Acme Robotics' }, { brain: restricted, remote: true })) as { results: { evidence: string[] }[] };
    expect(compact.results[0]?.evidence).toContain('exact_title');
    const r = (await registry.call('search', { query: 'Alice Chen', explain: true, full: true }, { brain: restricted, remote: true })) as SearchResponse;
    const json = JSON.stringify(r);
    expect(json).not.toContain('people/');
    expect(r.intent).toEqual({ kind: 'general' });
    expect(r.create_safety).toBe('unknown');
  });
});
