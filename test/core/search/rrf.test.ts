import { describe, expect, it } from 'vitest';
import { fuseRrf, rrfContribution, RRF_K } from '../../../src/core/search/rrf';

describe('RRF', () => {
  it('contributes weight / (60 + rank)', () => {
    expect(RRF_K).toBe(60);
    expect(rrfContribution(1)).toBeCloseTo(1 / 61, 12);
    expect(rrfContribution(10, 4)).toBeCloseTo(4 / 70, 12);
    expect(() => rrfContribution(0)).toThrow(RangeError);
  });

  it('sums arms, ranks by distinct keys, and keeps each arm\'s rank for explain', () => {
    const fused = fuseRrf([
      { arm: 'keyword', weight: 1, items: [{ key: 'a', score: 3 }, { key: 'a', score: 2 }, { key: 'b', score: 1 }] },
      { arm: 'vector', weight: 1, items: [{ key: 'b', score: 0.9 }, { key: 'c', score: 0.8 }] },
    ]);
    expect(fused.map((f) => f.key)).toEqual(['b', 'a', 'c']);
    const b = fused[0]!;
    expect(b.rrf).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(b.arms).toEqual([
      { arm: 'keyword', rank: 2, score: 1, weight: 1, contribution: 1 / 62 },
      { arm: 'vector', rank: 1, score: 0.9, weight: 1, contribution: 1 / 61 },
    ]);
    expect(fused[1]!.rrf).toBeCloseTo(1 / 61, 12);
    expect(fused[2]!.rrf).toBeCloseTo(1 / 62, 12);
  });

  it('lets a weighted arm lead and breaks ties deterministically', () => {
    const fused = fuseRrf([
      { arm: 'keyword', weight: 1, items: [{ key: 'k1', score: 1 }] },
      { arm: 'vector', weight: 1, items: [{ key: 'k1', score: 1 }] },
      { arm: 'graph', weight: 4, items: [{ key: 'g1', score: 5 }, { key: 'g2', score: 1 }] },
    ]);
    expect(fused.map((f) => f.key)).toEqual(['g1', 'g2', 'k1']);
    const tie = fuseRrf([{ arm: 'keyword', weight: 1, items: [{ key: 'z', score: 1 }] }, { arm: 'vector', weight: 1, items: [{ key: 'y', score: 1 }] }]);
    expect(tie.map((f) => f.key)).toEqual(['y', 'z']);
    expect(fuseRrf([])).toEqual([]);
  });
});
