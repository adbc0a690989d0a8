import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/core/markdown/parse-markdown';

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('compiled truth / timeline split', () => {
  it('splits at a <!-- timeline --> line; ranges are file offsets and the strings are exact slices', () => {
    const text = '---\ntype: person\n---\nAlice is CTO.\n<!-- timeline -->\n- 2024-01-15 | Joined Acme\n';
    const p = parseMarkdown('people/alice.md', text);
    expect(p.timelineMarker).toBe('comment');
    expect(p.compiledTruth).toBe('Alice is CTO.\n');
    expect(p.timelineText).toBe('- 2024-01-15 | Joined Acme\n');
    expect(p.compiledRange).toEqual([p.bodyStart, text.indexOf('<!--')]);
    expect(p.timelineRange).toEqual([text.indexOf('- 2024'), text.length]);
    expect(text.slice(...p.compiledRange)).toBe(p.compiledTruth);
    expect(text.slice(...p.timelineRange)).toBe(p.timelineText);
  });

  it('splits at a --- timeline --- line (any case, extra dashes)', () => {
    const p = parseMarkdown('n.md', 'Truth\n---- Timeline ----\n- 2024-02-01: x\n');
    expect(p.timelineMarker).toBe('rule');
    expect(p.compiledTruth).toBe('Truth\n');
    expect(p.timeline).toEqual([{ date: '2024-02-01', summary: 'x', line: 3 }]);
  });

  it('splits at a trailing ## Timeline section', () => {
    const text = '# Alice\n\nIntro\n\n## Work\nCTO\n\n## Timeline\n- **2024-01-15** | Joined\n### 2024 detail\n- 2024-03-01 | Promoted\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timelineMarker).toBe('heading');
    expect(p.compiledTruth).toBe('# Alice\n\nIntro\n\n## Work\nCTO\n\n');
    expect(p.timelineText).toBe('- **2024-01-15** | Joined\n### 2024 detail\n- 2024-03-01 | Promoted\n');
    expect(p.timeline.map((e) => e.date)).toEqual(['2024-01-15', '2024-03-01']);
  });

  it('accepts # Timeline, ### timeline and 时间线 headings', () => {
    expect(parseMarkdown('n.md', 'x\n# Timeline\n- 2024-01-01 a').timeline).toHaveLength(1);
    expect(parseMarkdown('n.md', '## A\n### timeline ###\n- 2024-01-01 a').timeline).toHaveLength(1);
    expect(parseMarkdown('n.md', '说明\n## 时间线\n- 2024年1月1日 成立').timeline).toEqual([{ date: '2024-01-01', summary: '成立', line: 3 }]);
    expect(parseMarkdown('n.md', 'x\n#### Timeline\n- 2024-01-01 a').timelineMarker).toBeNull();
  });

  it('does not split at a Timeline heading followed by a heading of the same or higher level', () => {
    const p = parseMarkdown('n.md', '## Timeline\n- 2024-01-01 | a\n## Notes\nmore\n');
    expect(p.timelineMarker).toBeNull();
    expect(p.timeline).toEqual([]);
    expect(parseMarkdown('n.md', '## Timeline\n- 2024-01-01 | a\n# Top\n').timelineMarker).toBeNull();
  });

  it('uses a later qualifying marker when an earlier Timeline heading does not qualify', () => {
    const text = '## Timeline\nplan\n## Notes\n<!-- timeline -->\n- 2024-05-05 | late\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timelineMarker).toBe('comment');
    expect(p.timeline).toEqual([{ date: '2024-05-05', summary: 'late', line: 5 }]);
  });

  it('uses the first marker when several exist', () => {
    const text = 'a\n--- timeline ---\nb\n<!-- timeline -->\n- 2024-01-01 x\n## Timeline\n- 2024-01-02 y\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timelineMarker).toBe('rule');
    expect(p.compiledTruth).toBe('a\n');
    expect(p.timeline.map((e) => e.date)).toEqual(['2024-01-01', '2024-01-02']);
  });

  it('ignores markers inside code fences and comments', () => {
    const text = '```\n<!-- timeline -->\n## Timeline\n```\n%%\n--- timeline ---\n%%\nbody\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timelineMarker).toBeNull();
    expect(p.compiledTruth).toBe(text);
  });

  it('without a timeline: timelineRange = [len, len], compiledRange = [bodyStart, len]', () => {
    const text = '---\na: 1\n---\nJust truth.\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timelineRange).toEqual([text.length, text.length]);
    expect(p.compiledRange).toEqual([p.bodyStart, text.length]);
    expect(p.timelineText).toBe('');
    expect(p.timeline).toEqual([]);
  });

  it('handles CRLF markers and a marker on the last line without a newline', () => {
    const crlf = 'Truth\r\n<!-- timeline -->\r\n- 2024-01-15 | A\r\n';
    const p = parseMarkdown('n.md', crlf);
    expect(p.compiledTruth).toBe('Truth\r\n');
    expect(p.timeline).toEqual([{ date: '2024-01-15', summary: 'A', line: 3 }]);
    const last = parseMarkdown('n.md', 'Truth\n<!-- timeline -->');
    expect(last.timelineMarker).toBe('comment');
    expect(last.timelineRange).toEqual([last.compiledRange[1] + '<!-- timeline -->'.length, 'Truth\n<!-- timeline -->'.length]);
    expect(last.timelineText).toBe('');
  });
});

describe('timeline entries', () => {
  const forms: [string, string][] = [
    ['- **2024-01-15** | Bold pipe', 'Bold pipe'],
    ['- 2024-01-15 | Plain pipe', 'Plain pipe'],
    ['- 2024-01-15: Colon', 'Colon'],
    ['- **2024-01-15**: Bold colon', 'Bold colon'],
    ['- **2024-01-15:** Colon inside bold', 'Colon inside bold'],
    ['* 2024/01/15 — Slash em dash', 'Slash em dash'],
    ['+ 2024/1/15 – En dash', 'En dash'],
    ['- 2024-01-15 - Hyphen', 'Hyphen'],
    ['- [[2024-01-15]] Daily link', 'Daily link'],
    ['- 2024年1月15日 中文日期', '中文日期'],
    ['- 2024年01月15日：全角冒号', '全角冒号'],
    ['- 2024 年 1 月 15 日 | 空格', '空格'],
    ['- **2024年1月15日** | 加粗', '加粗'],
    ['1. 2024-01-15 | Ordered', 'Ordered'],
    ['- [x] 2024-01-15 | Task', 'Task'],
    ['2024-01-15 | No bullet', 'No bullet'],
    ['  - 2024-01-15 | Indented  ', 'Indented'],
  ];

  it.each(forms)('reads %j', (line, summary) => {
    const text = `Truth\n<!-- timeline -->\n${line}\n`;
    const p = parseMarkdown('n.md', text);
    expect(p.timeline).toEqual([{ date: '2024-01-15', summary, line: 3 }]);
    expect(p.warnings).toEqual([]);
  });

  it('gives 1-based file lines, counting frontmatter lines', () => {
    const text = '---\na: 1\n---\nTruth\n\n## Timeline\n\n- 2024-01-01 | one\nnot an entry\n- 2024-12-31 | two\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timeline).toEqual([
      { date: '2024-01-01', summary: 'one', line: lineOf(text, '- 2024-01-01') },
      { date: '2024-12-31', summary: 'two', line: lineOf(text, '- 2024-12-31') },
    ]);
    expect(p.timeline[0]!.line).toBe(8);
  });

  it('keeps inline markup in summaries (from the original text)', () => {
    const p = parseMarkdown('n.md', '<!-- timeline -->\n- 2024-01-01 | Met [[Bob]] about `deploy` and $5 fees\n');
    expect(p.timeline[0]!.summary).toBe('Met [[Bob]] about `deploy` and $5 fees');
  });

  it('rejects impossible calendar dates with a timeline-bad-date warning at the line', () => {
    const text = '<!-- timeline -->\n- 2023-02-29 | not leap\n- 2024-02-30 | no\n- 2024-13-01 | month\n- 2024年2月30日 | cjk\n- 2024-02-29 | leap ok\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timeline).toEqual([{ date: '2024-02-29', summary: 'leap ok', line: 6 }]);
    expect(p.warnings.map((w) => [w.code, w.line])).toEqual([
      ['timeline-bad-date', 2],
      ['timeline-bad-date', 3],
      ['timeline-bad-date', 4],
      ['timeline-bad-date', 5],
    ]);
  });

  it('ignores non-entry lines silently', () => {
    const text = '<!-- timeline -->\nSome prose.\n- a bullet without a date\n- 2024 was a year\n- 2024-01-15abc\n### 2024-01-15\n';
    const p = parseMarkdown('n.md', text);
    expect(p.timeline).toEqual([]);
    expect(p.warnings).toEqual([]);
  });

  it('ignores dated lines outside the timeline and inside code in the timeline', () => {
    const text = '- 2024-01-01 | in compiled truth\n<!-- timeline -->\n```\n- 2024-01-02 | code\n```\n%% - 2024-01-03 | comment %%\n- 2024-01-04 | real\n';
    expect(parseMarkdown('n.md', text).timeline.map((e) => e.date)).toEqual(['2024-01-04']);
    expect(parseMarkdown('daily/2024-01-01.md', '- 2024-01-01 | no section').timeline).toEqual([]);
  });
});
