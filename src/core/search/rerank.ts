// The optional rerank stage of `deep` search: the top results re-ordered by a cross-encoder behind an
// OpenAI-compatible `/rerank` endpoint (as llama.cpp's server and Jina serve it: {model, query, documents} ->
// {results: [{index, relevance_score}]}). Only when the user configured one; excluded notes are never sent; any
// failure or timeout leaves the fused order, and explain says why.
import { errorMessage } from '../errors';
import { boundedBodies, MAX_RESPONSE_BYTES } from '../net/bounded-body';
import { providerFailure, type CircuitBreaker } from '../net/circuit-breaker';
import type { FetchLike } from '../net/fetch-like';
import { sameOriginRedirectsOnly } from '../net/redirect-guard';
import type { SearchResult } from './types';

/** Results sent to the reranker (issue 12: the top 30). */
export const RERANK_TOP = 30;
/** Characters of each result sent: title, heading and the start of the chunk. */
const DOC_CHARS = 1500;

export interface Reranker {
  id: string;
  /** A relevance score per document, in the documents' order. */
  score(query: string, documents: string[]): Promise<number[]>;
}

export interface EndpointRerankerOptions {
  /** The OpenAI-compatible base URL (`http://localhost:8080/v1`); the request goes to `${baseURL}/rerank`. */
  baseURL: string;
  model: string;
  apiKey?: string;
  fetch: FetchLike;
  timeoutMs: number;
  /** A dead reranker fails at once for its cool-down instead of costing every deep search its timeout. */
  breaker?: CircuitBreaker;
}

export function endpointReranker(o: EndpointRerankerOptions): Reranker {
  // The request carries note excerpts and the key: a redirect to another origin is refused, never followed.
  const send = boundedBodies(sameOriginRedirectsOnly(o.fetch), MAX_RESPONSE_BYTES.rerank);
  return {
    id: `rerank:${o.model}`,
    async score(query, documents) {
      const call = (): Promise<number[]> => scoreOnce(query, documents);
      return o.breaker ? o.breaker.run(call, (e) => providerFailure(e)) : call();
    },
  };

  async function scoreOnce(query: string, documents: string[]): Promise<number[]> {
    const res = await send(`${o.baseURL.replace(/\/+$/, '')}/rerank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify({ model: o.model, query, documents, top_n: documents.length }),
      signal: AbortSignal.timeout(o.timeoutMs),
    });
    if (!res.ok) throw Object.assign(new Error(`rerank endpoint answered HTTP ${res.status}`), { status: res.status });
    const body = (await res.json()) as { results?: unknown };
    if (!Array.isArray(body.results)) throw new Error('rerank endpoint answered without results');
    const scores: number[] = documents.map(() => Number.NEGATIVE_INFINITY);
    for (const r of body.results as { index?: unknown; relevance_score?: unknown }[]) {
      // Untrusted input: only in-range indexes with finite scores count.
      if (typeof r.index === 'number' && Number.isInteger(r.index) && r.index >= 0 && r.index < documents.length && typeof r.relevance_score === 'number' && Number.isFinite(r.relevance_score)) {
        scores[r.index] = r.relevance_score;
      }
    }
    if (scores.every((s) => s === Number.NEGATIVE_INFINITY)) throw new Error('rerank endpoint scored no document');
    return scores;
  }
}

function documentOf(r: SearchResult): string {
  return `${r.title}${r.heading ? ` — ${r.heading}` : ''}\n${r.text}`.slice(0, DOC_CHARS);
}

/**
 * The results with their first RERANK_TOP re-ordered by the reranker's scores (documents it did not score keep
 * their relative order after the ones it did). Notes `accepts` refuses are not sent and keep their places.
 * Returns the stage's explain line too.
 */
export async function rerankResults<R extends SearchResult>(
  results: R[],
  query: string,
  reranker: Reranker,
  accepts: (path: string) => boolean,
): Promise<{ results: R[]; stage: string }> {
  const top = results.slice(0, RERANK_TOP);
  const slots = top.map((r, i) => ({ r, i })).filter((x) => accepts(x.r.path));
  if (slots.length < 2) return { results, stage: `skipped: ${slots.length} result(s) to rerank` };
  let scores: number[];
  try {
    scores = await reranker.score(query, slots.map((x) => documentOf(x.r)));
  } catch (e) {
    return { results, stage: `fell back to the fused order: ${errorMessage(e)}` };
  }
  const order = slots.map((x, k) => ({ ...x, s: scores[k] ?? Number.NEGATIVE_INFINITY, k })).sort((a, b) => b.s - a.s || a.k - b.k);
  const out = [...results];
  slots.forEach((slot, k) => {
    out[slot.i] = order[k]!.r;
  });
  return { results: out, stage: `${slots.length} results reranked by ${reranker.id}` };
}
