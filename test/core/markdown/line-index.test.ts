import { describe, expect, it } from 'vitest';
import { LineIndex, lineAt } from '../../../src/core/markdown/line-index';
import { cpuMs } from './cpu-time';

describe('LineIndex', () => {
  const text = 'ab\ncd\r\n\nlast';
  const idx = new LineIndex(text);

  it('maps every offset to the same line as a naive count', () => {
    for (let o = 0; o <= text.length; o++) {
      const naive = text.slice(0, o).split('\n').length;
      expect(idx.lineAt(o)).toBe(naive);
      expect(lineAt(text, o)).toBe(naive);
    }
  });

  it('counts lines and gives line starts', () => {
    expect(idx.lineCount).toBe(4);
    expect(idx.lineStart(1)).toBe(0);
    expect(idx.lineStart(2)).toBe(3);
    expect(idx.lineStart(4)).toBe(text.indexOf('last'));
    expect(idx.lineStart(99)).toBe(text.indexOf('last'));
  });

  it('clamps offsets outside the text', () => {
    expect(idx.lineAt(-5)).toBe(1);
    expect(idx.lineAt(Number.NaN)).toBe(1);
    expect(idx.lineAt(10_000)).toBe(4);
    expect(lineAt(text, 10_000)).toBe(4);
    expect(new LineIndex('').lineAt(0)).toBe(1);
  });

  it('is fast on a large text (binary search after one build)', () => {
    const big = 'line of text\n'.repeat(200_000);
    let bigIdx = new LineIndex('');
    let sum = 0;
    const ms = cpuMs(() => {
      bigIdx = new LineIndex(big);
      for (let i = 0; i < 200_000; i++) sum += bigIdx.lineAt((i * 7919) % big.length);
    });
    expect(sum).toBeGreaterThan(0);
    expect(bigIdx.lineAt(big.length - 1)).toBe(200_000);
    expect(ms).toBeLessThan(1000);
  });
});
