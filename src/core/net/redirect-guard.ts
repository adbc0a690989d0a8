// Provider calls carry the user's API key and, for think, excerpts of their notes. A redirect from the endpoint
// to another origin would re-post all of it there (fetch follows 307/308 with the body), so redirects are
// handled here: followed only within the configured origin, refused otherwise, never silently.
import type { FetchLike } from '../think/providers/options';
import { boundedBodies, type BodyBounds } from './bounded-body';

export const MAX_PROVIDER_REDIRECTS = 5;

export class ProviderRedirectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRedirectError';
  }
}

function urlOf(input: string | URL | Request): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
}

/**
 * What a provider SDK client is given: with an injected fetch (every surface: CLI, the plugin's worker, tests),
 * that fetch with redirects confined to the first URL's origin and response bodies bounded (bounded-body.ts);
 * without one (core has no fetch of its own), the SDK's fetch told to refuse every redirect.
 */
export function guardedFetchOptions(base: FetchLike | undefined, bounds: number | BodyBounds): { fetch: FetchLike } | { fetchOptions: { redirect: 'error' } } {
  return base ? { fetch: boundedBodies(sameOriginRedirectsOnly(base), bounds) } : { fetchOptions: { redirect: 'error' } };
}

/** `send` with redirects confined to the origin of each call's first URL. */
export function sameOriginRedirectsOnly(send: FetchLike): FetchLike {
  return async (input, init) => {
    let url = urlOf(input);
    const origin = url.origin;
    let options: RequestInit = { ...init, redirect: 'manual' };
    // A Request body can be read once: such a call is sent as is and any redirect refused.
    let target: string | URL | Request = typeof input === 'string' || input instanceof URL ? url : input;
    for (let hop = 0; ; hop++) {
      const res = await send(target, options);
      // Browsers hide a manual redirect's target: it cannot be checked, so it is not followed.
      if (res.type === 'opaqueredirect') throw new ProviderRedirectError(`the provider at ${origin} answered with a redirect; it was not followed`);
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      if (location === null) return res;
      const next = new URL(location, url);
      if (next.origin !== origin) {
        throw new ProviderRedirectError(`the provider at ${origin} redirected to another origin (${next.origin}); the request was not sent there`);
      }
      if (hop >= MAX_PROVIDER_REDIRECTS || typeof target !== 'string' && !(target instanceof URL)) {
        throw new ProviderRedirectError(`the provider at ${origin} redirected too often or with a one-shot body`);
      }
      // 303 (and 301/302 after a POST, as browsers do) become a GET without a body; 307/308 keep both.
      const method = (options.method ?? 'GET').toUpperCase();
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        const { body: _body, ...rest } = options;
        options = { ...rest, method: 'GET' };
      }
      url = next;
      target = next;
    }
  };
}

/** The redirect refusal behind an SDK's wrapper error ("Connection error." with a cause), if there is one. */
export function redirectRefusal(e: unknown): ProviderRedirectError | null {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof ProviderRedirectError) return cur;
  }
  return null;
}
