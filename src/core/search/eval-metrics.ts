// Retrieval metrics over ranked note paths with binary relevance. `ranked` is the system's distinct notes,
// best first; `relevant` is every note that fully answers the question.

export interface QueryMetrics {
  /** Relevant notes in the top k, divided by k. */
  precision: number;
  /** Relevant notes in the top k, divided by the number of relevant notes. */
  recall: number;
  /** 1 / rank of the first relevant note in the whole ranked list (0 when none is there). */
  reciprocalRank: number;
  /** DCG of the top k over the DCG of a perfect ranking (binary gains, log2 discount). */
  ndcg: number;
}

export interface AggregateMetrics {
  queries: number;
  precision: number;
  recall: number;
  mrr: number;
  ndcg: number;
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
}

/** Repeated paths count once, at their first position (a note shown twice is still one answer). */
function distinct(ranked: readonly string[]): string[] {
  return [...new Set(ranked)];
}

export function queryMetrics(ranked: readonly string[], relevant: readonly string[], k: number): QueryMetrics {
  checkK(k);
  const rel = new Set(relevant);
  const list = distinct(ranked);
  if (rel.size === 0) return { precision: 0, recall: 0, reciprocalRank: 0, ndcg: 0 };
  const top = list.slice(0, k);
  const hits = top.filter((p) => rel.has(p)).length;
  const first = list.findIndex((p) => rel.has(p));
  let dcg = 0;
  top.forEach((p, i) => {
    if (rel.has(p)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, rel.size); i++) ideal += 1 / Math.log2(i + 2);
  return { precision: hits / k, recall: hits / rel.size, reciprocalRank: first < 0 ? 0 : 1 / (first + 1), ndcg: dcg / ideal };
}

export function aggregate(rows: readonly QueryMetrics[]): AggregateMetrics {
  const n = rows.length;
  const mean = (f: (m: QueryMetrics) => number): number => (n === 0 ? 0 : rows.reduce((s, m) => s + f(m), 0) / n);
  return { queries: n, precision: mean((m) => m.precision), recall: mean((m) => m.recall), mrr: mean((m) => m.reciprocalRank), ndcg: mean((m) => m.ndcg) };
}

/** The half of a set a question belongs to: `dev` questions may be tuned on, `test` questions are only reported. */
export type EvalSplit = 'dev' | 'test';

export interface EvalQuery {
  q: string;
  rel: string[];
  kind?: string;
  split?: EvalSplit;
}

/** Parses an eval set (JSON lines `{"q", "rel", "kind"?, "split"?}`); blank lines are skipped, bad lines throw with their number. */
export function parseEvalSet(text: string): EvalQuery[] {
  const out: EvalQuery[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      throw new Error(`line ${i + 1}: not valid JSON`);
    }
    const o = v as { q?: unknown; rel?: unknown; kind?: unknown; split?: unknown };
    if (typeof v !== 'object' || v === null || typeof o.q !== 'string' || o.q.trim() === '') throw new Error(`line ${i + 1}: "q" must be a non-empty string`);
    if (!Array.isArray(o.rel) || o.rel.length === 0 || !o.rel.every((r) => typeof r === 'string')) {
      throw new Error(`line ${i + 1}: "rel" must be a non-empty list of paths`);
    }
    if (o.kind !== undefined && typeof o.kind !== 'string') throw new Error(`line ${i + 1}: "kind" must be a string`);
    if (o.split !== undefined && o.split !== 'dev' && o.split !== 'test') throw new Error(`line ${i + 1}: "split" must be "dev" or "test"`);
    out.push({ q: o.q, rel: o.rel, ...(typeof o.kind === 'string' ? { kind: o.kind } : {}), ...(o.split !== undefined ? { split: o.split } : {}) });
  });
  return out;
}
