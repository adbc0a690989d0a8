// The shape of `fetch` the provider SDKs accept, declared once so core code needs no global lookup.
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
