import { describe, expect, it } from 'vitest';
import { normalizeFieldName } from '../../../src/core/links/field-name';
import { fieldAt, findInlineFields } from '../../../src/core/links/inline-fields';
import { linksOf, onlyLink } from './helpers';

describe('inline fields', () => {
  it('reads a line-start field, also after list markers and task boxes', () => {
    for (const text of ['works_at:: [[Acme]]', '- works_at:: [[Acme]]', '  * works_at:: [[Acme]]', '1. works_at:: [[Acme]]', '- [ ] works_at:: [[Acme]]', '> works_at:: [[Acme]]']) {
      const l = onlyLink(text);
      expect(l, text).toMatchObject({ source: 'inline-field', field: 'works_at', type: 'works_at', direction: 'out', evidence: 'field: works_at', targetText: 'Acme' });
    }
  });

  it('reads bracketed fields anywhere in a line', () => {
    const links = linksOf('She is great [works_at:: [[Acme]]] and (advisor to:: [[Beta|B]]) too.');
    expect(links.map((l) => [l.field, l.type, l.targetText, l.source])).toEqual([
      ['works_at', 'works_at', 'Acme', 'inline-field'],
      ['advisor_to', 'advisor_to', 'Beta', 'inline-field'],
    ]);
  });

  it('gives every link of a multi-link value to the field, once', () => {
    const links = linksOf('Invested In:: [[Acme]], [[Beta]] and [Gamma](companies/gamma.md)');
    expect(links).toHaveLength(3);
    expect(links.every((l) => l.source === 'inline-field' && l.field === 'invested_in' && l.type === 'invested_in')).toBe(true);
  });

  it('normalizes keys: trim, lower-case, spaces and dashes to underscores, bold markers dropped', () => {
    expect(normalizeFieldName('  Works At ')).toBe('works_at');
    expect(normalizeFieldName('see-also')).toBe('see_also');
    expect(onlyLink('**Works-at**:: [[Acme]]').field).toBe('works_at');
  });

  it('leaves links outside field values as plain links', () => {
    const links = linksOf('[[Before]] text [works_at:: [[Acme]]] [[After]]\nplain [[Other]]');
    expect(links.map((l) => [l.targetText, l.source])).toEqual([
      ['Before', 'wikilink'],
      ['Acme', 'inline-field'],
      ['After', 'wikilink'],
      ['Other', 'wikilink'],
    ]);
  });

  it('is not fooled by code, wikilink-shaped keys or single colons', () => {
    expect(linksOf('`works_at:: [[Acme]]`')).toEqual([]);
    expect(onlyLink('works_at: [[Acme]]').source).toBe('wikilink');
    expect(onlyLink('[[Acme]]:: x').source).toBe('wikilink');
  });

  it('fieldAt returns the innermost span', () => {
    const text = 'outer:: a [inner:: [[X]]] b';
    const spans = findInlineFields(text);
    expect(spans.map((s) => s.key)).toEqual(['outer', 'inner']);
    expect(fieldAt(spans, text.indexOf('[[X'))?.key).toBe('inner');
    expect(fieldAt(spans, text.indexOf(' b'))?.key).toBe('outer');
    expect(fieldAt(spans, 0)).toBeUndefined();
  });

  it('says where each field\'s syntax is: the `::`, and the bracket of a bracketed one', () => {
    const text = '- [ ] **Status**:: open (due:: 2024-05-01)';
    const [line, paren] = findInlineFields(text);
    expect([line!.colons, line!.open]).toEqual([text.indexOf('::'), null]);
    expect([paren!.open, paren!.colons, paren!.valueEnd]).toEqual([text.indexOf('('), text.lastIndexOf('::'), text.indexOf(')')]);
  });
});
