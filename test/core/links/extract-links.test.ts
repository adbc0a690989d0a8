import { describe, expect, it } from 'vitest';
import { contextAround } from '../../../src/core/links/context';
import { LinksLineLookup } from '../../../src/core/links/line-lookup';
import { cpuMs, linksOf, onlyLink } from './helpers';

describe('extractLinks: positions and context', () => {
  it('reports 1-based lines and file offsets, also after frontmatter', () => {
    const text = '---\ntitle: x\n---\nfirst\n\nsecond [[A]]\nthird [[B]] and [[C]]';
    const links = linksOf(text, 'note', { frontmatter: { title: 'x' }, frontmatterText: 'title: x', frontmatterStartLine: 2, bodyStart: 17 });
    expect(links.map((l) => [l.targetText, l.line])).toEqual([
      ['A', 6],
      ['B', 7],
      ['C', 7],
    ]);
    for (const l of links) expect(text.slice(l.offset, l.offset + l.raw.length)).toBe(l.raw);
  });

  it('ignores link syntax inside the frontmatter region of the body scan', () => {
    const text = '---\nnote: see [[Hidden]] here\n---\nbody';
    // The parsed frontmatter says there is no link value (e.g. a YAML comment), so nothing is emitted.
    expect(linksOf(text, 'note', { frontmatterText: 'note: see [[Hidden]] here', frontmatterStartLine: 2, bodyStart: 33 })).toEqual([]);
  });

  it('context is about ±120 chars of the original text, whitespace folded, on one line', () => {
    const before = 'word '.repeat(60);
    const after = ' tail'.repeat(60);
    const text = `${before}\n\n[[Target]]\t\t${after}`;
    const l = onlyLink(text);
    expect(l.context).toContain('[[Target]]');
    expect(l.context).not.toMatch(/\s{2}|\n|\t/);
    expect(l.context.length).toBeGreaterThan(200);
    // ±120 characters grown to the edges of the words the window cut ("word", not "rd"), so a few more.
    expect(l.context.length).toBeLessThanOrEqual(120 * 2 + l.raw.length + 8);
    const expected = text.slice(l.offset - 122, l.offset + l.raw.length + 122).replace(/\s+/g, ' ').trim();
    expect(l.context).toBe(expected);
    expect(l.context.startsWith('word ')).toBe(true);
    expect(l.context.endsWith(' tail')).toBe(true);
    // Far-away text is not included.
    expect(onlyLink(`${'far '.repeat(40)}${'x'.repeat(130)} [[T]]`).context).not.toContain('far');
  });

  it('context uses the original text, including code the mask hides', () => {
    const l = onlyLink('Run `npm test` then read [[Guide]].');
    expect(l.context).toBe('Run `npm test` then read [[Guide]].');
  });

  it('context never splits a surrogate pair', () => {
    const text = `${'😀'.repeat(100)}[[X]]${'😀'.repeat(100)}`;
    const ctx = onlyLink(text).context;
    expect(ctx).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(contextAround('abc', 1, 2)).toBe('abc');
  });

  it('line lookup handles edges', () => {
    const idx = new LinksLineLookup('a\nb\n\nc');
    expect([0, 1, 2, 3, 4, 5, 99].map((o) => idx.lineOf(o))).toEqual([1, 1, 2, 2, 3, 4, 4]);
    expect(idx.startOf(4)).toBe(5);
    expect(idx.startOf(9)).toBe(-1);
  });
});

describe('extractLinks: code, comments, math', () => {
  it('skips fenced code, inline code, %% comments %% and math', () => {
    const text = [
      'real [[One]]',
      '```',
      '[[InFence]] [x](fence.md)',
      '```',
      'inline `[[InCode]]` and %%[[InComment]]%% and $[[InMath]]$ and $$[[Block]]$$',
      '~~~md',
      'works_at:: [[InTilde]]',
      '~~~',
      'real [two](Two.md)',
    ].join('\n');
    expect(linksOf(text).map((l) => l.targetText)).toEqual(['One', 'Two.md']);
  });

  it('an unclosed %% comments out the rest of the note', () => {
    expect(linksOf('[[A]] %% [[B]]\n[[C]]').map((l) => l.targetText)).toEqual(['A']);
  });

  it('keeps dollar amounts as text', () => {
    expect(linksOf('costs $5 and [[Deal]] is $10').map((l) => l.targetText)).toEqual(['Deal']);
  });
});

describe('extractLinks: bad input', () => {
  it('returns nothing for empty, binary-ish and bracket-only text', () => {
    expect(linksOf('')).toEqual([]);
    expect(linksOf('\u0000\u0001[[\u0000]]\uFFFD')).toHaveLength(1);
    expect(linksOf('[[[[]]]] [] () [ ] ( )')).toEqual([]);
  });

  it('clamps a bad bodyStart', () => {
    expect(linksOf('[[A]]', 'note', { bodyStart: -5 })).toHaveLength(1);
    expect(linksOf('[[A]]', 'note', { bodyStart: 999 })).toEqual([]);
    expect(linksOf('[[A]]', 'note', { bodyStart: Number.NaN })).toHaveLength(1);
  });

  it('handles CRLF line endings', () => {
    const links = linksOf('a\r\nworks_at:: [[Acme]]\r\n[[B]]');
    expect(links.map((l) => [l.targetText, l.line, l.source])).toEqual([
      ['Acme', 2, 'inline-field'],
      ['B', 3, 'wikilink'],
    ]);
  });
});

describe('extractLinks: pathological input stays fast', () => {
  const MB = 1_000_000;
  const timed = (text: string, pageType = 'person') => {
    const { ms, result } = cpuMs(() => linksOf(text, pageType));
    return { links: result, ms };
  };
  const cases: [string, string][] = [
    ['[[[[[[', '[['],
    ['[[a| repeated', '[[a|'],
    ['](', ']('],
    ['unmatched [', '['],
    ['[a]( repeated', '[a]('],
    ['[](( repeated', '[](('],
    ['[a](b " repeated', '[a](b "'],
    ['![[ repeated', '![['],
    ['[k:: repeated', '[k::'],
    ['(k:: [ repeated', '(k:: ['],
    ['k:: lines with unclosed links', 'k:: [[x\n'],
    ['bracket soup', '[]([[]])(]['],
  ];
  it.each(cases)('1 MB of %s', (_name, unit) => {
    const { links, ms } = timed(unit.repeat(Math.ceil(MB / unit.length)));
    expect(ms).toBeLessThan(1000);
    expect(Array.isArray(links)).toBe(true);
  });

  it('1 MB with a megabyte of nested brackets still finds the real link at the end', () => {
    const { links, ms } = timed('['.repeat(MB / 2) + ']'.repeat(MB / 2 - 20) + ' see [[Real]]');
    expect(ms).toBeLessThan(1000);
    expect(links.map((l) => l.targetText)).toContain('Real');
  });

  it('1 MB of prose with a few links', () => {
    const para = 'Lorem ipsum dolor sit amet, she worked at the lab. (Note: x) [draft] '.repeat(40);
    const text = `${para}[[Acme]] co-founded\n`.repeat(Math.ceil(MB / (para.length + 20)));
    const { links, ms } = timed(text);
    expect(ms).toBeLessThan(1000);
    expect(links.length).toBeGreaterThan(300);
  });

  it.each([
    ['dense links', '[[a]] [b](c.md) ![[i.png]] '],
    ['verb soup', 'founded invested in advises works at [[X]], '],
    ['cjk verb soup', '由[[甲]]和[[乙]]联合创立，在[[丙]]工作。'],
    ['inline fields', 'works_at:: [[A]], [[B]]\n'],
  ])('40 kB of %s (about a thousand links, each with a verb clause)', (_name, unit) => {
    const { links, ms } = timed(unit.repeat(Math.ceil(40_000 / unit.length)));
    expect(ms).toBeLessThan(1000);
    expect(links.length).toBeGreaterThan(800);
  });
});

describe('link context and the title heading', () => {
  const ctx = (text: string, bodyStart = 0): string[] => linksOf(text, 'note', { bodyStart }).map((l) => l.context);

  it('leaves out the H1 above the link (the title every surface already prints), keeping lower headings', () => {
    expect(ctx('# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019.\n')).toEqual(['Alice Chen founded [[Acme Robotics]] in 2019.']);
    expect(ctx('# Acme\n\n## Founders\n- [[Alice Chen]]\n')).toEqual(['## Founders - [[Alice Chen]]']);
    const fm = '---\ntype: person\n---\n';
    expect(ctx(`${fm}# Bob\nBob works at [[Acme]].\n`, fm.length)).toEqual(['Bob works at [[Acme]].']);
  });

  it('stops before the next H1, and keeps a link that sits in an H1 whole', () => {
    expect(ctx('Intro with [[Acme]] here.\n# Next part\nOther text.\n')).toEqual(['Intro with [[Acme]] here.']);
    expect(ctx('# About [[Acme]]\nBody.\n')[0]).toContain('# About [[Acme]]');
  });
});
