// Providers that misbehave on the wire, served from 127.0.0.1: malformed JSON and SSE, the wrong content type,
// answers far too large, streams that never end, 429 with Retry-After, 500 storms. Each must end in a clear error
// or a recorded warning within bounded time and memory, and an index run must lose nothing it had indexed.
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Brain } from '../../../src/core/brain';
import { createOpenAIEmbedder } from '../../../src/core/embed/openai-embedder';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { errorCode } from '../../../src/core/errors';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { memorySource } from '../../helpers/memory-vault';
import { boundedBodies, MAX_RESPONSE_BYTES, MAX_STREAM_LINE_BYTES, ProviderResponseTooLargeError } from '../../../src/core/net/bounded-body';
import { ProviderHealth } from '../../../src/core/net/circuit-breaker';
import { hybridSearch } from '../../../src/core/search';
import { MAX_MODEL_ANSWER_CHARS } from '../../../src/core/think/providers/options';
import { normalizeLlmSettings } from '../../../src/core/think/settings';
import { think, type ThinkDeps } from '../../../src/core/think/think';
import { startFakeServer, type FakeServer } from '../../helpers/fake-openai-server';

const platformFetch = (i: string | URL | Request, o?: RequestInit): Promise<Response> => globalThis.fetch(i, o);


/** An OpenAI chat stream, one SSE event per call of `write`. */
function sse(res: ServerResponse): (delta: Record<string, unknown>) => boolean {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  return (delta) => res.write(`data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`);
}

/** Writes `piece` until the client goes away (or `limit` bytes), recording how much went out. */
function pour(res: ServerResponse, piece: () => boolean, sent: { bytes: number; closed: boolean }, pieceBytes: number, limit = 2 * 1024 * 1024 * 1024): Promise<void> {
  return new Promise((resolve) => {
    res.on('close', () => {
      sent.closed = true;
      resolve();
    });
    const more = (): void => {
      while (!res.destroyed && sent.bytes < limit) {
        sent.bytes += pieceBytes;
        if (!piece()) {
          res.once('drain', more);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    more();
  });
}

let engine: PGliteEngine;
let brain: Brain;
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer();
  engine = await PGliteEngine.open({});
  const filter = new PathFilter({ include: [], exclude: defaultRules('.obsidian').exclude });
  brain = new Brain({
    engine,
    filter,
    embedder: null,
    source: memorySource({ 'Nimbus.md': '# Nimbus\n\nNimbus builds weather sensors in Oslo.\n', 'Acme.md': '# Acme\n\nAcme builds robots in Turin.\n' }),
  });
  await brain.index();
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await server?.close();
});

afterEach(() => server.clearFailures());

function deps(timeoutMs = 5000, health = new ProviderHealth()): ThinkDeps {
  return {
    engine: brain.engine,
    accepts: () => true,
    search: async (q, limit) => (await hybridSearch({ engine: brain.engine, embedder: null }, q, { limit })).results,
    llm: normalizeLlmSettings({ provider: 'openai', baseURL: server.baseURL, model: 'fake', timeoutMs }),
    fetch: platformFetch,
    breaker: health.breaker('chat'),
  };
}

describe('a hostile chat endpoint', () => {
  it('an endless stream of text is read up to the cap, the request closed, and the cut recorded as a warning', async () => {
    const sent = { bytes: 0, closed: false };
    let done: Promise<void> = Promise.resolve();
    server.route('POST', '/v1/chat/completions', ({ res }) => {
      const write = sse(res);
      write({ role: 'assistant', content: 'Nimbus builds weather sensors in Oslo. [1]\n' });
      const line = `${'Nimbus '.repeat(140)}[1]\n`;
      done = pour(res, () => write({ content: line }), sent, line.length + 150);
    });
    const started = Date.now();
    const r = await think(deps(), 'Where does Nimbus build sensors?');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.model).toBe('openai:fake');
    expect(r.warnings).toEqual([expect.stringMatching(/cut off after 200,000 characters/)]);
    expect(r.claims[0]?.text).toMatch(/Oslo/);
    await done;
    expect(sent.closed).toBe(true);
    // What went out before the client hung up: the cap plus what was in flight, not gigabytes.
    expect(sent.bytes).toBeLessThan(MAX_MODEL_ANSWER_CHARS * 4 + 8 * 1024 * 1024);
  });

  it('an endless stream with no text (keep-alive pings only) ends at the timeout with the reason', async () => {
    server.route('POST', '/v1/chat/completions', ({ res }) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write(': ping\n\n'), 20);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const r = await think(deps(800), 'Where does Nimbus build sensors?');
    expect(Date.now() - started).toBeLessThan(4000);
    expect(r.model).toBeNull();
    expect(r.fallbackReason).toMatch(/did not answer within 1 s/);
    expect(r.answer).toContain('Oslo'); // the extractive answer
  });

  it('malformed SSE, a truncated JSON chunk and the wrong content type fall back with a clear reason', async () => {
    const bodies: [string, string][] = [
      ['text/event-stream', 'data: {"choices": [{"delta": {"content": "Nimbus'],
      ['text/event-stream', 'data: {not json at all}\n\n'],
      ['text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
      ['application/json', '{"choices": '],
    ];
    for (const [type, body] of bodies) {
      server.route('POST', '/v1/chat/completions', ({ res }) => {
        res.writeHead(200, { 'content-type': type });
        res.end(body);
      });
      const r = await think(deps(), 'Where does Nimbus build sensors?');
      expect(r.model, `${type}: ${body}`).toBeNull();
      expect(r.fallbackReason, `${type}: ${body}`).toMatch(/model call failed|no usable answer/);
      expect(r.answer).toContain('Oslo');
    }
  });

  it('one enormous line (a server ignoring stream: true) is cut off with an error, not buffered', async () => {
    const sent = { bytes: 0, closed: false };
    let done: Promise<void> = Promise.resolve();
    server.route('POST', '/v1/chat/completions', ({ res }) => {
      // A server that ignores stream: true and sends one enormous JSON document.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices":[{"message":{"content":"');
      const piece = 'x'.repeat(64 * 1024);
      done = pour(res, () => res.write(piece), sent, piece.length);
    });
    const r = await think(deps(20_000), 'Where does Nimbus build sensors?');
    expect(r.model).toBeNull();
    expect(r.fallbackReason).toMatch(/more than 1 MB without a line break and was cut off/);
    await done;
    expect(sent.bytes).toBeLessThan(MAX_STREAM_LINE_BYTES + 8 * 1024 * 1024);
  });

  it('429 with Retry-After is not waited on by think: one request, the status in the reason, counted by the breaker', async () => {
    const health = new ProviderHealth();
    server.failNext(1, { status: 429, retryAfter: '30' });
    const before = server.requests.length;
    const started = Date.now();
    const r = await think(deps(5000, health), 'Where does Nimbus build sensors?');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(server.requests.length - before).toBe(1); // the SDK's own retries are off (maxRetries 0)
    expect(r.fallbackReason).toMatch(/HTTP 429/);
    expect(health.list()).toEqual([expect.objectContaining({ name: 'chat', failures: 1, reason: 'HTTP 429' })]);
  });

  it('a 500 storm opens the breaker after three calls; later questions do not reach the endpoint', async () => {
    const health = new ProviderHealth();
    server.failNext(1000, { status: 500 });
    const before = server.requests.length;
    for (let i = 0; i < 5; i++) {
      const r = await think(deps(5000, health), 'Where does Nimbus build sensors?');
      expect(r.answer).toContain('Oslo');
    }
    expect(server.requests.length - before).toBe(3);
    expect(health.list()[0]).toMatchObject({ name: 'chat', state: 'open', reason: 'HTTP 500' });
  });
});

describe('a hostile embeddings endpoint', () => {
  const embedder = (o: { maxRetries?: number; health?: ProviderHealth } = {}) =>
    createOpenAIEmbedder({ baseURL: server.baseURL, model: 'm', fetch: platformFetch, maxRetries: o.maxRetries ?? 0, backoffBaseMs: 1, backoffMaxMs: 2, breaker: o.health?.breaker('embeddings') });

  it('an endless JSON body is cut off at the bound with a clear error', async () => {
    const sent = { bytes: 0, closed: false };
    let done: Promise<void> = Promise.resolve();
    server.route('POST', '/v1/embeddings', ({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[{"index":0,"embedding":[');
      const piece = '0.1,'.repeat(16 * 1024);
      done = pour(res, () => res.write(piece), sent, piece.length);
    });
    const err = await embedder().embed(['hello']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderResponseTooLargeError);
    expect(errorCode(err)).toBe('provider_response_too_large');
    await done;
    expect(sent.bytes).toBeLessThan(MAX_RESPONSE_BYTES.embeddings + 8 * 1024 * 1024);
  });

  it('a declared Content-Length past the bound is refused before the body is read', async () => {
    const bounded = boundedBodies(platformFetch, 1024);
    server.route('GET', '/big', ({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024) });
      res.end('x'.repeat(10 * 1024));
    });
    server.route('GET', '/small', ({ res }) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await expect(bounded(`${server.origin}/big`)).rejects.toBeInstanceOf(ProviderResponseTooLargeError);
    expect(await (await bounded(`${server.origin}/small`)).json()).toEqual({ ok: true });
  });

  it('the wrong content type or a malformed body is a clear error', async () => {
    for (const [type, body] of [
      ['text/html', '<html>gateway</html>'],
      ['application/json', '{"data": [{"index": 0, "embedding": '],
      ['application/json', '{"data": [{"index": 0, "embedding": "not base64!"}]}'],
    ]) {
      server.route('POST', '/v1/embeddings', ({ res }) => {
        res.writeHead(200, { 'content-type': type! });
        res.end(body);
      });
      const err = await embedder().embed(['hello']).catch((e: unknown) => e);
      expect(err, `${type}: ${body}`).toBeInstanceOf(Error);
      expect(String((err as Error).message), `${type}: ${body}`).toMatch(/embedding|JSON|Unexpected|base64/i);
    }
  });

  it('429 with a short Retry-After is waited on; one longer than the cap fails at once', async () => {
    server.route('POST', '/v1/embeddings', ({ json }) => json(200, { data: [{ index: 0, embedding: [1, 0, 0] }] }));
    server.failNext(1, { status: 429, retryAfter: '1' });
    let started = Date.now();
    const [v] = await embedder({ maxRetries: 3 }).embed(['hello']);
    expect(v).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    server.failNext(1, { status: 429, retryAfter: '3600' });
    started = Date.now();
    await expect(embedder({ maxRetries: 3 }).embed(['hello'])).rejects.toMatchObject({ status: 429 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a 500 storm during an index run keeps every note indexed and searchable, leaves chunks pending and says why', async () => {
    const health = new ProviderHealth();
    server.failNext(1000, { status: 500 });
    const before = server.requests.length;
    brain.embedder = embedder({ maxRetries: 5, health });
    try {
      const started = Date.now();
      const run = await brain.index();
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(run.embed?.error?.message).toMatch(/HTTP 500|off after repeated failures/);
      // The breaker bounded the storm: three requests, not (1 + 5 retries) per batch.
      expect(server.requests.length - before).toBe(3);
      expect(await engine.countPending('openai:m')).toBeGreaterThan(0);
      const found = await hybridSearch({ engine, embedder: brain.embedder }, 'weather sensors Oslo', {});
      expect(found.results[0]?.path).toBe('Nimbus.md');
      expect(found.skipped?.vector).toMatch(/off after repeated failures/);
    } finally {
      brain.embedder = null;
    }
  });
});
