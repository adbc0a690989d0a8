// What every provider adapter takes.

import type { FetchLike } from '../../net/fetch-like';

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
