import { describe, expect, it } from 'vitest';
import { closeWord, editBudget, editDistance, nameCloseness } from '../../../src/core/text/typo';

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and adjacent swaps as one edit each', () => {
    expect(editDistance('graph', 'graph')).toBe(0);
    expect(editDistance('grpah', 'graph')).toBe(1);
    expect(editDistance('canvs', 'canvas')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops early past the limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });
});

describe('closeWord and nameCloseness', () => {
  it('allows one edit in short words, two in long ones, none in tiny ones', () => {
    expect(editBudget(2)).toBe(0);
    expect(editBudget(5)).toBe(1);
    expect(editBudget(8)).toBe(2);
    expect(closeWord('recvoery', 'recovery')).toBe(true);
    expect(closeWord('cat', 'car')).toBe(true);
    expect(closeWord('ab', 'ac')).toBe(false);
    expect(closeWord('tags', 'tabs')).toBe(true);
    expect(closeWord('graph', 'grape')).toBe(true);
    expect(closeWord('canvas', 'campus')).toBe(false);
  });

  it('takes a 3+ letter prefix as a truncation', () => {
    expect(closeWord('outlin', 'outline')).toBe(true);
    expect(closeWord('vie', 'view')).toBe(true);
    expect(closeWord('vi', 'view')).toBe(false);
  });

  it('needs every typed word to match a different word of the name, and scores the share of the name covered', () => {
    expect(nameCloseness('grpah view', 'graph view')).toBe(1);
    expect(nameCloseness('footnote vie', 'footnotes view')).toBe(1);
    expect(nameCloseness('file recvoery', 'file recovery')).toBe(1);
    expect(nameCloseness('recvoery', 'file recovery')).toBe(0.5);
    expect(nameCloseness('view view', 'graph view')).toBe(0);
    expect(nameCloseness('zebra view', 'graph view')).toBe(0);
    expect(nameCloseness('', 'graph view')).toBe(0);
  });
});
