import { describe, expect, it } from 'vitest';
import { hasCjk, segmentForIndex, segmentQuery } from '../../../src/core/text/segment';
import { orQuery } from '../../../src/core/engine/sql/query-text';
import { entityCandidates, nameKey } from '../../../src/core/engine/names';

const tokens = (s: string): string[] => s.split(/\s+/).filter(Boolean);

describe('segmentForIndex', () => {
  it('returns non-CJK text unchanged (same string)', () => {
    const s = 'Hello, world — émigré café 123 [[Link]]';
    expect(segmentForIndex(s)).toBe(s);
    expect(hasCjk(s)).toBe(false);
  });

  it('splits Chinese into words and adds the run bigrams', () => {
    const t = tokens(segmentForIndex('后台任务的工作进程'));
    expect(t).toContain('后台');
    expect(t).toContain('任务');
    expect(t).toContain('进程');
    expect(t).toContain('台任'); // bigram across a word boundary
    expect(t).not.toContain('后台任务的工作进程');
  });

  it('keeps Latin text around CJK and splits at CJK punctuation', () => {
    const out = segmentForIndex('Acme的CEO说：人工智能。OK');
    expect(out).toMatch(/^Acme 的 CEO 说 ：/);
    expect(out).toContain(' 人工 智能 人 工 智 能 人工 工智 智能 。OK');
  });

  it('indexes each Han character once, so words that share only a character (删掉/删除) share a term', () => {
    const t = tokens(segmentForIndex('删除的笔记可以恢复'));
    expect(t).toEqual(expect.arrayContaining(['删', '除', '恢', '复', '删除']));
    expect(t.filter((x) => x === '删')).toHaveLength(1);
    // Kana and Hangul characters alone mean nothing: no unigrams for them.
    expect(tokens(segmentForIndex('プログラミング'))).not.toContain('プ');
  });

  it('segments Japanese with the ja segmenter and Korean runs', () => {
    expect(tokens(segmentForIndex('プログラミング言語を学ぶ'))).toEqual(expect.arrayContaining(['プログラミング', '言語']));
    expect(tokens(segmentForIndex('한국어는 어렵다'))).toEqual(expect.arrayContaining(['한국어는', '한국']));
  });

  it('never splits a surrogate pair at a slice seam', () => {
    const out = segmentForIndex('𠀀'.repeat(300));
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('handles pathological input quickly', () => {
    // ICU goes superlinear on long runs; slicing keeps a 60k-character run (a pasted book) fast.
    const big = '后台任务的工作进程负责处理队列'.repeat(4000);
    const t0 = performance.now();
    const out = segmentForIndex(big);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(out.length).toBeGreaterThan(big.length);
    expect(segmentForIndex('')).toBe('');
    expect(segmentForIndex('\u0000\uFFFF\uD800')).toBe('\u0000\uFFFF\uD800');
  });
});

describe('segmentQuery', () => {
  it('turns a CJK run into a phrase of bigrams and leaves Latin alone', () => {
    expect(segmentQuery('后台任务').trim()).toBe('"后台 台任 任务"');
    expect(segmentQuery('任务').trim()).toBe('任务');
    expect(segmentQuery('的').trim()).toBe('的');
    expect(segmentQuery('queue -worker or "x y"')).toBe('queue -worker or "x y"');
  });

  it('does not nest quotes inside a quoted user phrase', () => {
    const q = segmentQuery('"后台任务 queue"');
    expect(q.match(/"/g)).toHaveLength(2);
  });
});

describe('orQuery', () => {
  it('joins tokens with or, keeping phrases, dropping negations and bare or', () => {
    expect(orQuery('alpha beta')).toBe('alpha or beta');
    expect(orQuery('alpha OR beta -gamma "x y"')).toBe('alpha or beta or "x y"');
    expect(orQuery(segmentQuery('后台任务 queue'))).toBe('"后台 台任 任务" or queue');
    expect(orQuery('  "" -x or ')).toBe('');
    expect(orQuery('unbalanced "quote here')).toBe('unbalanced or quote or here');
  });
});

describe('names', () => {
  it('normalises names', () => {
    expect(nameKey('  Acme,  Inc. ')).toBe('acme inc');
    expect(nameKey('Ｆｕｌｌ Width')).toBe('full width');
    expect(nameKey('...')).toBe('');
  });

  it('builds word n-grams and CJK substrings', () => {
    const c = entityCandidates("Who is Alice Chen's manager at Acme, Inc.?");
    expect(c).toEqual(expect.arrayContaining(['alice chen', 'alice', 'acme inc', 'alice chen']));
    expect(entityCandidates('张伟在阿里巴巴工作')).toEqual(expect.arrayContaining(['阿里巴巴', '张伟']));
    expect(entityCandidates('')).toEqual([]);
  });

  it('caps candidates on huge input', () => {
    const c = entityCandidates('word '.repeat(100_000) + '字'.repeat(50_000));
    expect(c.length).toBeLessThanOrEqual(20_001);
  });
});
