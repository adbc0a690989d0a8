// A `fetch` for the provider SDKs that sends each request through the main thread's `requestUrl` (Obsidian's
// HTTP client: no CORS, the same on desktop and mobile), over the worker RPC. A local model server or a company
// proxy that sends no CORS headers then works from Obsidian too; the worker's own fetch could not read its
// answers. `requestUrl` has no streaming: the whole body comes back in one message, so streamed chat keeps the
// worker's fetch (think falls back to one unstreamed call through here when a stream cannot start).
import type { FetchLike } from '../../core/net/fetch-like';
import type { CallOptions } from '../protocol/rpc';
import type { ProviderReply, ProviderRequest } from '../protocol/worker-api';

/** What this needs of the worker's endpoint: the main thread's `net.request`. */
export interface ProviderRequestChannel {
  call(method: 'net.request', params: ProviderRequest, options?: CallOptions): Promise<ProviderReply>;
}

/** Statuses whose Response may not carry a body (the constructor throws if given one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export function requestUrlFetch(channel: () => ProviderRequestChannel): FetchLike {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const signal = init?.signal ?? request?.signal ?? undefined;
    signal?.throwIfAborted();
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = await bodyOf(init?.body ?? (request && request.body ? await request.arrayBuffer() : undefined));
    let reply: ProviderReply;
    try {
      // The abort (the SDK's timeout, the user cancelling) settles the call here at once; requestUrl itself
      // cannot be cancelled, so its answer is dropped when it comes.
      reply = await channel().call('net.request', { url, method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), headers, ...(body !== undefined ? { body } : {}) }, { signal: signal ?? undefined });
    } catch (e) {
      if (signal?.aborted) throw e;
      // As fetch fails: a TypeError the SDKs report as a connection error, the reason (and its code) kept.
      throw Object.assign(new TypeError(e instanceof Error ? e.message : String(e), { cause: e }), codeOf(e));
    }
    return new Response(NULL_BODY.has(reply.status) ? null : reply.body, { status: reply.status, headers: reply.headers });
  };
}

/** The error's stable code (it crossed the RPC), so the embedder can tell a refusal from a network failure. */
function codeOf(e: unknown): { code?: string } {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? { code } : {};
}

/** The request body as `requestUrl` takes it: text or bytes. */
async function bodyOf(body: BodyInit | null | undefined): Promise<string | ArrayBuffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof ArrayBuffer) return body;
  if (ArrayBuffer.isView(body)) return copyOf(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Blob) return body.arrayBuffer();
  // FormData and streams: what a Response makes of them.
  return new Response(body).arrayBuffer();
}

function copyOf(bytes: Uint8Array): ArrayBuffer {
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return out.buffer;
}
