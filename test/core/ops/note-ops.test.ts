// unlinked_mentions and related_notes through the registry, over a real indexed PGlite brain: the notes that name
// a note without linking it, excluded notes invisible to remote callers, and related notes from the built-in
// embedder plus shared neighbours and tags (the planted neighbour comes first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../../src/core/brain';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { createRegistry } from '../../../src/core/ops';
import { loadBuiltinEmbedderFromDisk } from '../../../src/node/embedder-asset';
import { hubWeight } from '../../../src/core/ops/note-ops';
import { indexedBrain } from '../search/fixture';

const FILES: Record<string, string> = {
  'companies/Acme Robotics.md': '---\naliases: [Acme]\ntags: [company, robots]\n---\n# Acme Robotics\n\nAcme Robotics builds warehouse robots and fleet software for logistics.\n',
  'people/Alice Chen.md': '# Alice Chen\n\nAlice works at [[Acme Robotics]]. Later she told Acme about [[Borealis Labs]].\n',
  'meetings/2024-05-01 Sync.md': '# Sync\n\nDiscussed the Acme Robotics order and `Acme` in code. acme robotics will ship in June.\n',
  'notes/Warehouse robots.md': '---\ntags: [robots]\n---\n# Warehouse robots\n\nWarehouse robots and fleet software move pallets for logistics companies; see [[Borealis Labs]].\n',
  'notes/Gardening.md': '# Gardening\n\nTomatoes need sun and water in the summer garden.\n',
  'private/Deal.md': '# Deal\n\nWe will buy Acme Robotics.\n',
  'companies/Borealis Labs.md': '# Borealis Labs\n\nBorealis Labs makes sensors.\n',
};

let brain: Brain;
let engine: PGliteEngine;
const registry = createRegistry();

beforeAll(async () => {
  ({ brain, engine } = await indexedBrain(FILES, await loadBuiltinEmbedderFromDisk()));
}, 60_000);

afterAll(async () => {
  await engine?.close();
});

describe('unlinked_mentions', () => {
  it('lists each note that names the note (title or alias) without linking it, with line, column and context', async () => {
    const r = await registry.call('unlinked_mentions', { note: 'Acme Robotics' }, { brain, remote: false });
    expect(r.note).toBe('companies/Acme Robotics.md');
    expect(r.linktext).toBe('Acme Robotics');
    const byPath = Object.fromEntries(r.notes.map((n) => [n.path, n.mentions.map((m) => [m.line, m.column, m.text])]));
    expect(byPath['meetings/2024-05-01 Sync.md']).toEqual([
      [3, 14, 'Acme Robotics'],
      [3, 54, 'acme robotics'],
    ]);
    // The alias, not the linked title: only "Acme" outside the link counts.
    expect(byPath['people/Alice Chen.md']).toEqual([[3, 49, 'Acme']]);
    expect(byPath['private/Deal.md']).toHaveLength(1);
    expect(byPath['companies/Acme Robotics.md']).toBeUndefined();
  });

  it('hides excluded notes from remote callers', async () => {
    const { brain: hidden, engine: e2 } = await indexedBrain(FILES, null, ['private']);
    try {
      const r = await registry.call('unlinked_mentions', { note: 'Acme Robotics' }, { brain: hidden });
      expect(r.notes.map((n) => n.path).sort()).toEqual(['meetings/2024-05-01 Sync.md', 'people/Alice Chen.md']);
    } finally {
      await e2.close();
    }
  });
});

describe('related_notes', () => {
  it('ranks the note that shares meaning, a neighbour and a tag first, says why, and leaves out linked notes', async () => {
    const r = await registry.call('related_notes', { note: 'people/Alice Chen.md' }, { brain, remote: false });
    expect(r.embedder).toMatch(/^builtin:/);
    const paths = r.notes.map((n) => n.path);
    // Alice links Acme and Borealis: those are in the links pane, not here.
    expect(paths).not.toContain('companies/Acme Robotics.md');
    expect(paths).not.toContain('companies/Borealis Labs.md');
    expect(paths[0]).toBe('notes/Warehouse robots.md');
    expect(r.notes[0]!.sharedLinks.map((s) => s.path)).toContain('companies/Borealis Labs.md');
    expect(r.notes[0]!.why).toContain('Borealis Labs');
  });

  it('finds notes by meaning and tags for a note with no links, and nothing unrelated', async () => {
    const r = await registry.call('related_notes', { note: 'Acme Robotics' }, { brain, remote: false });
    const top = r.notes.find((n) => n.path === 'notes/Warehouse robots.md');
    expect(top).toBeDefined();
    expect(top!.sharedTags).toEqual(['robots']);
    expect(top!.similarity).toBeGreaterThan(0.5);
    expect(r.notes.map((n) => n.path)).not.toContain('notes/Gardening.md');
  });
  it('weighs a shared neighbour by how few notes share it, so daily notes linking every hub do not crowd the list', async () => {
    // Project Kestrel links two people every daily note links, and one spec only one other note links. Each daily
    // note shares two neighbours with the project, the design note one; the rare one is the stronger connection.
    const files: Record<string, string> = {
      'Project Kestrel.md': '# Project Kestrel\n\nOwned by [[Dana]] with [[Omar]]; built to [[Kestrel spec]].\n',
      'Kestrel design.md': '# Kestrel design\n\nThe design follows [[Kestrel spec]].\n',
      'Kestrel spec.md': '# Kestrel spec\n\nRequirements.\n',
      'Dana.md': '# Dana\n\nEngineer.\n',
      'Omar.md': '# Omar\n\nDesigner.\n',
    };
    for (let d = 1; d <= 8; d++) files[`daily/2024-06-0${d}.md`] = `# 2024-06-0${d}\n\nStand-up with [[Dana]] and [[Omar]].\n`;
    const { brain: b, engine: e } = await indexedBrain(files, null);
    try {
      const r = await registry.call('related_notes', { note: 'Project Kestrel' }, { brain: b, remote: false });
      expect(r.notes[0]!.path).toBe('Kestrel design.md');
      const daily = r.notes.find((n) => n.path.startsWith('daily/'))!;
      expect(daily.sharedLinks.map((s) => s.path).sort()).toEqual(['Dana.md', 'Omar.md']);
      expect(daily.score).toBeLessThan(r.notes[0]!.score);
    } finally {
      await e.close();
    }
  });

  it('hub weight is 1 for a neighbour only the two notes share and falls with each note more', () => {
    expect(hubWeight(2)).toBe(1);
    expect(hubWeight(4)).toBeCloseTo(0.5, 6);
    expect(hubWeight(100)).toBeLessThan(hubWeight(10));
  });
});
