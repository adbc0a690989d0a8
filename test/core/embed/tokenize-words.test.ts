import { describe, expect, it } from 'vitest';
import { tokenizeWords } from '../../../src/core/embed/tokenize-words';

describe('tokenizeWords', () => {
  it('lower-cases and splits on anything but letters, marks and digits', () => {
    expect(tokenizeWords('Hello, World! [[Note]] #tag/sub **bold** x_y 3.14')).toEqual(['hello', 'world', 'note', 'tag', 'sub', 'bold', 'x', 'y', '3', '14']);
  });

  it('keeps inner hyphens and apostrophes, drops outer ones', () => {
    expect(tokenizeWords("-co-founder- 'quoted' rock'n'roll")).toEqual(['co-founder', 'quoted', "rock'n'roll"]);
  });

  it('splits contractions the way the vocabulary needs', () => {
    expect(tokenizeWords("I can't, she won't, they're, we've, it's, Bob's, isn\u2019t")).toEqual([
      'i', 'can', 'not', 'she', 'will', 'not', 'they', 'we', 'it', 'bob', 'is', 'not',
    ]);
  });

  it('is Unicode aware', () => {
    expect(tokenizeWords('Grüße aus Zürich — ΑΘΗΝΑ')).toEqual(['grüße', 'aus', 'zürich', 'αθηνα']);
    expect(tokenizeWords('e\u0301te\u0301')).toEqual(['e\u0301te\u0301']);
    expect(tokenizeWords('会议记录 2024')).toEqual(['会议记录', '2024']);
  });

  it('returns nothing for empty, whitespace or symbol-only input', () => {
    expect(tokenizeWords('')).toEqual([]);
    expect(tokenizeWords(' \n\t ')).toEqual([]);
    expect(tokenizeWords("--- ''' ... ***")).toEqual([]);
  });
});
