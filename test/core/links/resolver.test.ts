import { describe, expect, it } from 'vitest';
import { LinkResolver, resolveLinks } from '../../../src/core/links/resolver';
import { cpuMs, linksOf } from './helpers';

const vault = (...paths: string[]) => new LinkResolver(paths.map((path) => ({ path })));

describe('LinkResolver', () => {
  it('1. exact vault path, with or without .md', () => {
    const r = vault('people/Alice Chen.md', 'Alice Chen.md');
    expect(r.resolve('people/Alice Chen', 'x.md')).toBe('people/Alice Chen.md');
    expect(r.resolve('people/Alice Chen.md', 'x.md')).toBe('people/Alice Chen.md');
  });

  it('2. relative to the linking note (../, ./, sub/)', () => {
    const r = vault('a/b/x.md', 'a/x.md', 'x.md', 'a/b/sub/y.md', 'sub/y.md');
    expect(r.resolve('../x.md', 'a/b/note.md')).toBe('a/x.md');
    expect(r.resolve('./x', 'a/b/note.md')).toBe('a/b/x.md');
    expect(r.resolve('../../x', 'a/b/note.md')).toBe('x.md');
    // `sub/y` exists at the root too: an exact vault path wins over the relative one.
    expect(r.resolve('sub/y', 'a/b/note.md')).toBe('sub/y.md');
    expect(vault('a/b/sub/y.md').resolve('sub/y', 'a/b/note.md')).toBe('a/b/sub/y.md');
    expect(r.resolve('../../../x', 'a/b/note.md')).toBe('x.md'); // climbs out of the vault, falls back to the basename
  });

  it('3. vault root with a leading slash', () => {
    const r = vault('people/alice.md', 'notes/people/alice.md');
    expect(r.resolve('/people/alice', 'notes/n.md')).toBe('people/alice.md');
  });

  it('4. basename: shortest path wins, ties alphabetical, case-insensitive', () => {
    const r = vault('z/deep/folder/Note.md', 'b/Note.md', 'a/Note.md', 'Projects/Other.md');
    expect(r.resolve('Note', 'x/y.md')).toBe('a/Note.md');
    expect(r.resolve('note', 'x/y.md')).toBe('a/Note.md');
    expect(r.resolve('NOTE.MD', 'x/y.md')).toBe('a/Note.md');
    expect(r.resolve('other', 'x/y.md')).toBe('Projects/Other.md');
    r.upsert({ path: 'Note.md' });
    expect(r.resolve('Note', 'x/y.md')).toBe('Note.md');
  });

  it('4b. partial paths match as a suffix', () => {
    const r = vault('area/projects/alpha.md', 'other/alpha.md');
    expect(r.resolve('projects/alpha', 'x.md')).toBe('area/projects/alpha.md');
    expect(r.resolve('jects/alpha', 'x.md')).toBeNull();
  });

  it('5. aliases, case-insensitive, after paths and names', () => {
    const r = new LinkResolver([
      { path: 'people/alice-chen.md', aliases: ['Alice', 'AC'] },
      { path: 'x/ac.md' },
      { path: 'long/path/alias-holder.md', aliases: ['Shared'] },
      { path: 'short.md', aliases: ['shared'] },
    ]);
    expect(r.resolve('alice', 'n.md')).toBe('people/alice-chen.md');
    expect(r.resolve('AC', 'n.md')).toBe('x/ac.md'); // a basename beats an alias
    expect(r.resolve('SHARED', 'n.md')).toBe('short.md');
  });

  it('non-note files resolve by full name, never by stem', () => {
    const r = vault('assets/image.png', 'image.md');
    expect(r.resolve('image.png', 'n.md')).toBe('assets/image.png');
    expect(r.resolve('image', 'n.md')).toBe('image.md');
    expect(r.resolve('assets/image.png', 'n.md')).toBe('assets/image.png');
  });

  it('normalizes Unicode (NFC) and backslashes', () => {
    const r = vault('Cafe\u0301.md', 'dir\\Note.md');
    expect(r.resolve('Caf\u00e9', 'n.md')).toBe('Café.md'.normalize('NFC'));
    expect(r.resolve('dir/note', 'n.md')).toBe('dir/Note.md');
    expect(r.resolve('张三', 'n.md')).toBeNull();
  });

  it('returns null for dangling and empty targets', () => {
    const r = vault('a.md');
    expect(r.resolve('missing', 'a.md')).toBeNull();
    expect(r.resolve('   ', 'a.md')).toBeNull();
    expect(new LinkResolver().resolve('a', 'b.md')).toBeNull();
  });

  it('upsert replaces aliases, remove forgets everything', () => {
    const r = new LinkResolver([{ path: 'p/alice.md', aliases: ['Al'] }, { path: 'q/alice.md' }]);
    expect(r.resolve('Al', 'n.md')).toBe('p/alice.md');
    r.upsert({ path: 'p/alice.md', aliases: ['Ally'] });
    expect(r.resolve('Al', 'n.md')).toBeNull();
    expect(r.resolve('ally', 'n.md')).toBe('p/alice.md');
    expect(r.size).toBe(2);
    r.remove('P/ALICE.md');
    expect(r.resolve('ally', 'n.md')).toBeNull();
    expect(r.resolve('alice', 'n.md')).toBe('q/alice.md');
    r.remove('q/alice.md');
    r.remove('never-there.md');
    expect(r.resolve('alice', 'n.md')).toBeNull();
    expect(r.size).toBe(0);
  });

  // A complexity guard, not a speed test: a quadratic build or lookup at 10k notes costs seconds, so the bounds
  // sit ~10x above the linear cost measured on a quiet machine (~100 ms) and hold on a loaded one.
  it('builds a 10k-note vault and resolves in linear time', () => {
    const notes = Array.from({ length: 10_000 }, (_, i) => ({ path: `f${i % 50}/sub${i % 7}/Note ${i % 3000}.md`, aliases: [`alias ${i}`] }));
    const build = cpuMs(() => new LinkResolver(notes), 3);
    expect(build.ms).toBeLessThan(1000);
    const r = build.result;
    const lookups = cpuMs(() => {
      for (let i = 0; i < 10_000; i++) r.resolve(`note ${i % 3000}`, 'x.md');
    });
    expect(lookups.ms).toBeLessThan(2000);
    // Same basename in many folders: the shortest path, then alphabetical.
    expect(r.resolve('Note 1', 'x.md')).toBe('f1/sub1/Note 1.md');
    expect(r.resolve('alias 9999', 'x.md')).toBe(notes[9999]!.path);
  });
});

describe('resolveLinks', () => {
  it('attaches targets to extracted links, keeping dangling ones', () => {
    const r = vault('people/alice-chen.md', 'companies/Acme.md');
    const links = linksOf('[Alice](people/alice-chen) works at [[acme]] with [[Nobody]].');
    const resolved = resolveLinks(links, r, 'notes/a.md');
    expect(resolved.map((l) => [l.targetText, l.target])).toEqual([
      ['people/alice-chen', 'people/alice-chen.md'],
      ['acme', 'companies/Acme.md'],
      ['Nobody', null],
    ]);
    expect(resolved[1]!.type).toBe('works_at');
  });
});
