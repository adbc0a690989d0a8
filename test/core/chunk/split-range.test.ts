import { describe, expect, it } from 'vitest';
import {
  LEVEL_CHAR,
  LEVEL_CLAUSE,
  LEVEL_LINE,
  LEVEL_PARAGRAPH,
  LEVEL_SENTENCE,
  LEVEL_WORD,
  boundaryLevel,
  splitRange,
  trimRange,
} from '../../../src/core/chunk/split-range';
import { countTokens, indexTokens } from '../../../src/core/chunk/text-metrics';

const level = (text: string, marker = '|', code = false): number => {
  const p = text.indexOf(marker);
  const t = text.slice(0, p) + text.slice(p + 1);
  return boundaryLevel(t, p, t.length, code);
};

describe('countTokens', () => {
  it('counts Latin words by whitespace runs', () => {
    expect(countTokens('hello  world,\tthis is\n\nfine.')).toBe(5);
    expect(countTokens('')).toBe(0);
    expect(countTokens('   \n ')).toBe(0);
  });
  it('counts each CJK character as a token and CJK punctuation as none', () => {
    expect(countTokens('我们今天开会。')).toBe(6);
    expect(countTokens('今日はいい天気')).toBe(7);
    expect(countTokens('Alice 在 Acme 工作，很好')).toBe(2 + 1 + 2 + 2);
  });
  it('counts a supplementary-plane ideograph once', () => {
    expect(countTokens('𠀀𠀁')).toBe(2);
  });
  it('indexTokens agrees with countTokens and gives exact spans', () => {
    const t = 'ab 中文 cd,ef  𠀀';
    const idx = indexTokens(t, 0, t.length);
    expect(idx.count).toBe(countTokens(t));
    const spans = Array.from({ length: idx.count }, (_, i) => t.slice(idx.starts[i], idx.ends[i]));
    expect(spans).toEqual(['ab', '中', '文', 'cd,ef', '𠀀']);
  });
});

describe('boundaryLevel', () => {
  it('ranks paragraph > line > sentence > clause > word > char', () => {
    expect(level('a b.\n\n|c')).toBe(LEVEL_PARAGRAPH);
    expect(level('a b.\n|c')).toBe(LEVEL_LINE);
    expect(level('one two.| three')).toBe(LEVEL_SENTENCE);
    expect(level('one two,| three')).toBe(LEVEL_CLAUSE);
    expect(level('one two| three')).toBe(LEVEL_WORD);
    expect(level('on|e')).toBe(LEVEL_CHAR);
  });
  it('knows CJK sentence and clause marks, closing quotes and bare CJK word breaks', () => {
    expect(level('他说。|然后')).toBe(LEVEL_SENTENCE);
    expect(level('他说：“好。”|然后')).toBe(LEVEL_SENTENCE);
    expect(level('苹果，|香蕉')).toBe(LEVEL_CLAUSE);
    expect(level('苹果、|香蕉')).toBe(LEVEL_CLAUSE);
    expect(level('苹|果')).toBe(LEVEL_WORD);
    expect(level('She said "done."| Then')).toBe(LEVEL_SENTENCE);
  });
  it('does not treat decimals or code dots as sentence ends', () => {
    expect(level('3.|5')).toBe(LEVEL_CHAR);
    expect(level('a.b| c', '|', true)).toBe(LEVEL_WORD);
    expect(level('end.| x', '|', true)).toBe(LEVEL_WORD);
  });
  it('never splits a surrogate pair', () => {
    const t = 'a😀b';
    expect(boundaryLevel(t, 2, t.length, false)).toBe(-1);
  });
});

describe('trimRange', () => {
  it('drops blank lines and trailing space, keeps indentation at a line start', () => {
    const t = '\n\n   indented text  \n\n';
    const r = trimRange(t, 0, t.length)!;
    expect(t.slice(r[0], r[1])).toBe('   indented text');
    const mid = 'word   next';
    const r2 = trimRange(mid, 4, mid.length)!;
    expect(mid.slice(r2[0], r2[1])).toBe('next');
    expect(trimRange(' \n\t ', 0, 4)).toBeNull();
  });
});

describe('splitRange', () => {
  const limits = { target: 10, overlap: 0, maxChars: 4000 };
  const slices = (t: string, l = limits): string[] => splitRange(t, 0, t.length, l).map(([s, e]) => t.slice(s, e));

  it('keeps a range that fits whole', () => {
    expect(slices('just a few words here')).toEqual(['just a few words here']);
  });
  it('prefers paragraph breaks', () => {
    const t = 'a1 a2 a3 a4 a5 a6.\n\nb1 b2 b3 b4 b5 b6.';
    expect(slices(t)).toEqual(['a1 a2 a3 a4 a5 a6.', 'b1 b2 b3 b4 b5 b6.']);
  });
  it('falls back to lines, then sentences, then clauses, then words', () => {
    expect(slices('a1 a2 a3 a4 a5 a6\nb1 b2 b3 b4 b5 b6')).toEqual(['a1 a2 a3 a4 a5 a6', 'b1 b2 b3 b4 b5 b6']);
    expect(slices('a1 a2 a3 a4 a5 a6. b1 b2 b3 b4 b5 b6.')).toEqual(['a1 a2 a3 a4 a5 a6.', 'b1 b2 b3 b4 b5 b6.']);
    expect(slices('a1 a2 a3 a4 a5 a6; b1 b2 b3 b4 b5 b6')).toEqual(['a1 a2 a3 a4 a5 a6;', 'b1 b2 b3 b4 b5 b6']);
    const words = Array.from({ length: 25 }, (_, i) => `x${i}`).join(' ');
    const parts = slices(words);
    expect(parts.map((p) => countTokens(p))).toEqual([10, 10, 5]);
    expect(parts.join(' ')).toBe(words);
  });
  it('splits CJK text at 。 then at ， then between characters', () => {
    const s1 = '甲乙丙丁戊己。';
    const s2 = '庚辛壬癸子丑。';
    expect(slices(s1 + s2)).toEqual([s1, s2]);
    expect(slices('甲乙丙丁戊己，庚辛壬癸子丑')).toEqual(['甲乙丙丁戊己，', '庚辛壬癸子丑']);
    const bare = '甲'.repeat(25);
    expect(slices(bare).map((p) => p.length)).toEqual([10, 10, 5]);
  });
  it('splits a word longer than the char cap by characters', () => {
    const t = 'x'.repeat(100);
    const parts = slices(t, { target: 10, overlap: 3, maxChars: 30 });
    expect(parts.join('')).toBe(t);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(30);
  });
  it('overlaps consecutive chunks by about the overlap and no more than 1.5x', () => {
    const t = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
    const ranges = splitRange(t, 0, t.length, { target: 40, overlap: 10, maxChars: 4000 });
    expect(ranges.length).toBeGreaterThan(4);
    for (let i = 1; i < ranges.length; i++) {
      const [s] = ranges[i]!;
      const [, prevEnd] = ranges[i - 1]!;
      expect(s).toBeLessThan(prevEnd);
      const shared = countTokens(t, s, prevEnd);
      expect(shared).toBeGreaterThanOrEqual(5);
      expect(shared).toBeLessThanOrEqual(15);
    }
    expect(ranges[ranges.length - 1]![1]).toBe(t.length);
  });
});
