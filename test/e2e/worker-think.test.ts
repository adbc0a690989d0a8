// The plugin's brain client and the worker's brain host over the real protocol (a MessageChannel stands in for
// the Worker), with in-memory PGlite and local fake OpenAI / Anthropic servers on 127.0.0.1: the embedder and
// think model configured from the plugin reach the worker, the model's text streams back as call progress,
// model settings change without a reopen, a new embedder model re-embeds, and failures fall back visibly.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EngineStats } from '../../src/core/engine/brain-engine';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';
import { normalizeLlmSettings } from '../../src/core/think/settings';
import { BrainClient, type WorkerLike } from '../../src/obsidian/bridge/brain-client';
import { BrainHost } from '../../src/obsidian/worker/brain-host';
import { connectToMain, type WorkerEvents, type WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import { createRpcEndpoint, type RpcEndpoint } from '../../src/obsidian/protocol/rpc';
import { startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../helpers/fake-openai-server';
import { nodeRequestUrl, type RequestUrlStandIn } from '../helpers/request-url';
import type { FetchLike } from '../../src/core/net/fetch-like';

class MemoryVault implements VaultSource {
  readonly files = new Map<string, { bytes: Uint8Array; mtime: number }>();
  set(path: string, text: string, mtime = 1_000): void {
    this.files.set(path, { bytes: new TextEncoder().encode(text), mtime });
  }
  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, f]) => ({ path, mtime: f.mtime, size: f.bytes.length })));
  }
  read(path: string): Promise<Uint8Array> {
    const f = this.files.get(path);
    return f ? Promise.resolve(f.bytes) : Promise.reject(new Error(`ENOENT ${path}`));
  }
  stat(path: string): Promise<VaultFile | null> {
    const f = this.files.get(path);
    return Promise.resolve(f ? { path, mtime: f.mtime, size: f.bytes.length } : null);
  }
}

function demoVault(): MemoryVault {
  const v = new MemoryVault();
  v.set('people/Alice Chen.md', '---\ntype: person\n---\n# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019 and is its CEO. She often mentions [[Nova Labs]].\n');
  v.set('companies/Acme Robotics.md', '---\ntype: company\n---\n# Acme Robotics\n\nAcme Robotics builds warehouse robots in Berlin. Its founder is [[Alice Chen]].\n');
  v.set('Archive/Secret.md', '# Secret\n\nAcme Robotics secret plan SECRET-7731.\n');
  return v;
}

const BASE: WorkerSettings = { include: [], exclude: ['Archive'], configDir: '.obsidian', embedder: 'none', codeChunking: false };

let llm: FakeLlmServer;
let embeddings: FakeOpenAIServer;
const REPLY = 'Alice Chen founded Acme Robotics. [1]';
beforeAll(async () => {
  [llm, embeddings] = await Promise.all([startFakeLlmServer(), startFakeOpenAIServer()]);
  llm.reply = () => REPLY;
});
afterAll(async () => {
  await Promise.all([llm?.close(), embeddings?.close()]);
});

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterEach(() => {
  llm.calls.length = 0;
  llm.stallMs = 0;
  llm.chunkChars = 7;
  llm.reply = () => REPLY;
});

interface Connected {
  client: BrainClient;
  logs: WorkerEvents['log'][];
  /** What went out through the main thread's requestUrl (the stand-in). */
  requests: RequestUrlStandIn['calls'];
  /** Streamed requests the worker's own fetch sent (URLs). */
  streamed: string[];
  providerEvents: WorkerEvents['provider'][];
}

interface ConnectOptions {
  /** The worker's own fetch, used for streamed chat (default: Node's, recorded). */
  streamFetch?: FetchLike;
  /** The origins the main thread lends requestUrl to (default: both fake servers). */
  origins?: () => string[];
  /** No requestUrl on the main thread. */
  noRequestUrl?: boolean;
}

async function connect(vault: VaultSource, options: ConnectOptions = {}): Promise<Connected> {
  const channel = new MessageChannel();
  const streamed: string[] = [];
  const streamFetch: FetchLike =
    options.streamFetch ??
    ((input, init) => {
      streamed.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      return fetch(input, init);
    });
  const host = new BrainHost({ openEngine: async () => ({ engine: await PGliteEngine.open({}) }), streamFetch });
  const workerSide = connectToMain(channel.port2, host.handlers());
  host.attach(workerSide);
  const port = channel.port1 as unknown as WorkerLike;
  const worker: WorkerLike = Object.assign(port, { terminate: () => channel.port1.close() });
  const logs: WorkerEvents['log'][] = [];
  const providerEvents: WorkerEvents['provider'][] = [];
  const standIn = nodeRequestUrl();
  const client = await BrainClient.start({
    source: vault,
    createWorker: () => worker,
    onLog: (l) => logs.push(l),
    onProvider: (s) => providerEvents.push(s),
    ...(options.noRequestUrl ? {} : { request: standIn.request }),
    providerOrigins: options.origins ?? (() => [llm.origin, embeddings.origin]),
  });
  cleanups.push(async () => {
    await client.close().catch(() => undefined);
    workerSide.close();
    channel.port2.close();
  });
  return { client, logs, requests: standIn.calls, streamed, providerEvents };
}

const openaiLlm = () => normalizeLlmSettings({ provider: 'openai', baseURL: llm.baseURL, model: 'chat-model', apiKey: 'sk-test-llm', maxNotes: 5, timeoutMs: 20_000 });

describe('think in the worker with the configured model', () => {
  // One brain for these tests (opening PGlite is the slow part); each test sets the model it needs.
  let client: BrainClient;
  beforeAll(async () => {
    ({ client } = await connect(demoVault()));
    await client.open('w1', BASE);
    await client.index();
  }, 120_000);

  it('streams the model text as progress and returns the verified, cited answer', async () => {
    await client.configure(openaiLlm());
    llm.chunkChars = 5;
    const deltas: string[] = [];
    const res = await client.think({ question: 'Who founded Acme Robotics?' }, { onDelta: (t) => deltas.push(t) });

    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]!).toMatchObject({ api: 'openai', model: 'chat-model', stream: true });
    expect(llm.calls[0]!.req.headers.authorization).toBe('Bearer sk-test-llm');
    // Streamed in several pieces, which together are exactly what the model said.
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(REPLY);
    expect(res.model).toBe('openai:chat-model');
    expect(res.fallbackReason).toBeUndefined();
    expect(res.answer).toMatch(/Alice Chen founded Acme Robotics\. \[\[[^\]|]+\|[^\]]+\]\]/);
    expect(res.sentToProvider.length).toBeGreaterThan(0);
    // Excluded folders never reach the provider.
    expect(res.sentToProvider.some((p) => p.startsWith('Archive/'))).toBe(false);
    expect(llm.calls[0]!.user).not.toContain('SECRET-7731');
    expect(res.gaps.find((g) => g.kind === 'hole')?.target).toBe('Nova Labs');
  });

  it('takes new model settings without a reopen (here: Anthropic), and none means no call at all', async () => {
    await client.configure(normalizeLlmSettings({ provider: 'none' }));
    const offline = await client.think({ question: 'Who founded Acme Robotics?' });
    expect(offline.model).toBeNull();
    expect(offline.fallbackReason).toBe('no model provider is configured');
    expect(llm.calls).toHaveLength(0);

    await client.configure(normalizeLlmSettings({ provider: 'anthropic', baseURL: llm.origin, model: 'claude-test', apiKey: 'sk-ant-test' }));
    const deltas: string[] = [];
    const res = await client.think({ question: 'Who founded Acme Robotics?' }, { onDelta: (t) => deltas.push(t) });
    expect(llm.calls.map((c) => c.api)).toEqual(['anthropic']);
    const { headers } = llm.calls[0]!.req;
    expect(`${String(headers['x-api-key'])} ${String(headers.authorization)}`).toContain('sk-ant-test');
    expect(deltas.join('')).toBe(REPLY);
    expect(res.model).toBe('anthropic:claude-test');

    await client.configure(normalizeLlmSettings({ provider: 'none' }));
    expect((await client.think({ question: 'Who founded Acme Robotics?' })).model).toBeNull();
    expect(llm.calls).toHaveLength(1);
  });

  it('falls back to the extractive answer with the reason when the model fails or says nothing usable', async () => {
    await client.configure(openaiLlm());
    llm.failNext(1, { status: 401, body: { error: { message: 'bad key', type: 'invalid_request_error' } } });
    const failed = await client.think({ question: 'Who founded Acme Robotics?' });
    expect(failed.model).toBeNull();
    expect(failed.fallbackReason).toMatch(/HTTP 401/);
    expect(failed.claims.length).toBeGreaterThan(0);

    llm.reply = () => 'I cannot help with that. [42]';
    const invented = await client.think({ question: 'Who founded Acme Robotics?' });
    expect(invented.model).toBeNull();
    expect(invented.droppedCitations).toBe(1);
  });

  it('stops the model call when the caller aborts, and rejects bad questions', async () => {
    await client.configure(openaiLlm());
    llm.stallMs = 30_000; // far beyond the bound below: finishing inside it proves the abort cut the stall
    const controller = new AbortController();
    const deltas: string[] = [];
    const asking = client.think({ question: 'Who founded Acme Robotics?' }, { signal: controller.signal, onDelta: (t) => deltas.push(t) });
    const started = Date.now();
    while (deltas.length === 0 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(deltas.length).toBeGreaterThan(0);
    controller.abort();
    await expect(asking).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(20_000);

    llm.stallMs = 0;
    await expect(client.think({ question: '' })).rejects.toThrow();
    await expect(client.think({ question: 42 as unknown as string })).rejects.toThrow();
    await expect(client.think({ question: 'x'.repeat(5000) })).rejects.toThrow();
    await expect(client.think({ question: 'q', save: true } as never)).rejects.toThrow(/sav/);
    // Still usable.
    expect((await client.think({ question: 'Who founded Acme Robotics?' })).model).toBe('openai:chat-model');
  });
});

describe('the embedder configured in the plugin', () => {
  it('embeds through the OpenAI-compatible endpoint, and a new model re-embeds every chunk', async () => {
    // Think settings sent with open are used too, without a configure call.
    const vault = demoVault();
    const { client } = await connect(vault);
    const remote = (model: string): WorkerSettings => ({ ...BASE, embedder: { kind: 'openai', baseURL: embeddings.baseURL, model, dims: 8, apiKey: 'sk-emb' } });
    const opened = await client.open('e1', { ...remote('emb-a'), llm: openaiLlm() });
    expect(opened.embedderId).toBe('openai:emb-a@8');
    const run = await client.index();
    expect(run.embed).toMatchObject({ failed: 0 });
    const first = embeddings.embeddingInputs().flat().length;
    expect(first).toBeGreaterThan(0);
    expect(embeddings.requests.find((r) => r.path === '/v1/embeddings')!.headers.authorization).toBe('Bearer sk-emb');
    expect(embeddings.embeddingInputs().flat().join('\n')).not.toContain('SECRET-7731');
    let stats = (await client.op('stats')) as EngineStats;
    expect(stats.embeddedByModel).toEqual({ 'openai:emb-a@8': first });

    // Unchanged notes and model: nothing to embed again.
    await client.index();
    expect(embeddings.embeddingInputs().flat().length).toBe(first);

    // Think asks the model from the open settings; its search embeds the question with the same endpoint.
    const res = await client.think({ question: 'Who founded Acme Robotics?' });
    expect(res.model).toBe('openai:chat-model');
    expect(llm.calls).toHaveLength(1);
    expect(embeddings.embeddingInputs().at(-1)).toEqual(['Who founded Acme Robotics?']);
    const afterThink = embeddings.embeddingInputs().flat().length;

    await client.open('e1', remote('emb-b'));
    await client.index();
    expect(embeddings.embeddingInputs().flat().length).toBe(afterThink + first);
    stats = (await client.op('stats')) as EngineStats;
    expect(stats.embeddedByModel['openai:emb-b@8']).toBe(first);
    expect(stats.embeddedByModel['openai:emb-a@8'] ?? 0).toBe(0);
  });

  it('a misconfigured embedder turns the vector arm off with a warning instead of failing the open', async () => {
    const { client, logs } = await connect(demoVault());
    const opened = await client.open('e2', { ...BASE, embedder: { kind: 'openai', baseURL: ' ', model: 'm' } });
    expect(opened.embedderId).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(logs.some((l) => l.level === 'warn' && l.message.includes('needs a base URL and a model'))).toBe(true);
    expect((await client.index()).indexed).toBe(2);
  });
});

describe('call progress over the RPC (what carries the streamed text)', () => {
  interface StreamApi {
    stream(p: { pieces: string[]; holdMs?: number }): Promise<number>;
  }
  function pair(): { call: RpcEndpoint<StreamApi, object, object>; late: (() => void)[]; close: () => void } {
    const channel = new MessageChannel();
    const late: (() => void)[] = [];
    const server = createRpcEndpoint<object, object, object, StreamApi>(channel.port2, {
      async stream({ pieces, holdMs }, ctx) {
        for (const p of pieces) ctx.progress({ text: p });
        late.push(() => ctx.progress({ text: 'after the end' }));
        if (holdMs) await new Promise((r) => setTimeout(r, holdMs));
        return pieces.length;
      },
    });
    const call = createRpcEndpoint<StreamApi>(channel.port1);
    return {
      call,
      late,
      close: () => {
        call.close();
        server.close();
        channel.port1.close();
        channel.port2.close();
      },
    };
  }

  it('delivers progress in order before the result, and nothing after it or after an abort', async () => {
    const { call, late, close } = pair();
    try {
      const seen: unknown[] = [];
      const n = await call.call('stream', { pieces: ['a', 'b', 'c'] }, { onProgress: (d) => seen.push(d) });
      expect(n).toBe(3);
      expect(seen).toEqual([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
      late[0]!();
      await new Promise((r) => setTimeout(r, 20));
      expect(seen).toHaveLength(3);

      const controller = new AbortController();
      const aborted: unknown[] = [];
      const pending = call.call('stream', { pieces: ['x'], holdMs: 200 }, { signal: controller.signal, onProgress: (d) => aborted.push(d) });
      await new Promise((r) => setTimeout(r, 20));
      controller.abort();
      await expect(pending).rejects.toThrow();
      late[1]!();
      await new Promise((r) => setTimeout(r, 20));
      expect(aborted).toEqual([{ text: 'x' }]);
    } finally {
      close();
    }
  });

  it('a throwing progress listener does not break the call', async () => {
    const { call, close } = pair();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(call.call('stream', { pieces: ['a'] }, { onProgress: () => { throw new Error('listener bug'); } })).resolves.toBe(1);
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      close();
    }
  });
});

describe('provider calls from the worker go through the main thread\'s requestUrl', () => {
  const question = 'Who founded Acme Robotics?';
  const withEmbedder = (): WorkerSettings => ({ ...BASE, embedder: { kind: 'openai', baseURL: embeddings.baseURL, model: 'emb-rq', dims: 8, apiKey: 'sk-emb' }, llm: openaiLlm() });

  it('sends embeddings through requestUrl and streamed think through the worker\'s own fetch', async () => {
    const c = await connect(demoVault());
    await c.client.open('rq1', withEmbedder());
    const run = await c.client.index();
    expect(run.embed).toMatchObject({ failed: 0 });
    const embedCalls = c.requests.filter((r) => r.url === `${embeddings.baseURL}/embeddings`);
    expect(embedCalls.length).toBeGreaterThan(0);
    expect(embedCalls[0]!).toMatchObject({ method: 'POST' });
    expect(embedCalls[0]!.headers.authorization).toBe('Bearer sk-emb');
    // The server saw what requestUrl sent, and nothing of the excluded note.
    expect(embeddings.embeddingInputs().flat().join('\n')).not.toContain('SECRET-7731');

    const deltas: string[] = [];
    const res = await c.client.think({ question }, { onDelta: (t) => deltas.push(t) });
    expect(res.model).toBe('openai:chat-model');
    expect(deltas.length).toBeGreaterThan(1);
    expect(c.streamed).toEqual([`${llm.baseURL}/chat/completions`]);
    expect(llm.calls.map((x) => x.stream)).toEqual([true]);
    // Think's search embedded the question through requestUrl too.
    expect(c.requests.at(-1)!.body).toContain(question);
    expect(c.requests.some((r) => r.url.startsWith(llm.origin))).toBe(false);
  });

  it('a stream that cannot start (refused like a CORS failure) is asked once unstreamed through requestUrl, Anthropic and OpenAI', async () => {
    let refused = 0;
    const corsBlocked: FetchLike = () => {
      refused++;
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    const c = await connect(demoVault(), { streamFetch: corsBlocked });
    await c.client.open('rq2', BASE);
    await c.client.index();
    for (const settings of [openaiLlm(), normalizeLlmSettings({ provider: 'anthropic', baseURL: llm.origin, model: 'claude-test', apiKey: 'sk-ant-test' })]) {
      llm.calls.length = 0;
      await c.client.configure(settings);
      const deltas: string[] = [];
      const res = await c.client.think({ question }, { onDelta: (t) => deltas.push(t) });
      expect(res.fallbackReason).toBeUndefined();
      expect(res.model).toBe(settings.provider === 'openai' ? 'openai:chat-model' : 'anthropic:claude-test');
      expect(res.answer).toContain('Alice Chen founded Acme Robotics.');
      // One unstreamed call reached the model, through requestUrl; its whole text arrived as one delta.
      expect(llm.calls.map((x) => [x.api, x.stream])).toEqual([[settings.provider, false]]);
      expect(deltas).toEqual([REPLY]);
      expect(c.requests.at(-1)!.url).toBe(settings.provider === 'openai' ? `${llm.baseURL}/chat/completions` : `${llm.origin}/v1/messages`);
    }
    expect(refused).toBe(2);
  });

  it('an HTTP error is an answer, not a lost stream: no unstreamed retry, the reason shown', async () => {
    const c = await connect(demoVault());
    await c.client.open('rq3', { ...BASE, llm: openaiLlm() });
    await c.client.index();
    llm.failNext(1, { status: 401, body: { error: { message: 'bad key', type: 'invalid_request_error' } } });
    const res = await c.client.think({ question });
    expect(res.model).toBeNull();
    expect(res.fallbackReason).toMatch(/HTTP 401/);
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions').length).toBeGreaterThan(0);
    expect(c.requests.some((r) => r.url.startsWith(llm.origin))).toBe(false);
  });

  it('requestUrl is lent only to the configured providers: another origin is refused and semantic search says why', async () => {
    const c = await connect(demoVault(), { origins: () => [llm.origin] });
    await c.client.open('rq4', withEmbedder());
    const before = embeddings.requests.length;
    const run = await c.client.index();
    expect(run.embed).toMatchObject({ embedded: 0 });
    expect(String((run.embed as { error?: Error }).error?.message)).toMatch(/not a provider configured in the settings/);
    // Nothing was sent to the unlisted origin.
    expect(embeddings.requests.length).toBe(before);
    expect(c.requests).toEqual([]);
    // A refusal is not retried; searches say the vector arm was skipped and why, until the breaker opens.
    for (let i = 0; i < 2; i++) {
      const found = (await c.client.op('search', { query: 'Acme Robotics founder' }, { remote: false })) as { skipped?: { vector?: string }; results: unknown[] };
      expect(found.results.length).toBeGreaterThan(0);
      expect(found.skipped?.vector).toMatch(/not a provider configured in the settings/);
    }
    // The refusals opened the embeddings breaker, and the plugin heard of it.
    expect(c.providerEvents.some((s) => s.name === 'embeddings' && s.state === 'open')).toBe(true);
    expect((await c.client.providers()).find((s) => s.name === 'embeddings')).toMatchObject({ state: 'open' });
    // Retry closes it (the next call goes out again).
    expect(await c.client.retryProviders()).toBe(1);
    expect((await c.client.providers()).find((s) => s.name === 'embeddings')).toMatchObject({ state: 'closed' });
  });

  it('a main thread without requestUrl refuses provider requests with the reason', async () => {
    const c = await connect(demoVault(), { noRequestUrl: true });
    await c.client.open('rq5', withEmbedder());
    const run = await c.client.index();
    expect(String((run.embed as { error?: Error }).error?.message)).toMatch(/not served here \(no requestUrl\)/);
  });
});
