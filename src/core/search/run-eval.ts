// Runs an eval set through a search function and scores it, overall and per kind. Used by `vault-brain eval`
// and the benchmarks, so every number comes from the same code.
import { aggregate, queryMetrics, type AggregateMetrics, type EvalQuery, type EvalSplit, type QueryMetrics } from './eval-metrics';

/** Distinct note paths for a query, best first. */
export type RankNotes = (query: string, depth: number) => Promise<string[]>;

export interface EvalRow extends QueryMetrics {
  q: string;
  kind: string;
  split?: EvalSplit;
  rel: string[];
  /** The top notes returned (up to the MRR depth). */
  top: string[];
  ms: number;
}

export interface EvalReport {
  k: number;
  /** How deep the reciprocal rank looks. */
  mrrDepth: number;
  overall: AggregateMetrics;
  byKind: Record<string, AggregateMetrics>;
  /** Per half (`dev`, `test`), when the set has splits: tune on dev, report test. */
  bySplit: Partial<Record<EvalSplit, AggregateMetrics>>;
  rows: EvalRow[];
}

export const MRR_DEPTH = 10;

export async function runEval(queries: EvalQuery[], rank: RankNotes, k: number, now: () => number = () => Date.now()): Promise<EvalReport> {
  const depth = Math.max(k, MRR_DEPTH);
  const rows: EvalRow[] = [];
  for (const q of queries) {
    const t0 = now();
    const top = [...new Set(await rank(q.q, depth))].slice(0, depth);
    const ms = now() - t0;
    rows.push({ q: q.q, kind: q.kind ?? 'all', ...(q.split ? { split: q.split } : {}), rel: q.rel, top, ms, ...queryMetrics(top, q.rel, k) });
  }
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const byKind = Object.fromEntries(kinds.map((kind) => [kind, aggregate(rows.filter((r) => r.kind === kind))]));
  const bySplit: EvalReport['bySplit'] = {};
  for (const split of ['dev', 'test'] as const) {
    const part = rows.filter((r) => r.split === split);
    if (part.length > 0) bySplit[split] = aggregate(part);
  }
  return { k, mrrDepth: depth, overall: aggregate(rows), byKind, bySplit, rows };
}

export function formatEvalTable(report: EvalReport, label = ''): string[] {
  const k = report.k;
  const head = `${(label || 'kind').padEnd(16)} ${'n'.padStart(4)}  ${`P@${k}`.padStart(6)}  ${`R@${k}`.padStart(6)}  ${'MRR'.padStart(6)}  ${`nDCG@${k}`.padStart(7)}`;
  const line = (name: string, m: AggregateMetrics): string =>
    `${name.padEnd(16)} ${String(m.queries).padStart(4)}  ${m.precision.toFixed(3).padStart(6)}  ${m.recall.toFixed(3).padStart(6)}  ${m.mrr.toFixed(3).padStart(6)}  ${m.ndcg.toFixed(3).padStart(7)}`;
  const kinds = Object.entries(report.byKind);
  const splits = Object.entries(report.bySplit).map(([name, m]) => line(`${name} half`, m));
  return [head, ...(kinds.length > 1 ? kinds.map(([name, m]) => line(name, m)) : []), line('overall', report.overall), ...splits];
}
