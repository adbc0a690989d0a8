// What every provider adapter takes.

import type { FetchLike } from '../../net/fetch-like';
import { MAX_RESPONSE_BYTES, MAX_STREAM_LINE_BYTES } from '../../net/bounded-body';
import { guardedFetchOptions } from '../../net/redirect-guard';

export type { FetchLike };

/**
 * How provider requests leave. `fetch` sends unstreamed calls (the CLI: Node's fetch; the plugin: Obsidian's
 * requestUrl, which no CORS policy stops but which cannot stream); `streamFetch` sends streamed chat (the plugin:
 * the worker's own fetch; default `fetch`). Neither given: the SDKs' own fetch, refusing every redirect.
 */
export interface ProviderTransport {
  fetch?: FetchLike;
  streamFetch?: FetchLike;
}

export interface ProviderOptions extends ProviderTransport {
  model: string;
  baseURL?: string;
  apiKey?: string;
  timeoutMs: number;
}

/**
 * Characters of a model's answer that are read; a longer (or endless) stream is stopped there and the request
 * closed. Far above any honest answer to one question (max tokens are 1,500), and what parse-answer reads.
 */
export const MAX_MODEL_ANSWER_CHARS = 200_000;

/**
 * What both chat SDK clients are built with: the endpoint, an explicit key (`placeholderKey` when none, so the SDK
 * never looks for one in the environment), `fetch` with redirects confined to the endpoint's origin and response
 * bodies bounded (the prompt carries note excerpts and the key), the caller's timeout, and no SDK retries (they
 * wait out any Retry-After, however long, in a sleep no signal stops: README, Network use).
 */
export function chatClientOptions(options: ProviderOptions, fetch: FetchLike | undefined, defaultBaseURL: string, placeholderKey: string) {
  return {
    baseURL: options.baseURL ?? defaultBaseURL,
    apiKey: options.apiKey ?? placeholderKey,
    ...guardedFetchOptions(fetch, { maxBytes: MAX_RESPONSE_BYTES.chat, maxLineBytes: MAX_STREAM_LINE_BYTES }),
    timeout: options.timeoutMs,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  };
}
