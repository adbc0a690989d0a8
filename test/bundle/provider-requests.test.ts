// The worker's provider fetch over the RPC to the main thread's requestUrl (request-url-fetch.ts ->
// serve-requests.ts), over a real MessageChannel: what crosses, what comes back, what is refused, and aborts.
import { afterEach, describe, expect, it } from 'vitest';
import { errorCode } from '../../src/core/errors';
import { providerRequestHandlers, type RequestUrlLike } from '../../src/obsidian/bridge/serve-requests';
import { createRpcEndpoint } from '../../src/obsidian/protocol/rpc';
import type { NetApi } from '../../src/obsidian/protocol/worker-api';
import { requestUrlFetch } from '../../src/obsidian/worker/request-url-fetch';
import { DEFAULT_SETTINGS, providerOrigins } from '../../src/obsidian/plugin/settings';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

function bridge(request: RequestUrlLike | undefined, origins: string[] = ['https://models.example']): typeof fetch {
  const channel = new MessageChannel();
  const main = createRpcEndpoint<object, object, object, NetApi>(channel.port2, providerRequestHandlers(request, () => origins));
  const worker = createRpcEndpoint<NetApi>(channel.port1);
  closers.push(() => {
    worker.close();
    main.close();
    channel.port1.close();
    channel.port2.close();
  });
  return requestUrlFetch(() => worker);
}

describe('requestUrl over the worker RPC', () => {
  it('sends method, headers and body, and returns status, headers and bytes as a Response', async () => {
    const seen: Parameters<RequestUrlLike>[0][] = [];
    const send = bridge(async (r) => {
      seen.push(r);
      const bytes = new Uint8Array([0, 1, 2, 250]);
      return { status: 429, headers: { 'Retry-After': '2', 'Content-Type': 'application/octet-stream' }, arrayBuffer: bytes.buffer };
    });
    const res = await send('https://models.example/v1/embeddings', { method: 'post', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: '{"input":["a"]}' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: 'https://models.example/v1/embeddings', method: 'POST', contentType: 'application/json', body: '{"input":["a"]}', throw: false });
    expect(seen[0]!.headers.authorization).toBe('Bearer k');
    // An HTTP error is an answer the SDK reads (its Retry-After included), not a failed request.
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 250]);
  });

  it('sends byte bodies as bytes and gives a 204 no body', async () => {
    let body: unknown;
    const send = bridge(async (r) => {
      body = r.body;
      return { status: 204, headers: {}, arrayBuffer: new ArrayBuffer(0) };
    });
    const res = await send(new URL('https://models.example/x'), { method: 'PUT', body: new Uint8Array([9, 8, 7]) });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect([...new Uint8Array(body as ArrayBuffer)]).toEqual([9, 8, 7]);
  });

  it('refuses origins the settings do not name, non-http URLs and a host without requestUrl, before anything is sent', async () => {
    let sent = 0;
    const send = bridge(async () => {
      sent++;
      return { status: 200, headers: {}, arrayBuffer: new ArrayBuffer(0) };
    });
    for (const url of ['https://elsewhere.example/v1/embeddings', 'https://models.example.evil.example/v1', 'http://models.example/v1', 'file:///etc/passwd']) {
      const err = await send(url, { method: 'POST', body: 'secret excerpt' }).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(TypeError);
      expect(errorCode(err), url).toBe('provider_request_refused');
    }
    expect(sent).toBe(0);
    const none = bridge(undefined);
    expect(String(await none('https://models.example/v1').catch((e: unknown) => e))).toMatch(/not served here/);
  });

  it('a network failure of requestUrl is a TypeError, as fetch fails', async () => {
    const send = bridge(() => Promise.reject(new Error('net::ERR_CONNECTION_REFUSED')));
    const err = await send('https://models.example/v1/chat/completions', { method: 'POST' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(String((err as Error).message)).toContain('ERR_CONNECTION_REFUSED');
  });

  it('an abort settles the call at once although requestUrl cannot be cancelled', async () => {
    const send = bridge(() => new Promise(() => undefined));
    const controller = new AbortController();
    const pending = send('https://models.example/v1/rerank', { method: 'POST', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('timed out')), 20);
    await expect(pending).rejects.toThrow('timed out');
  });
});

describe('providerOrigins', () => {
  it('names the embeddings endpoint when chosen and the chat provider (its default when no base URL)', () => {
    expect(providerOrigins({ ...DEFAULT_SETTINGS })).toEqual([]);
    expect(providerOrigins({ ...DEFAULT_SETTINGS, embedder: 'openai', embedderBaseUrl: 'http://127.0.0.1:11434/v1' })).toEqual(['http://127.0.0.1:11434']);
    expect(providerOrigins({ ...DEFAULT_SETTINGS, llmProvider: 'anthropic' })).toEqual(['https://api.anthropic.com']);
    expect(providerOrigins({ ...DEFAULT_SETTINGS, embedder: 'openai', embedderBaseUrl: 'https://api.openai.com/v1', llmProvider: 'openai', llmBaseUrl: ' ' })).toEqual(['https://api.openai.com']);
    expect(providerOrigins({ ...DEFAULT_SETTINGS, llmProvider: 'openai', llmBaseUrl: 'not a url' })).toEqual([]);
  });
});
