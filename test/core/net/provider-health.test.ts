// Provider health: a breaker per provider opens after repeated failed requests, fails fast (saying why) for its
// cool-down, lets one trial through after it, and closes on success. Driven with an injected clock and real
// requests to fake servers on 127.0.0.1 (embeddings, chat, rerank), counting what reached them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Brain } from '../../../src/core/brain';
import { createOpenAIEmbedder } from '../../../src/core/embed/openai-embedder';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { errorCode } from '../../../src/core/errors';
import { memorySource } from '../../helpers/memory-vault';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { CircuitBreaker, ProviderHealth, ProviderUnavailableError, providerFailure } from '../../../src/core/net/circuit-breaker';
import { createRegistry } from '../../../src/core/ops';
import { hybridSearch } from '../../../src/core/search';
import { normalizeLlmSettings } from '../../../src/core/think/settings';
import { startFakeLlmServer, type FakeLlmServer } from '../../helpers/fake-llm-server';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../../helpers/fake-openai-server';

let clock = 0;
const now = (): number => clock;

describe('CircuitBreaker', () => {
  it('opens after the threshold, fails fast with the reason, half-opens after the cool-down, closes on success', () => {
    const changes: string[] = [];
    const b = new CircuitBreaker('embeddings', { threshold: 3, coolDownMs: 1000, now }, (s) => changes.push(s.state));
    clock = 0;
    b.admit();
    b.failed('HTTP 503');
    b.admit();
    b.failed('HTTP 503');
    expect(b.state).toBe('closed');
    b.admit();
    b.failed('connection failed (ECONNREFUSED)');
    expect(b.state).toBe('open');
    expect(b.status()).toMatchObject({ state: 'open', failures: 3, reason: 'connection failed (ECONNREFUSED)', retryInMs: 1000 });
    let refused: unknown;
    try {
      b.admit();
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(ProviderUnavailableError);
    expect(errorCode(refused)).toBe('provider_unavailable');
    expect((refused as Error).message).toMatch(/ECONNREFUSED.*next try in 1 s/);

    clock = 1000;
    b.admit(); // the one trial
    expect(b.state).toBe('half-open');
    expect(() => b.admit()).toThrow(ProviderUnavailableError); // a second caller while the trial is out
    b.succeeded();
    expect(b.state).toBe('closed');
    expect(b.status()).toEqual({ name: 'embeddings', state: 'closed', failures: 0 });
    expect(changes).toEqual(['open', 'half-open', 'closed']);
  });

  it('a failed trial opens it for another cool-down; reset closes it at once', () => {
    const b = new CircuitBreaker('chat', { threshold: 1, coolDownMs: 500, now });
    clock = 0;
    b.failed('HTTP 500');
    clock = 600;
    b.admit();
    b.failed('HTTP 500');
    expect(b.state).toBe('open');
    expect(b.status().retryInMs).toBe(500);
    b.reset();
    expect(b.state).toBe('closed');
    expect(() => b.admit()).not.toThrow();
  });

  it('a cancelled request or a bad input says nothing about the provider', () => {
    const aborted = new AbortController();
    aborted.abort();
    expect(providerFailure(new Error('x'), aborted.signal)).toBeNull();
    expect(providerFailure(Object.assign(new Error('bad'), { status: 400 }))).toBeNull();
    expect(providerFailure(Object.assign(new Error('no'), { status: 401 }))).toBe('HTTP 401');
    expect(providerFailure(Object.assign(new Error('Connection error.'), { cause: Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }) }))).toBe('connection failed (ECONNREFUSED)');
  });
});

describe('the embeddings breaker against a failing server', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => {
    clock = 0;
    await server?.close();
    server = await startFakeOpenAIServer({ nativeDims: 8 });
  });
  afterAll(() => server?.close());

  it('one call waits on a dead endpoint, the next ones fail at once until the cool-down, then one trial closes it', async () => {
    const health = new ProviderHealth({ threshold: 3, coolDownMs: 60_000, now });
    const embedder = createOpenAIEmbedder({ baseURL: server.baseURL, model: 'm', backoffBaseMs: 1, backoffMaxMs: 2, maxRetries: 5, breaker: health.breaker('embeddings') });
    server.failNext(100, { status: 503 });
    await expect(embedder.embed(['alpha'])).rejects.toThrow(/off after repeated failures \(HTTP 503\)/);
    // Three requests opened the breaker; the retries left in that call did not go out.
    expect(server.requests).toHaveLength(3);
    await expect(embedder.embed(['alpha'])).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(server.requests).toHaveLength(3);
    expect(health.list()).toEqual([expect.objectContaining({ name: 'embeddings', state: 'open', reason: 'HTTP 503' })]);

    await server.close();
    server = await startFakeOpenAIServer({ nativeDims: 8 });
    const healed = createOpenAIEmbedder({ baseURL: server.baseURL, model: 'm', backoffBaseMs: 1, backoffMaxMs: 2, breaker: health.breaker('embeddings') });
    clock = 60_000;
    const [v] = await healed.embed(['alpha']);
    expect(v).toHaveLength(8);
    expect(server.requests).toHaveLength(1);
    expect(health.list()[0]).toMatchObject({ state: 'closed', failures: 0 });
  });

  it('a 400 for one input does not count against the provider', async () => {
    const health = new ProviderHealth({ threshold: 1, now });
    const embedder = createOpenAIEmbedder({ baseURL: server.baseURL, model: 'm', backoffBaseMs: 1, breaker: health.breaker('embeddings') });
    server.failNext(1, { status: 400 });
    await expect(embedder.embed(['alpha'])).rejects.toThrow();
    expect(health.list()[0]?.state).toBe('closed');
  });
});

describe('search, status and think with dead providers', () => {
  let engine: PGliteEngine;
  let brain: Brain;
  let emb: FakeOpenAIServer;
  let llm: FakeLlmServer;
  let health: ProviderHealth;

  beforeAll(async () => {
    clock = 0;
    emb = await startFakeOpenAIServer({ nativeDims: 8 });
    llm = await startFakeLlmServer();
    health = new ProviderHealth({ threshold: 3, coolDownMs: 60_000, now });
    engine = await PGliteEngine.open({});
    const filter = new PathFilter({ include: [], exclude: defaultRules('.obsidian').exclude });
    const embedder = createOpenAIEmbedder({ baseURL: emb.baseURL, model: 'm', backoffBaseMs: 1, backoffMaxMs: 2, breaker: health.breaker('embeddings') });
    brain = new Brain({
      engine,
      filter,
      embedder,
      health,
      source: memorySource({ 'Nimbus.md': '# Nimbus\n\nNimbus builds weather sensors in Oslo.\n', 'Acme.md': '# Acme\n\nAcme builds robots.\n' }),
    });
    const run = await brain.index();
    expect(run.embed?.error).toBeUndefined();
  }, 120_000);

  afterAll(async () => {
    await engine?.close();
    await emb?.close();
    await llm?.close();
  });

  it('search says the vector arm was skipped and why, in JSON and explain, and waits on the dead embedder once', async () => {
    emb.failNext(1000, { status: 503 });
    const before = emb.requests.length;
    const first = await hybridSearch({ engine, embedder: brain.embedder }, 'weather sensors', { explain: true });
    expect(first.results[0]?.path).toBe('Nimbus.md'); // keyword search still answers
    expect(first.skipped?.vector).toMatch(/embedder failed: .*HTTP 503/);
    expect(first.pipeline?.stages.vector).toMatch(/^skipped: embedder failed/);
    expect(emb.requests.length - before).toBe(3);
    const second = await hybridSearch({ engine, embedder: brain.embedder }, 'robots', {});
    expect(second.skipped?.vector).toMatch(/off after repeated failures/);
    expect(emb.requests.length - before).toBe(3);

    const registry = createRegistry();
    const status = await registry.call('status', {}, { brain, remote: false });
    expect(status.providers).toEqual([expect.objectContaining({ name: 'embeddings', state: 'open', reason: 'HTTP 503' })]);
    const viaOp = await registry.call('search', { query: 'robots' }, { brain, remote: false });
    expect(viaOp.skipped?.vector).toMatch(/off after repeated failures/);
    health.reset();
    emb.clearFailures();
  });

  it('index reports the embedding failure instead of a silent stop', async () => {
    emb.failNext(1000, { status: 500 });
    // Pending chunks: a new embedder id makes every chunk pending again.
    const other = createOpenAIEmbedder({ baseURL: emb.baseURL, model: 'm2', backoffBaseMs: 1, backoffMaxMs: 2, breaker: health.breaker('embeddings') });
    brain.embedder = other;
    const run = await brain.index();
    expect(run.embed?.error?.message).toMatch(/HTTP 500|off after repeated failures/);
    expect(health.list().find((s) => s.name === 'embeddings')?.state).toBe('open');
    health.reset();
    emb.clearFailures();
  });

  it('think stops calling a failing model for the cool-down and says so', async () => {
    llm.failNext(1000, { status: 502 });
    const registry = createRegistry({ llm: () => normalizeLlmSettings({ provider: 'openai', baseURL: llm.baseURL, model: 'fake', timeoutMs: 5000 }) });
    for (let i = 0; i < 3; i++) {
      const r = await registry.call('think', { question: 'Where does Nimbus build sensors?' }, { brain, remote: false });
      expect(r.fallbackReason).toMatch(/HTTP 502/);
    }
    const sent = llm.requests.length;
    const r = await registry.call('think', { question: 'Where does Nimbus build sensors?' }, { brain, remote: false });
    expect(llm.requests.length).toBe(sent);
    expect(r.fallbackReason).toMatch(/chat provider is off after repeated failures \(HTTP 502\)/);
    expect(r.answer).toContain('Oslo'); // the extractive answer
    clock += 60_000;
    llm.clearFailures();
    const healed = await registry.call('think', { question: 'Where does Nimbus build sensors?' }, { brain, remote: false });
    expect(healed.model).toBe('openai:fake');
    expect(health.list().find((s) => s.name === 'chat')?.state).toBe('closed');
  });
});
