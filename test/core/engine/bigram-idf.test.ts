import { describe, expect, it } from 'vitest';
import { bigramIdf } from '../../../src/core/engine/sql/keyword-ranker';

describe('bigramIdf', () => {
  const idf = (df: number, n: number): number => Math.log(1 + (n - df + 0.5) / (df + 0.5));

  it('caps a Han bigram at the sum of its characters\' IDFs', () => {
    const chars = new Map([['都', 800], ['能', 600]]);
    expect(bigramIdf('都能', 2, 1000, chars)).toBeCloseTo(idf(800, 1000) + idf(600, 1000), 10);
  });

  it('leaves a collocation (rarer characters), Latin words and single characters as BM25 has them', () => {
    const chars = new Map([['抵', 2], ['扣', 10]]);
    expect(bigramIdf('抵扣', 2, 1000, chars)).toBeCloseTo(idf(2, 1000), 10);
    expect(bigramIdf('sync', 2, 1000, chars)).toBeCloseTo(idf(2, 1000), 10);
    expect(bigramIdf('抵', 2, 1000, chars)).toBeCloseTo(idf(2, 1000), 10);
    // Characters with no count are not guessed at.
    expect(bigramIdf('未知', 2, 1000, new Map())).toBeCloseTo(idf(2, 1000), 10);
  });
});
