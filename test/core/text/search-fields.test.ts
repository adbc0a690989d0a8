// Which note-level fields a chunk's full-text vector carries, and with which label.
import { describe, expect, it } from 'vitest';
import { chunkFields, noteFields } from '../../../src/core/text/search-fields';

describe('noteFields', () => {
  it('takes title and aliases as names, description as about, other properties as properties', () => {
    const f = noteFields({
      title: 'Noah Delgado',
      aliases: ['Noah D'],
      frontmatter: {
        type: 'person',
        role: 'Developer Advocate',
        location: 'Melbourne',
        description: 'Runs the developer programme.',
        tags: ['person', 'biotech'],
        company: '[[Tamarack Genomics]]',
        founded: 2018,
        nested: { city: 'Perth', list: ['a', 'b'] },
      },
    });
    expect(f.names).toBe('Noah Delgado \n Noah D');
    expect(f.about).toBe('Runs the developer programme.');
    expect(f.properties).toBe('person \n Developer Advocate \n Melbourne \n person \n biotech \n [[Tamarack Genomics]] \n 2018 \n Perth \n a \n b');
  });

  it('skips plumbing keys and booleans, and caps long values', () => {
    const f = noteFields({
      title: 'T',
      aliases: [],
      frontmatter: { permalink: 'plugins/file-recovery', publish: true, mobile: true, cssclasses: ['wide'], aliases: ['X'], notes: 'word '.repeat(2000) },
    });
    expect(f.about).toBe('');
    expect(f.properties.length).toBe(2000);
    expect(f.properties).not.toContain('file-recovery');
  });
});

describe('chunkFields', () => {
  it('labels names A, description and heading B, properties C and the text D, CJK segmented', () => {
    const fields = chunkFields(
      { heading: 'Setup', text: '文件恢复 works' },
      { names: 'File recovery', about: 'Snapshots', properties: 'plugin' },
    );
    expect(fields.map((f) => f.label)).toEqual(['A', 'B', 'C', 'B', 'D']);
    expect(fields[4]!.text).toContain('恢复');
    expect(chunkFields({ heading: '', text: 'body' }, { names: 'N', about: '', properties: '' }).map((f) => f.label)).toEqual(['A', 'D']);
  });

});
