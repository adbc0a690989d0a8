// The optional rerank stage of deep search against a fake OpenAI-compatible `/rerank` server on 127.0.0.1:
// it reorders the top results, runs only in deep mode with a configured model, never sends excluded notes, and
// falls back to the fused order (said in explain) on an error, a timeout or a malformed answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Brain } from '../../../src/core/brain';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { createRegistry } from '../../../src/core/ops';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from '../../../src/core/think/settings';
import type { SearchResponse } from '../../../src/core/search/types';
import { combinedOrder, LEADER_KEPT, RERANK_MODEL_WEIGHT, RERANK_TOP } from '../../../src/core/search/rerank';
import { startFakeServer, type FakeServer } from '../../helpers/fake-openai-server';
import { indexedBrain, MemoryVault } from './fixture';
import { PIPELINE_VAULT } from './pipeline-fixture';

let brain: Brain;
let engine: PGliteEngine;
let server: FakeServer;
let settings: LlmSettings;

/** Scores a document by whether it names the staff number 42 - n, so the order is the reverse of Staff 01.. */
function rerankRoute(): void {
  server.route('POST', '/v1/rerank', ({ req, json }) => {
    const body = req.body as { model: string; query: string; documents: string[]; top_n: number };
    if (!body.model || typeof body.query !== 'string' || !Array.isArray(body.documents)) return json(400, { error: { message: 'bad request' } });
    const results = body.documents.map((d, index) => ({ index, relevance_score: Number(/Staff (\d+)/.exec(d)?.[1] ?? 0) / 100 }));
    json(200, { model: body.model, results: results.sort((a, b) => b.relevance_score - a.relevance_score).slice(0, body.top_n) });
  });
}

beforeAll(async () => {
  ({ brain, engine } = await indexedBrain(PIPELINE_VAULT, null));
  server = await startFakeServer();
}, 120_000);

afterAll(async () => {
  await server.close();
  await engine.close();
});

beforeEach(() => {
  // No chat model: the endpoint alone (the chat model's stages are test/core/search/model-stages.test.ts).
  settings = { ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: server.baseURL, rerankModel: 'bge-reranker', timeoutMs: 2000 };
  server.requests.length = 0;
  server.setDelay(0);
  server.clearFailures();
  // Each case starts with a healthy reranker: failures of the one before must not leave its breaker open.
  brain.health.reset();
  rerankRoute();
});

const registry = (rerankWeight?: number): ReturnType<typeof createRegistry> => createRegistry({ llm: () => settings, fetch: (input, init) => fetch(input, init), rerankWeight });
const query = { query: 'engineer platform team', limit: 8, explain: true };
const staffNumbers = (r: SearchResponse): number[] => r.results.map((x) => Number(/Staff (\d+)/.exec(x.title)?.[1] ?? -1));

describe('deep-mode rerank', () => {
  it('reorders the top results by the endpoint scores combined with the fused order, and says so', async () => {
    const balanced = (await registry().call('search', { ...query, mode: 'balanced' }, { brain, remote: false })) as SearchResponse;
    expect(server.requests).toHaveLength(0);
    // The endpoint's order alone (its weight infinite): exactly its scores' order.
    const alone = (await registry(Infinity).call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    const byScore = staffNumbers(alone);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    // Combined (the default): the fused order (no reranker) and the scores' order, by reciprocal rank.
    settings = { ...settings, rerankModel: undefined };
    const fused = (await registry().call('search', { ...query, mode: 'deep', limit: 40 }, { brain, remote: false })) as SearchResponse;
    settings = { ...settings, rerankModel: 'bge-reranker' };
    server.requests.length = 0;
    const deep = (await registry().call('search', { ...query, mode: 'deep', limit: 30 }, { brain, remote: false })) as SearchResponse;
    const fusedStaff = staffNumbers(fused);
    // Fusion's first result stays first (LEADER_KEPT); the rest are combined with the endpoint's order...
    const rest = fusedStaff.slice(LEADER_KEPT, LEADER_KEPT + RERANK_TOP);
    const expected = [...fusedStaff.slice(0, LEADER_KEPT), ...combinedOrder(rest.map((n) => n / 100), RERANK_MODEL_WEIGHT).map((k) => rest[k])];
    const got = staffNumbers(deep);
    expect(got).toEqual(expected.slice(0, got.length));
    // ...although the endpoint alone ranks another result first (so keeping the leader is what held it there).
    expect(byScore[0]).not.toBe(fusedStaff[0]);
    expect(got[0]).toBe(fusedStaff[0]);
    expect(deep.pipeline?.stages.rerank).toMatch(/\(the first 1 kept in place\)$/);
    expect(got).not.toEqual(fusedStaff.slice(0, got.length));
    expect(staffNumbers(balanced)).not.toEqual(got);
    expect(deep.pipeline?.stages.rerank).toMatch(/reranked by rerank:bge-reranker/);
    const sent = server.requests.find((r) => r.path === '/v1/rerank')?.body as { model: string; query: string; documents: string[] };
    expect(sent.model).toBe('bge-reranker');
    expect(sent.query).toBe('engineer platform team');
    expect(sent.documents.length).toBeLessThanOrEqual(30);
  });

  it('moves a result a place or two near the head: one the model ranks first or last crosses the top five only from next to it', async () => {
    // The fused order (no reranker), then an endpoint that agrees with it except for one document it ranks first
    // (or last): where that result ends up is how far one disagreeing model can move it.
    settings = { ...settings, rerankModel: undefined };
    const fused = (await registry().call('search', { ...query, mode: 'deep', limit: 31 }, { brain, remote: false })) as SearchResponse;
    settings = { ...settings, rerankModel: 'bge-reranker' };
    const titles = fused.results.map((r) => r.title);
    expect(titles.length).toBeGreaterThanOrEqual(14);
    const placeOf = async (target: string, score: number): Promise<number> => {
      server.route('POST', '/v1/rerank', ({ req, json }) => {
        const body = req.body as { documents: string[] };
        json(200, { results: body.documents.map((d, index) => ({ index, relevance_score: d.startsWith(`${target}\n`) || d.startsWith(`${target} —`) ? score : body.documents.length - index })) });
      });
      const r = (await registry().call('search', { ...query, mode: 'deep', limit: 31 }, { brain, remote: false })) as SearchResponse;
      return r.results.findIndex((x) => x.title === target) + 1;
    };
    // Ranked last by the model, fusion's 2nd and 3rd stay in the top five...
    expect(await placeOf(titles[1]!, -1)).toBeLessThanOrEqual(5);
    expect(await placeOf(titles[2]!, -1)).toBeLessThanOrEqual(5);
    // ...and ranked first, fusion's 7th does not enter it, nor its 15th the first page of ten, while each rises.
    const seventh = await placeOf(titles[6]!, 1000);
    expect(seventh).toBeGreaterThan(5);
    expect(seventh).toBeLessThan(7);
    const fourteenth = await placeOf(titles[14]!, 1000);
    expect(fourteenth).toBeGreaterThan(10);
    expect(fourteenth).toBeLessThan(15);
  });

  it('combinedOrder at the default weight: bounds how far one model vote moves a result', () => {
    // Slot k is fused position k + 1 + LEADER_KEPT. The model agrees with the fused order but for one slot.
    const place = (slot: number, score: number): number => {
      const scores = Array.from({ length: RERANK_TOP }, (_, i) => (i === slot ? score : RERANK_TOP - i));
      return combinedOrder(scores, RERANK_MODEL_WEIGHT).indexOf(slot) + 1 + LEADER_KEPT;
    };
    for (const position of [2, 3]) expect(place(position - 1 - LEADER_KEPT, -100)).toBeLessThanOrEqual(5);
    for (let position = 7; position <= RERANK_TOP; position++) expect(place(position - 1 - LEADER_KEPT, 100)).toBeGreaterThan(5);
    for (let position = 15; position <= RERANK_TOP; position++) expect(place(position - 1 - LEADER_KEPT, 100)).toBeGreaterThan(10);
    // It still moves: the favourite rises, the least favourite falls.
    expect(place(8, 100)).toBeLessThan(8 + 1 + LEADER_KEPT);
    expect(place(8, -100)).toBeGreaterThan(8 + 1 + LEADER_KEPT);
  });

  it('is off without a rerank model or chat model; Anthropic has no /rerank (its chat model reranks)', async () => {
    settings = { ...settings, rerankModel: undefined };
    const r = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    expect(r.pipeline?.stages.rerank).toBe('skipped: no reranker configured');
    expect(server.requests).toHaveLength(0);
    settings = { ...settings, provider: 'anthropic', rerankModel: 'x', model: 'claude' };
    const a = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    expect(server.requests.some((x) => x.path.endsWith('/rerank'))).toBe(false);
    expect(a.pipeline?.stages.rerank).toMatch(/fell back to the fused order/);
    expect(server.requests.every((x) => x.path.endsWith('/messages'))).toBe(true);
  });

  it('never sends excluded notes', async () => {
    const rules = defaultRules('.obsidian');
    const restricted = new Brain({ engine, source: new MemoryVault(PIPELINE_VAULT), filter: new PathFilter({ include: [], exclude: [...rules.exclude, 'people/Staff 0*'] }), embedder: null });
    await registry().call('search', { ...query, mode: 'deep' }, { brain: restricted, remote: false });
    const sent = server.requests.find((r) => r.path === '/v1/rerank')?.body as { documents: string[] };
    expect(sent.documents.length).toBeGreaterThan(0);
    expect(sent.documents.some((d) => /Staff 0\d/.test(d))).toBe(false);
  });

  it.each([
    ['an HTTP error', () => server.failNext(1, { status: 500, body: { error: { message: 'boom' } } }), /fell back.*HTTP 500/],
    ['a dropped connection', () => server.dropNext(1), /fell back/],
    ['a timeout', () => server.setDelay(3000), /fell back/],
    [
      'a malformed answer',
      () => server.route('POST', '/v1/rerank', ({ json }) => json(200, { results: [{ index: 99, relevance_score: 'high' }] })),
      /fell back.*scored no document/,
    ],
  ])('falls back to the fused order on %s', async (_name, arrange, stage) => {
    settings = { ...settings, rerankModel: undefined };
    const fused = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    settings = { ...settings, rerankModel: 'bge-reranker' };
    arrange();
    const r = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    expect(r.pipeline?.stages.rerank).toMatch(stage);
    expect(r.results.map((x) => x.path)).toEqual(fused.results.map((x) => x.path));
    expect(r.results.length).toBeGreaterThan(0);
  }, 15_000);

  it('stops calling a failing reranker for its cool-down (the breaker), and says so', async () => {
    server.failNext(100, { status: 503 });
    for (let i = 0; i < 3; i++) {
      const r = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
      expect(r.pipeline?.stages.rerank).toMatch(/fell back.*HTTP 503/);
    }
    expect(server.requests).toHaveLength(3);
    const r = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    expect(server.requests).toHaveLength(3);
    expect(r.pipeline?.stages.rerank).toMatch(/fell back.*rerank provider is off after repeated failures \(HTTP 503\)/);
    expect(brain.health.list().find((s) => s.name === 'rerank')?.state).toBe('open');
  });
});
