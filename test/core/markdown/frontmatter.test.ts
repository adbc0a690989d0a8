import { describe, expect, it } from 'vitest';
import { findExcessiveNesting } from '../../../src/core/markdown/frontmatter';
import { parseMarkdown } from '../../../src/core/markdown/parse-markdown';

const codes = (text: string): string[] => parseMarkdown('n.md', text).warnings.map((w) => w.code);

describe('frontmatter', () => {
  it('parses YAML between --- lines and starts the body after the closing line', () => {
    const text = '---\ntitle: Hello\nn: 3\nlist: [a, b]\n---\nBody here\n';
    const p = parseMarkdown('n.md', text);
    expect(p.frontmatter).toEqual({ title: 'Hello', n: 3, list: ['a', 'b'] });
    expect(p.frontmatterText).toBe('title: Hello\nn: 3\nlist: [a, b]\n');
    expect(p.frontmatterStartLine).toBe(2);
    expect(text.slice(p.bodyStart)).toBe('Body here\n');
    expect(p.compiledTruth).toBe('Body here\n');
    expect(p.warnings).toEqual([]);
  });

  it('accepts ... as the closing line and trailing blanks on delimiters', () => {
    const p = parseMarkdown('n.md', '---  \na: 1\n...\t\nbody');
    expect(p.frontmatter).toEqual({ a: 1 });
    expect(p.compiledTruth).toBe('body');
  });

  it('keeps dates as strings (JSON-safe)', () => {
    expect(parseMarkdown('n.md', '---\ncreated: 2024-01-15\n---\n').frontmatter).toEqual({ created: '2024-01-15' });
  });

  it('handles CRLF line endings', () => {
    const text = '---\r\ntitle: Win\r\ntags: [a]\r\n---\r\n# H\r\nbody\r\n';
    const p = parseMarkdown('n.md', text);
    expect(p.frontmatter).toEqual({ title: 'Win', tags: ['a'] });
    expect(text.slice(p.bodyStart)).toBe('# H\r\nbody\r\n');
    expect(p.title).toBe('Win');
  });

  it('handles a BOM before the opening ---', () => {
    const text = '\uFEFF---\ntitle: Bom\n---\nbody';
    const p = parseMarkdown('n.md', text);
    expect(p.frontmatter).toEqual({ title: 'Bom' });
    expect(p.compiledTruth).toBe('body');
    const noFm = parseMarkdown('x.md', '\uFEFF# Heading\ntext');
    expect(noFm.bodyStart).toBe(1);
    expect(noFm.title).toBe('Heading');
  });

  it('treats a file without frontmatter as all body', () => {
    const p = parseMarkdown('n.md', 'just text\n---\nmore');
    expect(p.frontmatter).toEqual({});
    expect(p.frontmatterText).toBe('');
    expect(p.frontmatterStartLine).toBe(0);
    expect(p.bodyStart).toBe(0);
    // `---` not on line 1 is a thematic break, not frontmatter.
    expect(p.compiledTruth).toBe('just text\n---\nmore');
  });

  it('reads empty and comment-only frontmatter as {} without warnings', () => {
    expect(parseMarkdown('n.md', '---\n---\nbody').frontmatter).toEqual({});
    expect(parseMarkdown('n.md', '---\n# only a comment\n---\nbody').warnings).toEqual([]);
  });

  it('reports malformed YAML at the file line, keeps what it can and still parses the body', () => {
    const text = '---\ntitle: Fine\nbad: [unclosed\nnext: x\n---\n# Body Title\nsee #tag\n';
    const p = parseMarkdown('n.md', text);
    const w = p.warnings.find((x) => x.code === 'yaml-invalid');
    expect(w).toBeDefined();
    // The yaml error is reported where the flow sequence fails (file line 4 here), not YAML-relative line 3.
    expect(w!.line).toBeGreaterThanOrEqual(3);
    expect(w!.line).toBeLessThanOrEqual(5);
    expect(p.frontmatter['title']).toBe('Fine');
    expect(p.tags).toEqual(['tag']);
  });

  it('converts YAML-relative error lines to file lines', () => {
    // Line 1 `---`, lines 2-5 fine, line 6 holds a tab indent error.
    const text = '---\na: 1\nb: 2\nc: 3\nd: 4\n\te: tab\n---\nbody\n';
    const w = parseMarkdown('n.md', text).warnings.find((x) => x.code === 'yaml-invalid');
    expect(w?.line).toBe(6);
    const bom = parseMarkdown('n.md', '\uFEFF' + text).warnings.find((x) => x.code === 'yaml-invalid');
    expect(bom?.line).toBe(6);
  });

  it('reports an unclosed quote without losing the note', () => {
    const p = parseMarkdown('n.md', '---\ntitle: "oops\nx: 1\n---\n# Real\n');
    expect(p.warnings.some((w) => w.code === 'yaml-invalid' && typeof w.line === 'number')).toBe(true);
    expect(p.compiledTruth).toBe('# Real\n');
  });

  it('treats scalar and list frontmatter as {} with a warning', () => {
    for (const yaml of ['just a string', '42', '- a\n- b']) {
      const p = parseMarkdown('n.md', `---\n${yaml}\n---\nbody`);
      expect(p.frontmatter).toEqual({});
      expect(p.warnings.map((w) => w.code)).toContain('frontmatter-not-object');
      expect(p.compiledTruth).toBe('body');
    }
  });

  it('treats unclosed frontmatter as body with a warning', () => {
    const text = '---\ntitle: x\n# Heading\ntext #t';
    const p = parseMarkdown('n.md', text);
    expect(p.frontmatter).toEqual({});
    expect(p.bodyStart).toBe(0);
    expect(p.compiledTruth).toBe(text);
    expect(p.warnings).toEqual([expect.objectContaining({ code: 'frontmatter-unclosed', line: 1 })]);
    expect(p.title).toBe('Heading');
    expect(p.tags).toEqual(['t']);
  });

  it('warns on duplicate keys without throwing (the last value wins)', () => {
    const p = parseMarkdown('n.md', '---\na: 1\nb: 2\na: 3\n---\n');
    expect(p.frontmatter).toEqual({ a: 3, b: 2 });
    expect(p.warnings).toEqual([expect.objectContaining({ code: 'yaml-duplicate-key', line: 4 })]);
  });

  it('does not let __proto__ keys pollute prototypes', () => {
    const p = parseMarkdown('n.md', '---\n__proto__:\n  polluted: yes\n---\n');
    expect(Object.getPrototypeOf(p.frontmatter)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('refuses alias bombs, deep nesting and oversized YAML with a warning', () => {
    const bomb = '---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n---\nbody';
    expect(codes(bomb)).toContain('yaml-invalid');
    expect(codes(`---\na: ${'['.repeat(500)}\n---\n`)).toEqual(['yaml-too-complex']);
    expect(codes(`---\n${'? '.repeat(500)}\n---\n`)).toEqual(['yaml-too-complex']);
    expect(codes(`---\n${'- '.repeat(500)}\n---\n`)).toEqual(['yaml-too-complex']);
    expect(codes(`---\nx: [1]\ny: [${'*x, '.repeat(200)}]\n---\n`)).toEqual(['yaml-too-complex']);
    expect(codes(`---\n${'k: v\n'.repeat(20_000)}---\n`)).toEqual(['yaml-too-large']);
  });

  it('does not mistake brackets or dashes inside quotes and comments for nesting', () => {
    expect(findExcessiveNesting(`a: "${'['.repeat(200)}"\nb: '${'{'.repeat(200)}'\n# ${'['.repeat(200)}\n`)).toBe(-1);
    expect(findExcessiveNesting('a: [1, [2, {b: 3}]]\nlist:\n  - x\n  - y: z\n')).toBe(-1);
  });
});
