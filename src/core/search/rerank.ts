// The optional rerank stage of `deep` search: the top results re-ordered by a cross-encoder behind an
// OpenAI-compatible `/rerank` endpoint (as llama.cpp's server and Jina serve it: {model, query, documents} ->
// {results: [{index, relevance_score}]}) or by the chat model (chat-reranker.ts). Only when the user configured
// one; excluded notes are never sent; any failure or timeout leaves the fused order, and explain says why.
// The model's order is fused with the retrieval order rather than replacing it (see RERANK_MODEL_WEIGHT).
import { errorMessage } from '../errors';
import { boundedBodies, MAX_RESPONSE_BYTES } from '../net/bounded-body';
import { providerFailure, type CircuitBreaker } from '../net/circuit-breaker';
import type { FetchLike } from '../net/fetch-like';
import { sameOriginRedirectsOnly } from '../net/redirect-guard';
import type { SearchResult } from './types';
import { withTimeout } from '../util/with-timeout';

/** Results sent to the reranker (issue 12: the top 30). */
export const RERANK_TOP = 30;
/** Characters of each result sent: title, heading and the start of the chunk. */
const DOC_CHARS = 1500;

export interface Reranker {
  id: string;
  /** A relevance score per document, in the documents' order. */
  score(query: string, documents: string[], signal?: AbortSignal): Promise<number[]>;
}

/**
 * How much the model's order counts against the fused retrieval order when the two are combined by reciprocal rank
 * (the retrieval order weighs 1). Model output is untrusted and a reranker can be weak (a small local model, a
 * note that talks the model into ranking it first), so the model moves results a few places and settles near
 * ties rather than replacing the order. Dev halves with the lexical stand-in (bench/fake-model.mjs, eval-bench
 * `deep+chat:w=…`): its order alone (w = inf) lost everywhere but fuzzy (EN R@5 .877 -> .714, mixed .970 ->
 * .697); w = 1 and 2 still lost on EN, ZH and mixed; 0.5 lost least while keeping most of its gain on fuzzy
 * and typo questions (fuzzy MRR .846 -> .913). A real reranker is stronger than the stand-in; this is the safe
 * side of what could be measured here.
 *
 * Session 10: 0.25. Once the fused leader was kept (LEADER_KEPT) and the rewrites that echo the question skipped,
 * what deep still lost against balanced was the model re-ordering positions 2-10, where fused scores sit within
 * a few percent of each other. At 0.5 one result the model ranks first (the rest in fused order) rises from 7th
 * into the top five and from 20th to 10th, and one it ranks last falls from 3rd to 6th: relevant notes crossed the
 * top five both ways (dev halves: blind ZH-2 R@5 -.028 in both model modes, ZH-3 MRR -.006, blind EN-2 R@5 -.029
 * and EN help R@5 -.008 with the endpoint). At 0.25 the favourite enters the top five from 6th at most and the
 * first page from 14th, and 2nd and 3rd stay in the top five (the fused order's steps are largest at the head,
 * so one weight moves the head least): no dev half of the 13 sets lost in either model mode. Swept on them with
 * the model's scores replayed: 0.1-0.25 no loss (gains grow with the weight), 0.3 loses 1-2 sets, 0.35-0.5 2-4. Weights that grew down the list (the model freer below the first
 * page) let deep results jump into the top five and lost on 3-11 sets; bounding how far a result may rise or
 * fall, or protecting results two arms agree on, kept 1-4 losses at 0.5. docs/search.md, "Modes".
 */
export const RERANK_MODEL_WEIGHT = 0.25;
/**
 * Results at the head of the fused order the combined order leaves in place: the model reorders what follows.
 * With the lexical stand-in on the dev halves, the rank combination moved fusion's correct first result to second
 * or third on 15 questions over five sets (ZH help, mixed, ZH notes, EN help, fuzzy) and lifted a buried answer to
 * first on 2; kept first, every set's dev MRR with the model is at least balanced's (docs/search.md, "Modes"). A
 * model can still lift any answer to second, which keeps most of what it finds.
 */
export const LEADER_KEPT = 1;
/** k of the combination (as in RRF, smaller than fusion's 60: there are only 30 ranks). */
const RERANK_K = 10;

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
    async score(query, documents, signal) {
      const call = (): Promise<number[]> => scoreOnce(query, documents, signal);
      return o.breaker ? o.breaker.run(call, (e) => providerFailure(e, signal)) : call();
    },
  };

  async function scoreOnce(query: string, documents: string[], signal?: AbortSignal): Promise<number[]> {
    const timeout = AbortSignal.timeout(o.timeoutMs);
    const res = await send(`${o.baseURL.replace(/\/+$/, '')}/rerank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}) },
      body: JSON.stringify({ model: o.model, query, documents, top_n: documents.length }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
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
 * The results with their first RERANK_TOP re-ordered by the reranker combined with the fused order (documents it
 * did not score keep their relative order after the ones it did, in its view). Notes `accepts` refuses are not
 * sent and keep their places. A call past `timeoutMs` is abandoned for the fused order. Returns the stage's
 * explain line too.
 */
export async function rerankResults<R extends SearchResult>(
  results: R[],
  query: string,
  reranker: Reranker,
  accepts: (path: string) => boolean,
  options: { timeoutMs?: number; modelWeight?: number; keep?: number } = {},
): Promise<{ results: R[]; stage: string }> {
  const weight = options.modelWeight ?? RERANK_MODEL_WEIGHT;
  // Fused order's leader stays first when the two orders are combined (the model's order alone, an infinite
  // weight, is the one exception). See LEADER_KEPT.
  const keep = Math.max(options.keep ?? 0, Number.isFinite(weight) ? LEADER_KEPT : 0);
  const top = results.slice(0, keep + RERANK_TOP);
  const slots = top.map((r, i) => ({ r, i })).filter((x) => x.i >= keep && accepts(x.r.path));
  if (slots.length < 2) return { results, stage: `skipped: ${slots.length} result(s) to rerank` };
  let scores: number[];
  try {
    scores = await withTimeout((signal) => reranker.score(query, slots.map((x) => documentOf(x.r)), signal), options.timeoutMs);
  } catch (e) {
    return { results, stage: `fell back to the fused order: ${errorMessage(e)}` };
  }
  const order = combinedOrder(scores.slice(0, slots.length), weight);
  const out = [...results];
  slots.forEach((slot, k) => {
    out[slot.i] = slots[order[k]!]!.r;
  });
  return { results: out, stage: `${slots.length} results reranked by ${reranker.id}${keep > 0 ? ` (the first ${keep} kept in place)` : ''}` };
}

/**
 * Positions 0..n-1 (the fused order) re-ordered by reciprocal rank over the fused order (weight 1) and the
 * scores' order (weight `modelWeight`; unscored documents rank after every scored one, in fused order). Ties keep
 * the fused order. An infinite weight is the scores' order alone.
 */
export function combinedOrder(scores: number[], modelWeight: number): number[] {
  const byModel = scores.map((s, k) => ({ s: Number.isFinite(s) ? s : Number.NEGATIVE_INFINITY, k })).sort((a, b) => b.s - a.s || a.k - b.k);
  const modelRank = new Array<number>(scores.length);
  byModel.forEach((x, rank) => {
    modelRank[x.k] = rank + 1;
  });
  const value = (k: number): number =>
    modelWeight === Number.POSITIVE_INFINITY ? -modelRank[k]! : 1 / (RERANK_K + k + 1) + modelWeight / (RERANK_K + modelRank[k]!);
  return scores.map((_, k) => k).sort((a, b) => value(b) - value(a) || a - b);
}
