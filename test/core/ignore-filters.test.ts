// Obsidian's "Excluded files" as the brain applies them: path prefixes and /regular expressions/, an invalid
// expression skipped (never an error that stops indexing), and a note they hide is neither indexed nor found.
import { describe, expect, it } from 'vitest';
import { Brain } from '../../src/core/brain';
import { normalizeBrainSettings, pathFilter } from '../../src/core/config';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { ignoreFilterRegExp } from '../../src/core/note/ignore-filters';
import { createRegistry } from '../../src/core/ops';
import { MemoryVault } from './search/fixture';

describe('ignore filters', () => {
  it('are prefixes or /expressions/, as in Obsidian', () => {
    const filter = pathFilter({ include: [], exclude: [], ignore: ['Archive/', 'Daily/2023', '/\\.draft\\.md$/', '/([/'] }, '.obsidian');
    expect(filter.accepts('Archive/old.md')).toBe(false);
    expect(filter.accepts('archive/old.md')).toBe(false);
    expect(filter.accepts('Notes/Archive/old.md')).toBe(true);
    expect(filter.accepts('Daily/2023-05-01.md')).toBe(false);
    expect(filter.accepts('Daily/2024-05-01.md')).toBe(true);
    expect(filter.accepts('Notes/plan.draft.md')).toBe(false);
    expect(filter.accepts('Notes/plan.md')).toBe(true);
    expect(filter.exclusionReason('Archive/old.md')).toBe('excluded by Obsidian\'s Excluded files ("Archive/")');
    expect(filter.exclusionReason('Notes/plan.draft.md')).toBe('excluded by Obsidian\'s Excluded files ("/\\.draft\\.md$/")');
    expect(ignoreFilterRegExp('/([/')).toBeNull();
    // The store's own exclusion (remote calls) gets them too.
    expect(filter.exclusionPatterns()).toContain('\\.draft\\.md$');
  });

  it('cross the worker message as settings: kept when strings, dropped otherwise', () => {
    expect(normalizeBrainSettings({ ignore: ['Archive/', 3, ''] }).ignore).toEqual(['Archive/']);
    expect(normalizeBrainSettings({}).ignore).toBeUndefined();
  });

  it('keep a hidden note out of the index and out of search', async () => {
    const source = new MemoryVault({
      'Notes/Plan.md': '# Plan\n\nThe zeppelin launch is in June.\n',
      'Archive/Old plan.md': '# Old plan\n\nThe zeppelin launch was in May.\n',
      'Notes/Plan.draft.md': '# Draft\n\nA zeppelin draft.\n',
    });
    const engine = await PGliteEngine.open({});
    try {
      const brain = new Brain({ engine, source, filter: pathFilter({ include: [], exclude: [], ignore: ['Archive/', '/\\.draft\\.md$/'] }, '.obsidian'), embedder: null });
      await brain.index();
      const r = await createRegistry().call('search', { query: 'zeppelin launch' }, { brain, remote: false });
      expect(r.results.map((h) => h.path)).toEqual(['Notes/Plan.md']);
      expect((await engine.listPages({})).map((p) => p.path)).toEqual(['Notes/Plan.md']);
    } finally {
      await engine.close();
    }
  });
});
