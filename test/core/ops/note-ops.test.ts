// unlinked_mentions and related_notes through the registry, over a real indexed PGlite brain: the notes that name
// a note without linking it, excluded notes invisible to remote callers, and related notes from the built-in
// embedder plus shared neighbours and tags (the planted neighbour comes first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../../src/core/brain';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { createRegistry } from '../../../src/core/ops';
import { loadBuiltinEmbedderFromDisk } from '../../../src/node/embedder-asset';
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
});
