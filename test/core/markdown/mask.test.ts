import { describe, expect, it } from 'vitest';
import { findFencedBlocks, maskNonLinkText, nonLinkRanges } from '../../../src/core/markdown/mask';

function cpuMs(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

describe('maskNonLinkText', () => {
  it('blanks code, comments and math but keeps offsets and newlines', () => {
    const text = 'a [[A]] `[[B]]` %%[[C]]%% $[[D]]$ $$\n[[E]]\n$$ [[F]]\n```\n[[G]]\n```\n[[H]]';
    const masked = maskNonLinkText(text);
    expect(masked.length).toBe(text.length);
    expect(masked.split('\n').length).toBe(text.split('\n').length);
    for (const kept of ['[[A]]', '[[F]]', '[[H]]']) expect(masked).toContain(kept);
    for (const gone of ['[[B]]', '[[C]]', '[[D]]', '[[E]]', '[[G]]']) expect(masked).not.toContain(gone);
  });

  it('names the blanked parts and their kinds in order, a fence and the code inside it as one', () => {
    const text = 'a `x` b\n```\n`y`\n```\nc %%z%% $m$';
    const ranges = nonLinkRanges(text);
    expect(ranges.map(({ from, to, kind }) => [text.slice(from, to), kind])).toEqual([
      ['`x`', 'code'],
      ['```\n`y`\n```\n', 'code'],
      ['%%z%%', 'comment'],
      ['$m$', 'math'],
    ]);
  });

  it('does not treat prices as math or unmatched backticks as code', () => {
    const text = 'costs $5 and $10 for [[A]]; a lone ` tick [[B]]';
    const masked = maskNonLinkText(text);
    expect(masked).toContain('[[A]]');
    expect(masked).toContain('[[B]]');
  });

  it('comments out everything after an unclosed %%', () => {
    expect(maskNonLinkText('[[A]] %% [[B]]\n[[C]]')).not.toContain('[[C]]');
  });

  it('finds fences with languages, inside lists, and unclosed ones', () => {
    const blocks = findFencedBlocks('x\n  ```ts\ncode\n  ```\n~~~python\nopen');
    expect(blocks.map((b) => [b.lang, b.startLine])).toEqual([
      ['ts', 2],
      ['python', 5],
    ]);
  });

  it('stays linear on hostile input (1 MB of backticks, dollars, percent signs)', () => {
    for (const unit of ['`a ', '$a ', '``a`', '%%', '$$a', '$ a$']) {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length));
      expect(cpuMs(() => maskNonLinkText(text))).toBeLessThan(1000);
    }
  });
});
