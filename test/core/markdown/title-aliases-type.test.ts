import { describe, expect, it } from 'vitest';
import { readAliases } from '../../../src/core/markdown/aliases';
import { DEFAULT_FOLDER_TYPES, resolveNoteType, typeFromFolder } from '../../../src/core/markdown/note-type';
import { parseMarkdown } from '../../../src/core/markdown/parse-markdown';
import { fileStem, stripInlineMarkdown } from '../../../src/core/markdown/title';

describe('title', () => {
  it('prefers frontmatter title over the first H1 over the file name', () => {
    expect(parseMarkdown('a/File.md', '---\ntitle: "  From FM "\n---\n# From H1\n').title).toBe('From FM');
    expect(parseMarkdown('a/File.md', '---\nx: 1\n---\ntext\n# From H1\n# Second\n').title).toBe('From H1');
    expect(parseMarkdown('a/File Name.md', 'no heading\n## Only H2\n').title).toBe('File Name');
  });

  it('ignores a non-string or blank frontmatter title', () => {
    expect(parseMarkdown('f.md', '---\ntitle: ""\n---\n# H\n').title).toBe('H');
    expect(parseMarkdown('f.md', '---\ntitle: [a, b]\n---\n# H\n').title).toBe('H');
    expect(parseMarkdown('f.md', '---\ntitle: 1984\n---\n# H\n').title).toBe('1984');
  });

  it('ignores H1 lines inside code fences, comments and math', () => {
    const text = '```md\n# Not this\n```\n%%\n# Nor this\n%%\n$$\n# Nor\n$$\n# Yes this\n';
    expect(parseMarkdown('f.md', text).title).toBe('Yes this');
    expect(parseMarkdown('f.md', '~~~\n# code\n~~~\n').title).toBe('f');
  });

  it('requires an ATX H1: `#` then a space, at most 3 spaces indent', () => {
    expect(parseMarkdown('f.md', '#NotHeading\n    # indented code\n').title).toBe('f');
    expect(parseMarkdown('f.md', '   # Indented ok\n').title).toBe('Indented ok');
  });

  it('strips the closing #s and inline markdown', () => {
    expect(parseMarkdown('f.md', '# Title ##\n').title).toBe('Title');
    expect(parseMarkdown('f.md', '# C# #\n').title).toBe('C#');
    expect(parseMarkdown('f.md', '# Meeting with [[people/Alice|Alice]] and [[Bob]]\n').title).toBe('Meeting with Alice and Bob');
    expect(parseMarkdown('f.md', '# **Bold** and `code` and [site](http://x.y) and ~~old~~\n').title).toBe('Bold and code and site and old');
    expect(parseMarkdown('f.md', '# See [[Note#Part]]\r\n').title).toBe('See Note > Part');
    expect(parseMarkdown('f.md', '# #\n# Real\n').title).toBe('Real');
  });

  it('falls back to the file name without folders or extension', () => {
    expect(fileStem('people/Alice Smith.md')).toBe('Alice Smith');
    expect(fileStem('a.b.md')).toBe('a.b');
    expect(fileStem('dir\\win.md')).toBe('win');
    expect(fileStem('.hidden')).toBe('.hidden');
    expect(fileStem('noext')).toBe('noext');
    expect(parseMarkdown('x/y/Deep Note.md', 'text').title).toBe('Deep Note');
  });

  it('strips markup linearly on hostile input', () => {
    expect(stripInlineMarkdown('[[' .repeat(5000))).toBe('[['.repeat(5000));
  });
});

describe('aliases', () => {
  it('reads a list, a comma-separated string and the singular key', () => {
    expect(readAliases({ aliases: ['A', ' B ', 'A', '', 7] })).toEqual(['A', 'B', '7']);
    expect(readAliases({ aliases: 'Ally, Al ,, Ally' })).toEqual(['Ally', 'Al']);
    expect(readAliases({ alias: 'Solo' })).toEqual(['Solo']);
    expect(readAliases({ aliases: ['x'], alias: 'y' })).toEqual(['x', 'y']);
    expect(readAliases({ aliases: 12 })).toEqual(['12']);
  });

  it('keeps list items whole (commas inside a list item are part of the alias)', () => {
    expect(readAliases({ aliases: ['Acme, Inc.'] })).toEqual(['Acme, Inc.']);
  });

  it('ignores non-strings inside lists and non-list values', () => {
    expect(readAliases({ aliases: [null, { a: 1 }, ['n'], true, 'ok'] })).toEqual(['ok']);
    expect(readAliases({ aliases: null })).toEqual([]);
    expect(readAliases({ aliases: { a: 1 } })).toEqual([]);
    expect(readAliases({})).toEqual([]);
  });

  it('comes through parseMarkdown from YAML', () => {
    expect(parseMarkdown('p.md', '---\naliases:\n  - Alice\n  - A. Smith\n---\n').aliases).toEqual(['Alice', 'A. Smith']);
  });
});

describe('type', () => {
  it('uses frontmatter type, lower-cased and trimmed', () => {
    expect(parseMarkdown('people/a.md', '---\ntype: " Company "\n---\n').type).toBe('company');
  });

  it('infers the type from the top folder, case-insensitively', () => {
    const cases: [string, string][] = [
      ['people/a.md', 'person'],
      ['Person/a.md', 'person'],
      ['persons/a.md', 'person'],
      ['Contacts/x/a.md', 'person'],
      ['companies/a.md', 'company'],
      ['company/a.md', 'company'],
      ['orgs/a.md', 'company'],
      ['Organizations/a.md', 'company'],
      ['meetings/2024/a.md', 'meeting'],
      ['meeting/a.md', 'meeting'],
      ['projects/a.md', 'project'],
      ['concepts/a.md', 'concept'],
      ['ideas/a.md', 'concept'],
      ['daily/2024-01-01.md', 'daily'],
      ['Journal/a.md', 'daily'],
      ['dailies/a.md', 'daily'],
      ['sources/a.md', 'source'],
      ['references/a.md', 'source'],
      ['misc/a.md', 'note'],
      ['people.md', 'note'],
      ['notes/people/a.md', 'note'],
      ['./people/a.md', 'person'],
    ];
    for (const [path, type] of cases) expect(typeFromFolder(path), path).toBe(type);
  });

  it('ignores a non-string or blank frontmatter type', () => {
    expect(resolveNoteType('people/a.md', { type: 3 })).toBe('person');
    expect(resolveNoteType('people/a.md', { type: '  ' })).toBe('person');
    expect(resolveNoteType('x/a.md', { type: ['a'] })).toBe('note');
  });

  it('takes an extended folder map and does not match inherited keys', () => {
    const map = { ...DEFAULT_FOLDER_TYPES, books: 'book' };
    expect(resolveNoteType('Books/a.md', {}, map)).toBe('book');
    expect(typeFromFolder('constructor/a.md')).toBe('note');
    expect(typeFromFolder('__proto__/a.md')).toBe('note');
    expect(Object.isFrozen(DEFAULT_FOLDER_TYPES)).toBe(true);
  });
});
