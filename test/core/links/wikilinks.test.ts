import { describe, expect, it } from 'vitest';
import { parseWikilinkInner, scanWikilinks } from '../../../src/core/links/wikilinks';
import { linksOf, onlyLink } from './helpers';

describe('wikilinks', () => {
  it('reads plain, alias, heading, block, heading+alias, .md and folder forms', () => {
    expect(onlyLink('see [[Note]] here')).toMatchObject({ raw: '[[Note]]', targetText: 'Note', source: 'wikilink', offset: 4 });
    const alias = onlyLink('[[Note|the note]]');
    expect(alias).toMatchObject({ targetText: 'Note', alias: 'the note' });
    expect(alias.subpath).toBeUndefined();
    expect(onlyLink('[[Note#Heading]]')).toMatchObject({ targetText: 'Note', subpath: 'Heading' });
    expect(onlyLink('[[Note#^block-1]]')).toMatchObject({ targetText: 'Note', subpath: '^block-1' });
    expect(onlyLink('[[Note#Heading|shown]]')).toMatchObject({ targetText: 'Note', subpath: 'Heading', alias: 'shown' });
    expect(onlyLink('[[Note.md]]').targetText).toBe('Note.md');
    expect(onlyLink('[[folder/Sub Note]]').targetText).toBe('folder/Sub Note');
    expect(onlyLink('[[  spaced  ]]').targetText).toBe('spaced');
  });

  it('skips same-note headings and empty links', () => {
    expect(linksOf('[[#Heading]] [[#^block]] [[]] [[ ]] [[|x]]')).toEqual([]);
  });

  it('treats ![[...]] as an embed, including images', () => {
    const links = linksOf('![[image.png]] and ![[Other note#Part]]');
    expect(links.map((l) => [l.source, l.targetText, l.raw])).toEqual([
      ['embed', 'image.png', '![[image.png]]'],
      ['embed', 'Other note', '![[Other note#Part]]'],
    ]);
    expect(links[0]!.offset).toBe(0);
    expect(links[0]!.type).toBe('mentions');
  });

  it('reads escaped pipes inside tables', () => {
    const links = linksOf('| who | link |\n| --- | --- |\n| a | [[People/Alice\\|Alice]] |');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ targetText: 'People/Alice', alias: 'Alice', line: 3 });
  });

  it('never spans a newline and caps the inner length', () => {
    expect(linksOf('[[a\nb]]')).toEqual([]);
    expect(linksOf(`[[${'x'.repeat(501)}]]`)).toEqual([]);
    expect(linksOf(`[[${'x'.repeat(500)}]]`)).toHaveLength(1);
  });

  it('opens at the last [[ before ]]', () => {
    const l = onlyLink('[[[Note]]');
    expect(l).toMatchObject({ targetText: 'Note', offset: 1, raw: '[[Note]]' });
    expect(linksOf('[[a [[b]] c]]').map((x) => x.targetText)).toEqual(['b']);
  });

  it('parseWikilinkInner splits target, subpath and alias', () => {
    expect(parseWikilinkInner('A#B#C|D|E')).toEqual({ targetText: 'A', subpath: 'B#C', alias: 'D|E' });
    expect(parseWikilinkInner('#only')).toBeNull();
    expect(scanWikilinks('x [[A]] [[B]]', 'x [[A]] [[B]]', 3).map((m) => m.targetText)).toEqual(['B']);
  });
});
