// The main thread's side of the worker's provider calls: each `net.request` goes out through Obsidian's
// `requestUrl` (no CORS; Electron's network stack on desktop, the native one on mobile). The worker is our own
// code, but `requestUrl` can reach any address without the browser's cross-origin checks, so it is only lent to
// the providers the user configured: a request to any other origin is refused here, whatever asked for it.
import { BrainError } from '../../core/errors';
import type { Handlers } from '../protocol/rpc';
import { withTransfer } from '../protocol/rpc';
import type { NetApi, ProviderReply, ProviderRequest } from '../protocol/worker-api';

/** The part of Obsidian's `requestUrl` used here (the real one in the plugin, a stand-in in tests). */
export type RequestUrlLike = (request: {
  url: string;
  method: string;
  headers: Record<string, string>;
  contentType?: string;
  body?: string | ArrayBuffer;
  throw: false;
}) => Promise<{ status: number; headers: Record<string, string>; arrayBuffer: ArrayBuffer }>;

export class ProviderRequestRefusedError extends BrainError {
  constructor(message: string) {
    super('provider_request_refused', message);
    this.name = 'ProviderRequestRefusedError';
  }
}

/**
 * `net.request` over `request`, for the origins `allowed()` names now (the configured providers' base URLs).
 * Without `request` (a host that has no `requestUrl`) every call is refused with the reason.
 */
export function providerRequestHandlers(request: RequestUrlLike | undefined, allowed: () => readonly string[]): Handlers<NetApi> {
  return {
    'net.request': async (p: ProviderRequest) => {
      if (!request) throw new ProviderRequestRefusedError('provider requests are not served here (no requestUrl)');
      const url = parseUrl(p.url);
      if (!allowed().includes(url.origin)) {
        throw new ProviderRequestRefusedError(`${url.origin} is not a provider configured in the settings; the request was not sent`);
      }
      const headers = { ...p.headers };
      const contentType = headers['content-type'];
      const res = await request({
        url: url.href,
        method: p.method,
        headers,
        ...(contentType ? { contentType } : {}),
        ...(p.body !== undefined ? { body: p.body } : {}),
        // 4xx and 5xx are answers the SDK reads (error bodies, Retry-After), not failures of the request.
        throw: false,
      });
      const body = res.arrayBuffer;
      const reply: ProviderReply = { status: res.status, headers: lowerCased(res.headers), body };
      return withTransfer(reply, [body]);
    },
  };
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderRequestRefusedError('the provider URL is not valid');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ProviderRequestRefusedError(`${url.protocol} URLs are not provider endpoints`);
  return url;
}

/** Header names as fetch's Headers give them (requestUrl keeps the server's case on some platforms). */
function lowerCased(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = String(value);
  return out;
}

/** The origin of a configured base URL, or null when it is empty or not an http(s) URL. */
export function originOf(baseURL: string | undefined): string | null {
  if (!baseURL?.trim()) return null;
  try {
    const url = new URL(baseURL.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
