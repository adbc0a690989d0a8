// A first index names every note before it parses them (provisional pages), so a search during the run finds a
// note by its title long before the note's own batch is written; searches are answered while the run waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brain } from '../../src/core/brain';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { createRegistry } from '../../src/core/ops';
import { gatedSource, memorySource } from '../helpers/memory-vault';

let engine: PGliteEngine;

beforeAll(async () => {
  engine = await PGliteEngine.open({});
});

afterAll(async () => {
  await engine.close();
});

describe('a first index', () => {
  it('makes every note findable by its name at once, answers searches mid-run, and leaves no provisional page behind', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`notes/Note ${String(i).padStart(2, '0')}.md`] = `# Note ${i}\n\nPlain text number ${i}.\n`;
    files['people/Zelda Quarterfield.md'] = '---\ntype: person\naliases: [ZQ]\n---\n# Zelda Quarterfield\n\nWorks on gliders.\n';
    files['notes/binary.md'] = 'a\u0000b\u0000c';
    // Ten notes read (read-ahead included), then the run waits; Zelda is listed after the first batches.
    const gated = gatedSource(memorySource(files), 10);
    const brain = new Brain({ engine, source: gated.source, filter: new PathFilter(defaultRules('.obsidian')), batchSize: 5, provisionalPages: true });
    const run = brain.index();
    await gated.reached;

    const registry = createRegistry({});
    const mid = await registry.call('search', { query: 'Zelda Quarterfield', limit: 3 }, { brain, remote: false });
    expect(mid.results.map((r) => r.path)).toContain('people/Zelda Quarterfield.md');
    const provisional = await engine.getPage('people/Zelda Quarterfield.md');
    expect(provisional).toMatchObject({ title: 'Zelda Quarterfield', type: 'person' });

    gated.release();
    const summary = await run;
    expect(summary.indexed).toBe(41);
    // Parsed over: the alias is known now, no page is left provisional (the binary file's page is gone).
    expect((await engine.getPage('people/Zelda Quarterfield.md'))?.aliases).toEqual(['ZQ']);
    const states = await engine.getPageStates();
    expect(states.filter((s) => s.contentHash === '' || s.mtime === -1)).toEqual([]);
    expect(states.map((s) => s.path)).not.toContain('notes/binary.md');
    expect((await engine.fileStatuses()).find((s) => s.path === 'notes/binary.md')?.status).toBe('skipped');
  }, 120_000);

  it('without provisional pages (the CLI, which waits for the run) a note is found only once its batch is written', async () => {
    await engine.clear();
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`notes/Note ${String(i).padStart(2, '0')}.md`] = `# Note ${i}\n\nPlain text number ${i}.\n`;
    files['people/Zelda Quarterfield.md'] = '# Zelda Quarterfield\n\nWorks on gliders.\n';
    const gated = gatedSource(memorySource(files), 10);
    const brain = new Brain({ engine, source: gated.source, filter: new PathFilter(defaultRules('.obsidian')), batchSize: 5 });
    const run = brain.index();
    await gated.reached;
    const registry = createRegistry({});
    const mid = await registry.call('search', { query: 'Zelda Quarterfield', limit: 3 }, { brain, remote: false });
    expect(mid.results.map((r) => r.path)).not.toContain('people/Zelda Quarterfield.md');
    gated.release();
    await run;
    const after = await registry.call('search', { query: 'Zelda Quarterfield', limit: 3 }, { brain, remote: false });
    expect(after.results.map((r) => r.path)).toContain('people/Zelda Quarterfield.md');
  }, 120_000);
});
