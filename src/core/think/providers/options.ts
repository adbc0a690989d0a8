// What every provider adapter takes.

import type { FetchLike } from '../../net/fetch-like';

export type { FetchLike };

export interface ProviderOptions {
  model: string;
  baseURL?: string;
  apiKey?: string;
  fetch?: FetchLike;
  timeoutMs: number;
}

/**
 * Characters of a model's answer that are read; a longer (or endless) stream is stopped there and the request
 * closed. Far above any honest answer to one question (max tokens are 1,500), and what parse-answer reads.
 */
export const MAX_MODEL_ANSWER_CHARS = 200_000;
