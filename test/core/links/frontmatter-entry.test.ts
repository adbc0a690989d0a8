// The one `key: value` entry that holds a frontmatter link, cut from its folded context (what the links pane and
// think show instead of the raw YAML around it).
import { describe, expect, it } from 'vitest';
import { frontmatterEntry, frontmatterEntryText, yamlListText } from '../../../src/core/links/frontmatter-entry';

describe('frontmatterEntry', () => {
  it('cuts the entry holding the link out of the folded frontmatter', () => {
    const context = '--- type: person tags: [person, hardware] company: "[[Keystone Materials]]" location: Melbourne updated: 2024-07-01 ---';
    expect(frontmatterEntry(context, ['[[Keystone Materials]]'], 'company')).toEqual({ key: 'company', value: '"[[Keystone Materials]]"' });
    expect(frontmatterEntryText(context, ['[[Keystone'])).toBe('company: [[Keystone Materials]]');
  });

  it('keeps a whole list value, and finds the key by the link even with no field given', () => {
    const context = 'type: meeting date: 2024-03-02 attendees: - "[[Ann Lee]]" - "[[Bo Chen]]" project: "[[Apollo]]" ---';
    expect(frontmatterEntry(context, ['[[Bo Chen]]'])).toEqual({ key: 'attendees', value: '- "[[Ann Lee]]" - "[[Bo Chen]]"' });
    expect(frontmatterEntry(context, ['[[Apollo]]'])).toEqual({ key: 'project', value: '"[[Apollo]]"' });
  });

  it('uses the recorded field when the link text is not in the window', () => {
    const context = '--- title: Kickoff attendees: [[[Ann Lee]], [[Bo Chen]]] status: done';
    expect(frontmatterEntry(context, [], 'attendees')).toEqual({ key: 'attendees', value: '[[[Ann Lee]], [[Bo Chen]]]' });
  });

  it('takes the field occurrence nearest before the link when a key repeats (nested lists)', () => {
    const context = 'roles: - name: "[[Acme]]" since: 2019 - name: "[[Beta Corp]]" since: 2021';
    expect(frontmatterEntry(context, ['[[Beta Corp]]'], 'name')).toEqual({ key: 'name', value: '"[[Beta Corp]]"' });
  });

  it('falls back to the context without its fences when there is no key', () => {
    expect(frontmatterEntry('--- "[[Acme]]" ---', ['[[Acme'])).toEqual({ key: null, value: '"[[Acme]]"' });
    expect(frontmatterEntryText('', [])).toBe('');
  });

  it('says a value as a reader would: list items joined, quotes and brackets dropped, links kept whole', () => {
    expect(yamlListText('["[[Alice Chen]]", "[[Marcus Webb]]", "Sam Patel"]')).toBe('[[Alice Chen]], [[Marcus Webb]], Sam Patel');
    expect(yamlListText('[[[Ann Lee]], [[Bo Chen|Bo, the CTO]]]')).toBe('[[Ann Lee]], [[Bo Chen|Bo, the CTO]]');
    expect(yamlListText('- "[[Ann Lee]]" - \'[[Bo Chen]]\'')).toBe('[[Ann Lee]], [[Bo Chen]]');
    // One unquoted link is a link, not a one-item list; a plain scalar stays as it is.
    expect(yamlListText('[[Acme]]')).toBe('[[Acme]]');
    expect(yamlListText('"[[Acme]]"')).toBe('[[Acme]]');
    expect(yamlListText('10:30 with "[[Ann]]"')).toBe('10:30 with "[[Ann]]"');
    const context = 'type: company key_people: ["[[Alice Chen]]", "[[Marcus Webb]]"] investors: ["[[Northwind]]"] ---';
    expect(frontmatterEntryText(context, ['[[Marcus Webb]]'], 'key_people')).toBe('key_people: [[Alice Chen]], [[Marcus Webb]]');
  });

  it('does not read times, URLs or CJK text as keys', () => {
    const context = 'meeting: 10:30 with "[[Ann]]" url: https://example.org/x 备注：见 "[[Bo]]"';
    expect(frontmatterEntry(context, ['[[Ann]]'])).toEqual({ key: 'meeting', value: '10:30 with "[[Ann]]"' });
    expect(frontmatterEntry(context, ['[[Bo]]'])).toEqual({ key: 'url', value: 'https://example.org/x 备注：见 "[[Bo]]"' });
  });
});
