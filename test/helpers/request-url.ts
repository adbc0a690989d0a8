// A stand-in for Obsidian's `requestUrl` in Node tests: the request goes out from this process (as Obsidian's goes
// out from Electron's network stack, with no CORS), the whole body comes back at once, and HTTP errors are answers
// (`throw: false`). Every call is recorded.
import type { RequestUrlLike } from '../../src/obsidian/bridge/serve-requests';

export interface RequestUrlStandIn {
  request: RequestUrlLike;
  calls: { url: string; method: string; headers: Record<string, string>; body: string }[];
}

export function nodeRequestUrl(): RequestUrlStandIn {
  const calls: RequestUrlStandIn['calls'] = [];
  const request: RequestUrlLike = async (r) => {
    const body = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : new TextDecoder().decode(r.body);
    calls.push({ url: r.url, method: r.method, headers: r.headers, body });
    const res = await fetch(r.url, { method: r.method, headers: r.headers, ...(r.body !== undefined ? { body: r.body } : {}) });
    return { status: res.status, headers: Object.fromEntries(res.headers), arrayBuffer: await res.arrayBuffer() };
  };
  return { request, calls };
}
