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
 * The client settings both chat SDKs (Anthropic, OpenAI) are made with: an explicit key (`keyPlaceholder` when none,
 * so the SDK never goes looking for keys in the environment), a fetch that bounds the response and refuses
 * redirects to another origin (the prompt carries note excerpts and the key), the caller's timeout, and no SDK
 * retries (they wait out any Retry-After, however long, in a sleep no signal stops: README, Network use).
 */
export function chatClientSettings(options: ProviderOptions, defaultBaseURL: string, keyPlaceholder: string, fetch: FetchLike | undefined) {
  return {
    baseURL: options.baseURL ?? defaultBaseURL,
    apiKey: options.apiKey ?? keyPlaceholder,
    ...guardedFetchOptions(fetch, { maxBytes: MAX_RESPONSE_BYTES.chat, maxLineBytes: MAX_STREAM_LINE_BYTES }),
    timeout: options.timeoutMs,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  };
}
