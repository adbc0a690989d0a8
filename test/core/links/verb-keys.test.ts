import { describe, expect, it } from 'vitest';
import { candidatePatterns } from '../../../src/core/links/verb-keys';
import { VERB_PATTERNS } from '../../../src/core/links/verb-patterns';

/** The definition the bigram filter must reproduce exactly. */
const naive = (hay: string): number[] => VERB_PATTERNS.map((p) => (p.keys.some((k) => hay.includes(k)) ? 1 : 0));

describe('candidatePatterns', () => {
  it('flags exactly the patterns with a key in the clause', () => {
    for (const hay of [
      '',
      'a',
      'she co-founded\n',
      'worked at\nas cto',
      '由\n领投',
      '在\n工作',
      'left the company and joined\n',
      'development shipment ahead\nfactor',
      'x @ y',
      '\n',
    ]) {
      expect(Array.from(candidatePatterns(hay)), hay).toEqual(naive(hay));
    }
  });

  it('agrees with the naive key search on random clauses built from key fragments', () => {
    const pieces = [...new Set(VERB_PATTERNS.flatMap((p) => p.keys))].flatMap((k) => [k, k.slice(0, 2), k.slice(1)]);
    pieces.push(' ', '\n', 'the', 'x', '中文', '😀');
    let seed = 11;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let k = 0; k < 3000; k++) {
      let hay = '';
      const n = rand(8);
      for (let i = 0; i < n; i++) hay += pieces[rand(pieces.length)];
      expect(Array.from(candidatePatterns(hay)), hay).toEqual(naive(hay));
    }
  });

  it('resets between calls', () => {
    expect(candidatePatterns('joined').some((v) => v === 1)).toBe(true);
    expect(Array.from(candidatePatterns('zzz'))).toEqual(naive('zzz'));
  });
});
