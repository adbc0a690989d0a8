// What every provider adapter takes.

/** The shape of `fetch` the SDKs accept (declared here so core code needs no global lookup). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface ProviderOptions {
  model: string;
  baseURL?: string;
  apiKey?: string;
  fetch?: FetchLike;
  timeoutMs: number;
}
