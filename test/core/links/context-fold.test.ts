import { describe, expect, it } from 'vitest';
import { contextAround, foldWhitespace } from '../../../src/core/links/context';

const viaRegex = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('foldWhitespace', () => {
  it('folds runs of whitespace to one space and trims, like /\\s+/ and trim', () => {
    expect(foldWhitespace('  a \n\n b\tc  ', 0, 12)).toBe('a b c');
    expect(foldWhitespace('a b', 0, 3)).toBe('a b');
    expect(foldWhitespace(' \n ', 0, 3)).toBe('');
    expect(foldWhitespace('xx a  b yy', 2, 8)).toBe('a b');
  });

  it('matches the regex definition on random text with every kind of Unicode space', () => {
    const alphabet = [' ', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u180e', '\u200b', 'a', 'Z', '中', '😀', '.'];
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let k = 0; k < 5000; k++) {
      let s = '';
      const len = rand(16);
      for (let i = 0; i < len; i++) s += alphabet[rand(alphabet.length)];
      const from = rand(s.length + 1);
      const to = from + rand(s.length - from + 1);
      expect(foldWhitespace(s, from, to), JSON.stringify(s.slice(from, to))).toBe(viaRegex(s.slice(from, to)));
    }
  });

  it('keeps contextAround within its region and whole surrogate pairs', () => {
    const text = `${'x'.repeat(200)}\n\n[[Link]]  and\tmore😀${'y'.repeat(200)}`;
    const at = text.indexOf('[[');
    // The radius ends between the emoji's two halves: the context takes the whole emoji.
    const ctx = contextAround(text, at, at + 8, 11);
    expect(ctx).toBe(viaRegex(text.slice(at - 11, at + 8 + 12)));
    expect(ctx.endsWith('more😀')).toBe(true);
    expect(contextAround(text, at, at + 8, 500, at)).toMatch(/^\[\[Link\]\] and more/);
  });
});
