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
  settings = { ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: server.baseURL, model: 'chat', rerankModel: 'bge-reranker', timeoutMs: 2000 };
  server.requests.length = 0;
  server.setDelay(0);
  server.clearFailures();
  // Each case starts with a healthy reranker: failures of the one before must not leave its breaker open.
  brain.health.reset();
  rerankRoute();
});

const registry = (): ReturnType<typeof createRegistry> => createRegistry({ llm: () => settings, fetch: (input, init) => fetch(input, init) });
const query = { query: 'engineer platform team', limit: 8, explain: true };
const staffNumbers = (r: SearchResponse): number[] => r.results.map((x) => Number(/Staff (\d+)/.exec(x.title)?.[1] ?? -1));

describe('deep-mode rerank', () => {
  it('reorders the top results by the endpoint scores, and says so', async () => {
    const balanced = (await registry().call('search', { ...query, mode: 'balanced' }, { brain, remote: false })) as SearchResponse;
    expect(server.requests).toHaveLength(0);
    const deep = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    const got = staffNumbers(deep);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    expect(staffNumbers(balanced)).not.toEqual(got);
    expect(deep.pipeline?.stages.rerank).toMatch(/reranked by rerank:bge-reranker/);
    const sent = server.requests.find((r) => r.path === '/v1/rerank')?.body as { model: string; query: string; documents: string[] };
    expect(sent.model).toBe('bge-reranker');
    expect(sent.query).toBe('engineer platform team');
    expect(sent.documents.length).toBeLessThanOrEqual(30);
  });

  it('is off without a rerank model or with another provider', async () => {
    settings = { ...settings, rerankModel: undefined };
    const r = (await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false })) as SearchResponse;
    expect(r.pipeline?.stages.rerank).toBe('skipped: no reranker configured');
    settings = { ...settings, provider: 'anthropic', rerankModel: 'x' };
    await registry().call('search', { ...query, mode: 'deep' }, { brain, remote: false });
    expect(server.requests).toHaveLength(0);
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
