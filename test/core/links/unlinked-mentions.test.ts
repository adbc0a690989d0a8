// Unlinked mentions are found only in prose, at word edges (any edge in CJK), and "link it" rewrites exactly the
// one place it was given, refusing when the note changed under it.
import { describe, expect, it } from 'vitest';
import { findUnlinkedMentions, linkMention, mentionNames, MentionMovedError } from '../../../src/core/links/unlinked-mentions';

const NOTE = `---
company: Acme Robotics
aliases: [Acme Robotics]
---
# Meeting

We met Acme Robotics today. acme robotics again, and [[Acme Robotics]] linked.
Not Acme Roboticsware, not #AcmeRobotics, not [Acme Robotics](x.md), not \`Acme Robotics\`.
See https://example.org/Acme Robotics?q=1 and %% Acme Robotics %%.

\`\`\`
Acme Robotics in code
\`\`\`
Last: Acme  Robotics.
`;

describe('findUnlinkedMentions', () => {
  it('finds prose mentions case-insensitively and skips frontmatter, links, code, URLs, tags and comments', () => {
    const found = findUnlinkedMentions(NOTE, ['Acme Robotics']);
    expect(found.map((m) => [m.line, m.text])).toEqual([
      [7, 'Acme Robotics'],
      [7, 'acme robotics'],
      [14, 'Acme  Robotics'],
    ]);
    const first = found[0]!;
    expect(NOTE.split('\n')[first.line - 1]!.slice(first.column, first.column + first.text.length)).toBe('Acme Robotics');
    expect(first.context).toContain('We met Acme Robotics today');
  });

  it('needs word edges in Latin script but not in CJK text', () => {
    expect(findUnlinkedMentions('Bobby and Bob, Bob.', ['Bob']).map((m) => m.column)).toEqual([10, 15]);
    const zh = findUnlinkedMentions('昨天我和张伟一起去了深度求索公司。', ['深度求索', '张伟']);
    expect(zh.map((m) => m.text)).toEqual(['张伟', '深度求索']);
  });

  it('prefers the longest name at one place and drops names too short to mean anything', () => {
    expect(mentionNames(['Acme', 'A', 'Acme Robotics', 'acme'])).toEqual(['Acme Robotics', 'Acme']);
    expect(findUnlinkedMentions('Acme Robotics and Acme.', ['Acme', 'Acme Robotics']).map((m) => m.text)).toEqual(['Acme Robotics', 'Acme']);
  });
});

describe('linkMention', () => {
  it('turns the one mention into a link, keeping the words as the display text when they differ', () => {
    const [a, b] = findUnlinkedMentions(NOTE, ['Acme Robotics']);
    const once = linkMention(NOTE, a!, 'Acme Robotics');
    expect(once).toContain('We met [[Acme Robotics]] today. acme robotics again');
    const twice = linkMention(once, findUnlinkedMentions(once, ['Acme Robotics'])[0]!, 'companies/Acme Robotics');
    expect(twice).toContain('[[companies/Acme Robotics|acme robotics]] again');
    expect(twice.length - NOTE.length).toBe(4 + '[[companies/Acme Robotics|]]'.length);
    expect(b!.text).toBe('acme robotics');
  });

  it('refuses when the place no longer holds the words as unlinked text', () => {
    const [a] = findUnlinkedMentions(NOTE, ['Acme Robotics']);
    const edited = NOTE.replace('We met Acme', 'We met [[Acme Robotics]] and Acme');
    expect(() => linkMention(edited, a!, 'Acme Robotics')).toThrow(MentionMovedError);
    const linked = linkMention(NOTE, a!, 'Acme Robotics');
    expect(() => linkMention(linked, a!, 'Acme Robotics')).toThrow(MentionMovedError);
  });
});
