// The CLI's text output for people (the --json form is the contract): a frontmatter backlink reads as its one
// `key: value` entry, not the YAML folded around it; a body link keeps the words around it.
import { describe, expect, it } from 'vitest';
import { formatOpResult } from '../../src/cli/format';

describe('CLI text output', () => {
  it('prints a frontmatter backlink as its entry and a body backlink as its context', () => {
    const text = formatOpResult('backlinks', {
      note: 'people/Marcus Webb.md',
      backlinks: [
        {
          from: 'meetings/Board.md',
          line: 4,
          type: 'attended',
          source: 'frontmatter',
          field: 'attendees',
          raw: '[[Marcus Webb]]',
          context: '--- type: meeting date: 2024-03-05 attendees: ["[[Alice Chen]]", "[[Marcus Webb]]"] tags: [meeting, board] ---',
        },
        { from: 'companies/Acme.md', line: 14, type: 'mentions', source: 'wikilink', field: null, raw: '[[Marcus Webb]]', context: 'Founded by [[Alice Chen]] and [[Marcus Webb]] in Berlin.' },
      ],
    });
    expect(text.trimEnd().split('\n')).toEqual([
      '2 backlinks to people/Marcus Webb.md',
      '  meetings/Board.md:4 [attended]  attendees: [[Alice Chen]], [[Marcus Webb]]',
      '  companies/Acme.md:14 [mentions]  Founded by [[Alice Chen]] and [[Marcus Webb]] in Berlin.',
    ]);
  });
});
