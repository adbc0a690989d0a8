import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { extractLinks } from '../../../src/core/links/extract-links';

function note(yaml: string, body = '', pageType = 'person') {
  const text = `---\n${yaml}\n---\n${body}`;
  const fm = parse(yaml) as Record<string, unknown>;
  return {
    text,
    links: extractLinks({
      path: 'people/alice.md',
      text,
      frontmatter: fm,
      frontmatterText: yaml,
      frontmatterStartLine: 2,
      bodyStart: yaml.length + 9,
      pageType,
    }),
  };
}

describe('frontmatter links', () => {
  it('reads quoted strings, lists and nested maps with the top-level key as field and file lines', () => {
    const yaml = ['title: Alice', 'company: "[[Acme]]"', 'related:', '  - "[[Bob]]"', '  - "[[Carol|C]]"', 'history:', '  jobs:', '    - where: "[[Old Co]]"'].join('\n');
    const { text, links } = note(yaml);
    expect(links.map((l) => [l.targetText, l.field, l.line, l.source])).toEqual([
      ['Acme', 'company', 3, 'frontmatter'],
      ['Bob', 'related', 5, 'frontmatter'],
      ['Carol', 'related', 6, 'frontmatter'],
      ['Old Co', 'history', 9, 'frontmatter'],
    ]);
    for (const l of links) expect(text.slice(l.offset, l.offset + l.raw.length)).toBe(l.raw);
    expect(links[2]!.alias).toBe('C');
  });

  it('reads unquoted [[X]] that YAML parsed as nested lists', () => {
    const { links } = note('company: [[Acme]]\ninvestors:\n  - [[Sequoia]]\n  - [[a16z]]');
    expect(links.map((l) => [l.targetText, l.field])).toEqual([
      ['Acme', 'company'],
      ['Sequoia', 'investors'],
      ['a16z', 'investors'],
    ]);
    expect(links.map((l) => l.line)).toEqual([2, 4, 5]);
  });

  it('finds several links in one string and repeated targets on their own lines', () => {
    const { links } = note('see_also: "[[A]] and [[B]]"\nrelated:\n  - "[[A]]"');
    expect(links.map((l) => [l.targetText, l.field, l.line])).toEqual([
      ['A', 'see_also', 2],
      ['B', 'see_also', 2],
      ['A', 'related', 4],
    ]);
  });

  it('ignores values without links and keeps body links separate', () => {
    const { links } = note('company: Acme\ncount: 3\ntags: [a, b]', 'Body [[X]]');
    expect(links.map((l) => [l.targetText, l.source, l.line])).toEqual([['X', 'wikilink', 6]]);
  });

  it('survives frontmatter text that is not verbatim in the file', () => {
    const links = extractLinks({
      path: 'a.md',
      text: 'body only',
      frontmatter: { company: '[[Acme]]' },
      frontmatterText: '',
      frontmatterStartLine: 0,
      bodyStart: 0,
      pageType: 'person',
    });
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ targetText: 'Acme', line: 1, field: 'company', type: 'works_at' });
  });

  it('stops on absurdly deep values without throwing', () => {
    let deep: unknown = '[[Deep]]';
    for (let i = 0; i < 1000; i++) deep = { x: deep };
    const links = extractLinks({ path: 'a.md', text: '', frontmatter: { k: deep }, frontmatterText: '', frontmatterStartLine: 0, bodyStart: 0, pageType: 'note' });
    expect(links).toEqual([]);
  });
});
