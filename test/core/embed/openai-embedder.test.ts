import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isZeroVector } from '../../../src/core/embed/embedder';
import {
  createOpenAIEmbedder,
  decodeBase64Float32,
  decodeEmbedding,
  truncate,
  type OpenAIEmbedderOptions,
} from '../../../src/core/embed/openai-embedder';
import { resolveEmbedder } from '../../../src/core/embed/factory';
import { NONE_EMBEDDER_ID } from '../../../src/core/embed/none-embedder';
import { fakeEmbeddingVector, startFakeOpenAIServer, type FakeOpenAIServer } from '../../helpers/fake-openai-server';

const MODEL = 'text-embedding-3-small';
let server: FakeOpenAIServer;

beforeEach(async () => {
  server = await startFakeOpenAIServer({ nativeDims: 16 });
});
afterEach(async () => {
  await server.close();
});

function embedder(extra: Partial<OpenAIEmbedderOptions> = {}) {
  return createOpenAIEmbedder({ baseURL: server.baseURL, model: MODEL, backoffBaseMs: 1, backoffMaxMs: 5, ...extra });
}

const expected = (text: string, dims = 16) => Array.from(fakeEmbeddingVector(`${MODEL}\u0000${text}`, dims));
const close = (a: Float32Array, b: number[]) => a.every((x, i) => Math.abs(x - b[i]!) < 1e-6) && a.length === b.length;

describe('OpenAI-compatible embedder', () => {
  it('requests base64 and decodes it', async () => {
    const e = embedder({ apiKey: 'sk-test' });
    const [a, b] = await e.embed(['alpha', 'beta']);
    expect(close(a!, expected('alpha'))).toBe(true);
    expect(close(b!, expected('beta'))).toBe(true);
    const req = server.requests[0]!;
    expect(req.path).toBe('/v1/embeddings');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: MODEL, input: ['alpha', 'beta'], encoding_format: 'base64' });
    expect(req.body).not.toHaveProperty('dimensions');
  });

  it('accepts float arrays from servers that ignore encoding_format', async () => {
    server.options.forceEncoding = 'float';
    const [a] = await embedder().embed(['alpha']);
    expect(close(a!, expected('alpha'))).toBe(true);
  });

  it('puts vectors back in input order using the index field', async () => {
    server.options.reverseOrder = true;
    const texts = ['one', 'two', 'three', 'four'];
    const vs = await embedder().embed(texts);
    texts.forEach((t, i) => expect(close(vs[i]!, expected(t))).toBe(true));
  });

  it('learns dims from the first response, or requests them and puts them in the id', async () => {
    const native = embedder();
    expect(native.id).toBe(`openai:${MODEL}`);
    expect(native.dims).toBe(0);
    await native.embed(['x']);
    expect(native.dims).toBe(16);

    const sized = embedder({ dims: 8 });
    expect(sized.id).toBe(`openai:${MODEL}@8`);
    expect(sized.dims).toBe(8);
    const [v] = await sized.embed(['x']);
    expect(v!.length).toBe(8);
    expect(server.requests.at(-1)!.body).toMatchObject({ dimensions: 8 });
    expect(embedder({ dims: 4 }).id).not.toBe(sized.id);
    expect(() => embedder({ dims: 0 })).toThrow();
    expect(() => embedder({ dims: 1.5 })).toThrow();
  });

  it('fails when a server returns a different size than requested or than before', async () => {
    server.options.nativeDims = 16;
    const e = embedder();
    await e.embed(['a']);
    server.options.nativeDims = 12;
    await expect(e.embed(['b'])).rejects.toThrow(/12 dims, expected 16/);
  });

  it('batches at most 100 texts per request and preserves order across batches', async () => {
    const texts = Array.from({ length: 250 }, (_, i) => `text ${i}`);
    const e = embedder();
    expect(e.maxBatch).toBe(100);
    const vs = await e.embed(texts);
    expect(server.embeddingInputs().map((b) => b.length)).toEqual([100, 100, 50]);
    expect(server.embeddingInputs().flat()).toEqual(texts);
    expect(close(vs[249]!, expected('text 249'))).toBe(true);
    expect(embedder({ batchSize: 1000 }).maxBatch).toBe(100);
  });

  it('truncates long inputs and gives zero vectors to empty ones without sending them', async () => {
    const long = 'word '.repeat(5000);
    const vs = await embedder({ maxInputChars: 100 }).embed(['', long, '   ']);
    expect(server.embeddingInputs()).toEqual([[long.slice(0, 100)]]);
    expect(isZeroVector(vs[0]!)).toBe(true);
    expect(isZeroVector(vs[2]!)).toBe(true);
    expect(vs[0]!.length).toBe(16);
    expect(close(vs[1]!, expected(long.slice(0, 100)))).toBe(true);
    const none = await embedder().embed(['', '']);
    expect(none.every((v) => v.length === 0)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(await embedder().embed([])).toEqual([]);
  });

  it('retries 429 honoring Retry-After, then succeeds', async () => {
    server.failNext(2, { status: 429, retryAfter: '0' });
    const retries: number[] = [];
    const [v] = await embedder({ onRetry: ({ delayMs }) => retries.push(delayMs) }).embed(['alpha']);
    expect(close(v!, expected('alpha'))).toBe(true);
    expect(retries).toEqual([0, 0]);
    expect(server.requests).toHaveLength(3);
  });

  it('retries 500s and dropped connections with backoff', async () => {
    server.failNext(1, { status: 500 });
    server.dropNext(1);
    const retries: number[] = [];
    const [v] = await embedder({ onRetry: ({ delayMs }) => retries.push(delayMs) }).embed(['alpha']);
    expect(close(v!, expected('alpha'))).toBe(true);
    expect(retries).toHaveLength(2);
    for (const ms of retries) expect(ms).toBeLessThanOrEqual(5);
  });

  it('gives up after maxRetries', async () => {
    server.failNext(10, { status: 503 });
    await expect(embedder({ maxRetries: 2 }).embed(['alpha'])).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(3);
  });

  it('fails at once on 400 and 401', async () => {
    server.failNext(1, { status: 400, body: { error: { message: 'bad input', type: 'invalid_request_error' } } });
    await expect(embedder().embed(['alpha'])).rejects.toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
    server.failNext(1, { status: 401 });
    await expect(embedder().embed(['alpha'])).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(2);
  });

  it('times out slow servers and retries them', async () => {
    server.setDelay(2000);
    const retries: unknown[] = [];
    const e = embedder({ timeoutMs: 300, maxRetries: 1, onRetry: ({ error }) => retries.push(error) });
    await expect(e.embed(['alpha'])).rejects.toThrow(/timed out|timeout/i);
    expect(retries).toHaveLength(1);
  });

  it('stops on abort without retrying', async () => {
    server.setDelay(200);
    const ctrl = new AbortController();
    const pending = embedder().embed(['alpha'], ctrl.signal);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    ctrl.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 250));
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a malformed response body', async () => {
    server.route('POST', '/v1/embeddings', ({ json }) => json(200, { data: [{ index: 0, embedding: 'not base64!!' }] }));
    await expect(embedder().embed(['a'])).rejects.toThrow(/base64/);
    server.route('POST', '/v1/embeddings', ({ json }) => json(200, { data: [] }));
    await expect(embedder().embed(['a'])).rejects.toThrow(/0 items for 1/);
    server.route('POST', '/v1/embeddings', ({ json }) => json(200, { data: [{ index: 5, embedding: [1, 2] }] }));
    await expect(embedder().embed(['a'])).rejects.toThrow(/index/);
    server.route('POST', '/v1/embeddings', ({ json }) => json(200, { nothing: true }));
    await expect(embedder().embed(['a'])).rejects.toThrow(/no data/);
  });
});

describe('decoding helpers', () => {
  it('decodes little-endian float32 base64 and checks its length', () => {
    const v = new Float32Array([1.5, -2.25, 0, 3.4028234663852886e38]);
    const b64 = Buffer.from(v.buffer).toString('base64');
    expect(Array.from(decodeBase64Float32(b64))).toEqual(Array.from(v));
    expect(() => decodeBase64Float32(Buffer.from([1, 2, 3]).toString('base64'))).toThrow(/multiple of 4/);
    expect(() => decodeEmbedding([1, 'x'])).toThrow();
    expect(() => decodeEmbedding([])).toThrow(/empty/);
    expect(() => decodeEmbedding([1, Number.NaN])).toThrow(/non-finite/);
    expect(() => decodeEmbedding(null)).toThrow();
  });

  it('truncates without splitting a surrogate pair', () => {
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('ab😀cd', 3)).toBe('ab');
    expect(truncate('ab😀cd', 4)).toBe('ab😀');
  });
});

describe('resolveEmbedder', () => {
  it('maps settings to embedders', async () => {
    expect(NONE_EMBEDDER_ID).toBe('none');
    const loadBuiltin = () => Promise.resolve({ id: 'builtin:test', dims: 3, maxBatch: 10, embed: () => Promise.resolve([]) });
    expect(await resolveEmbedder({ kind: 'none' }, { loadBuiltin })).toBeNull();
    expect((await resolveEmbedder({ kind: 'builtin' }, { loadBuiltin }))?.id).toBe('builtin:test');
    const remote = await resolveEmbedder({ kind: 'openai', baseURL: server.baseURL, model: MODEL, dims: 8 }, { loadBuiltin });
    expect(remote?.id).toBe(`openai:${MODEL}@8`);
    expect((await remote!.embed(['x']))[0]!.length).toBe(8);
    await expect(resolveEmbedder({ kind: 'bogus' } as never, { loadBuiltin })).rejects.toThrow(/unknown/);
  });
});
