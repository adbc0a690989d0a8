import { describe, expect, it } from 'vitest';
import { isExternalUrl } from '../../../src/core/links/markdown-links';
import { percentDecode } from '../../../src/core/links/percent-decode';
import { linksOf, onlyLink } from './helpers';

describe('markdown links', () => {
  it('percent-decodes destinations and keeps the label as alias', () => {
    expect(onlyLink('[the note](Note%20name.md)')).toMatchObject({
      raw: '[the note](Note%20name.md)',
      targetText: 'Note name.md',
      alias: 'the note',
      source: 'markdown',
    });
    expect(onlyLink('[x](%E5%BC%A0%E4%B8%89.md)').targetText).toBe('张三.md');
  });

  it('keeps malformed percent escapes raw without throwing', () => {
    expect(onlyLink('[x](bad%ZZname%E4.md)').targetText).toBe('bad%ZZname%E4.md');
    expect(onlyLink('[x](100%.md)').targetText).toBe('100%.md');
    expect(percentDecode('a%20b%E4%zz%')).toBe('a b%E4%zz%');
    expect(percentDecode('%41%E4%BD')).toBe('A%E4%BD');
  });

  it('reads angle-bracket destinations with spaces', () => {
    expect(onlyLink('[n](<Note name.md>)').targetText).toBe('Note name.md');
    expect(onlyLink('[n](<folder/My Note.md#Sec 2>)')).toMatchObject({ targetText: 'folder/My Note.md', subpath: 'Sec 2' });
  });

  it('reads relative, vault-root and extensionless paths with fragments', () => {
    expect(onlyLink('[up](../x.md)').targetText).toBe('../x.md');
    expect(onlyLink('[here](./x.md)').targetText).toBe('./x.md');
    expect(onlyLink('[Name](people/alice-chen)').targetText).toBe('people/alice-chen');
    expect(onlyLink('[Name](people/alice-chen.md#Early%20life)')).toMatchObject({
      targetText: 'people/alice-chen.md',
      subpath: 'Early life',
    });
  });

  it('handles titles in all three quote styles', () => {
    for (const t of ['"title"', "'title'", '(title)']) {
      expect(onlyLink(`[a](x.md ${t})`)).toMatchObject({ targetText: 'x.md', raw: `[a](x.md ${t})` });
    }
  });

  it('treats images as embeds', () => {
    expect(onlyLink('![alt text](img/x.png)')).toMatchObject({ source: 'embed', targetText: 'img/x.png', alias: 'alt text' });
  });

  it('finds an image nested in a link label', () => {
    const links = linksOf('[![logo](logo.png)](Acme.md)');
    expect(links.map((l) => [l.source, l.targetText])).toEqual([
      ['markdown', 'Acme.md'],
      ['embed', 'logo.png'],
    ]);
  });

  it('ignores external URLs of every scheme and protocol-relative URLs', () => {
    const text = [
      '[a](http://x.com)', '[b](https://x.com/n.md)', '[c](mailto:a@b.c)', '[d](obsidian://open?vault=x)',
      '[e](file:///tmp/x.md)', '[f](data:text/plain,hi)', '[g](//host/x.md)', '[h](ftp://x)', '![i](https://x/y.png)',
    ].join(' ');
    expect(linksOf(text)).toEqual([]);
    expect(isExternalUrl('C:/x')).toBe(true);
    expect(isExternalUrl('notes/x.md')).toBe(false);
  });

  it('skips same-note fragments, empty destinations and non-links', () => {
    expect(linksOf('[a](#heading) [b]() [c] (d.md) [e]: f.md [g](h.md')).toEqual([]);
  });

  it('accepts balanced parentheses inside a destination', () => {
    // CommonMark: a space ends the destination, so this is not a link (use <...> for spaces).
    expect(linksOf('[a](Note (draft).md)')).toEqual([]);
    expect(onlyLink('[a](Note_(draft).md)').targetText).toBe('Note_(draft).md');
  });

  it('does not read a wikilink as a markdown link', () => {
    const links = linksOf('[[Acme]](x.md)');
    expect(links.map((l) => l.source)).toEqual(['wikilink']);
  });
});
