import { describe, expect, it } from 'vitest';
import { aggregate, parseEvalSet, queryMetrics } from '../../../src/core/search/eval-metrics';
import { formatEvalTable, runEval } from '../../../src/core/search/run-eval';

describe('queryMetrics', () => {
  it('computes P@k, R@k, reciprocal rank and nDCG@k by hand-checked values', () => {
    // relevant at ranks 2 and 4 out of 3 relevant notes
    const m = queryMetrics(['x', 'a', 'y', 'b', 'z'], ['a', 'b', 'c'], 5);
    expect(m.precision).toBeCloseTo(2 / 5, 10);
    expect(m.recall).toBeCloseTo(2 / 3, 10);
    expect(m.reciprocalRank).toBeCloseTo(1 / 2, 10);
    const dcg = 1 / Math.log2(3) + 1 / Math.log2(5);
    const idcg = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(m.ndcg).toBeCloseTo(dcg / idcg, 10);
  });

  it('gives 1 everywhere for a perfect ranking and 0 for no hit', () => {
    expect(queryMetrics(['a', 'b'], ['a', 'b'], 2)).toEqual({ precision: 1, recall: 1, reciprocalRank: 1, ndcg: 1 });
    expect(queryMetrics(['x', 'y'], ['a'], 2)).toEqual({ precision: 0, recall: 0, reciprocalRank: 0, ndcg: 0 });
    expect(queryMetrics([], ['a'], 3)).toEqual({ precision: 0, recall: 0, reciprocalRank: 0, ndcg: 0 });
  });

  it('counts a repeated note once, at its first position, and looks past k for the reciprocal rank', () => {
    const m = queryMetrics(['x', 'x', 'y', 'a'], ['a'], 2);
    expect(m.recall).toBe(0);
    expect(m.reciprocalRank).toBeCloseTo(1 / 3, 10);
    expect(queryMetrics(['a', 'a', 'a'], ['a', 'b'], 3).precision).toBeCloseTo(1 / 3, 10);
  });

  it('normalises nDCG by the ideal for min(k, |rel|) and handles an empty relevant set', () => {
    expect(queryMetrics(['a'], ['a', 'b', 'c'], 1).ndcg).toBe(1);
    expect(queryMetrics(['a'], [], 5)).toEqual({ precision: 0, recall: 0, reciprocalRank: 0, ndcg: 0 });
  });

  it('rejects a bad k', () => {
    expect(() => queryMetrics(['a'], ['a'], 0)).toThrow(RangeError);
    expect(() => queryMetrics(['a'], ['a'], 1.5)).toThrow(RangeError);
  });

  it('aggregates means and survives no rows', () => {
    const a = aggregate([
      { precision: 1, recall: 0.5, reciprocalRank: 1, ndcg: 1 },
      { precision: 0, recall: 0.5, reciprocalRank: 0.5, ndcg: 0 },
    ]);
    expect(a).toEqual({ queries: 2, precision: 0.5, recall: 0.5, mrr: 0.75, ndcg: 0.5 });
    expect(aggregate([])).toEqual({ queries: 0, precision: 0, recall: 0, mrr: 0, ndcg: 0 });
  });
});

describe('parseEvalSet', () => {
  it('reads JSON lines, skipping blank ones', () => {
    const set = parseEvalSet('{"q":"a","rel":["x.md"],"kind":"k"}\n\n{"q":"b","rel":["y.md","z.md"]}\r\n');
    expect(set).toEqual([
      { q: 'a', rel: ['x.md'], kind: 'k' },
      { q: 'b', rel: ['y.md', 'z.md'] },
    ]);
  });

  it('names the line of malformed input', () => {
    expect(() => parseEvalSet('{"q":"a","rel":["x.md"]}\nnot json')).toThrow(/line 2: not valid JSON/);
    expect(() => parseEvalSet('{"q":"","rel":["x.md"]}')).toThrow(/line 1: "q"/);
    expect(() => parseEvalSet('{"q":"a","rel":[]}')).toThrow(/"rel"/);
    expect(() => parseEvalSet('{"q":"a","rel":[1]}')).toThrow(/"rel"/);
    expect(() => parseEvalSet('{"q":"a","rel":["x"],"kind":3}')).toThrow(/"kind"/);
    expect(() => parseEvalSet('[1,2]')).toThrow(/"q"/);
    expect(() => parseEvalSet('\u0000\u0001')).toThrow(/line 1/);
    expect(() => parseEvalSet('{"q":"a","rel":["x.md"],"split":"train"}')).toThrow(/line 1: "split"/);
  });

  it('keeps the dev/test split of a line', () => {
    expect(parseEvalSet('{"q":"a","rel":["x.md"],"split":"dev"}\n{"q":"b","rel":["y.md"],"split":"test"}')).toEqual([
      { q: 'a', rel: ['x.md'], split: 'dev' },
      { q: 'b', rel: ['y.md'], split: 'test' },
    ]);
  });
});

describe('runEval', () => {
  it('scores every question through the ranker, per kind and overall', async () => {
    const ranked: Record<string, string[]> = { one: ['a', 'b'], two: ['x', 'y', 'c'] };
    const report = await runEval(
      [
        { q: 'one', rel: ['a'], kind: 'p' },
        { q: 'two', rel: ['c'], kind: 'd' },
      ],
      (q) => Promise.resolve(ranked[q] ?? []),
      2,
    );
    expect(report.byKind.p?.recall).toBe(1);
    expect(report.byKind.d?.recall).toBe(0);
    expect(report.byKind.d?.mrr).toBeCloseTo(1 / 3, 10);
    expect(report.overall.mrr).toBeCloseTo((1 + 1 / 3) / 2, 10);
    expect(formatEvalTable(report).join('\n')).toMatch(/overall\s+2\s+0\.250\s+0\.500\s+0\.667/);
    expect(report.bySplit).toEqual({});
  });

  it('scores the dev and test halves apart when the set is split', async () => {
    const report = await runEval(
      [
        { q: 'one', rel: ['a'], split: 'dev' },
        { q: 'two', rel: ['c'], split: 'test' },
        { q: 'three', rel: ['a'], split: 'test' },
      ],
      (q) => Promise.resolve(q === 'two' ? ['x', 'c'] : ['a']),
      1,
    );
    expect(report.bySplit.dev).toMatchObject({ queries: 1, recall: 1, mrr: 1 });
    expect(report.bySplit.test).toMatchObject({ queries: 2, recall: 0.5, mrr: 0.75 });
    expect(report.rows.map((r) => r.split)).toEqual(['dev', 'test', 'test']);
    const table = formatEvalTable(report).join('\n');
    expect(table).toMatch(/dev half\s+1\s+1\.000\s+1\.000\s+1\.000/);
    expect(table).toMatch(/test half\s+2\s+0\.500\s+0\.500\s+0\.750/);
  });
});
