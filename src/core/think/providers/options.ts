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
