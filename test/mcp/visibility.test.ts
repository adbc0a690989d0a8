// Remote visibility (core/ops/visibility.ts): with `private` excluded after it was indexed, no remote op shows a
// private note (results, counts, links, backlinks, not even as a dangling link), and a page of results fills from
// the notes the caller may see, because the exclusion is applied inside the store's queries.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineStats } from '../../src/core/engine/brain-engine';
import { makeVault, type TestVault } from './fixture';
import { openTestBrain, type TestBrain } from './helpers';

const HIDDEN_NOTES = 30;
let vault: TestVault;
let full: TestBrain & { withExclude(exclude: string[]): TestBrain };
let excluded: TestBrain;

beforeAll(async () => {
  vault = await makeVault();
  await vault.write('concepts/Plans.md', '# Plans\n\nThe next step is in [[Secret Plan]].\n');
  for (let i = 0; i < 8; i++) await vault.write(`notes/Ledger ${i}.md`, `# Ledger ${i}\n\nThe quantum ledger, volume ${i}.\n`);
  // More private notes than any over-fetch would cover, each matching the query better and newer than the rest.
  const later = new Date(Date.now() + 3_600_000);
  for (let i = 0; i < HIDDEN_NOTES; i++) {
    const rel = `private/Zorblax ${String(i).padStart(2, '0')}.md`;
    await vault.write(rel, `# Zorblax ${i}\n\nZorblax quantum ledger, zorblax again.\n\n## Timeline\n\n- 2031-01-${String((i % 28) + 1).padStart(2, '0')}: Zorblax ${i} happened.\n`);
    await fs.utimes(path.join(vault.vault, rel), later, later);
  }
  full = await openTestBrain(vault.vault);
  excluded = full.withExclude(['private']);
});

afterAll(async () => {
  await full?.close();
  await vault?.remove();
});

const remote = (name: string, params: Record<string, unknown> = {}): Promise<unknown> => excluded.registry.callByName(name, params, { brain: excluded.brain });
const local = (name: string, params: Record<string, unknown> = {}): Promise<unknown> =>
  excluded.registry.callByName(name, params, { brain: excluded.brain, remote: false });
const paths = (rows: { path: string }[]): string[] => rows.map((r) => r.path);

describe('remote visibility', () => {
  it('fills a page of search results from visible notes when the best matches are excluded', async () => {
    const query = { query: 'zorblax quantum ledger', limit: 5 };
    const here = (await local('search', query)) as { results: { path: string }[] };
    expect(paths(here.results).every((p) => p.startsWith('private/'))).toBe(true);
    const there = (await remote('search', query)) as { results: { path: string }[] };
    expect(there.results).toHaveLength(5);
    expect(paths(there.results).filter((p) => p.startsWith('private/'))).toEqual([]);
    expect(paths(there.results).every((p) => p.startsWith('notes/Ledger'))).toBe(true);
  });

  it('fills recent changes, timeline and note lists from visible notes', async () => {
    const recent = (await remote('recent_changes', { limit: 5 })) as { notes: { path: string }[] };
    expect(recent.notes).toHaveLength(5);
    expect(paths(recent.notes).some((p) => p.startsWith('private/'))).toBe(false);
    expect(paths(((await local('recent_changes', { limit: 5 })) as { notes: { path: string }[] }).notes).every((p) => p.startsWith('private/'))).toBe(true);

    const timeline = (await remote('timeline', { limit: 3 })) as { entries: { path: string }[] };
    expect(timeline.entries).toHaveLength(3);
    expect(paths(timeline.entries).some((p) => p.startsWith('private/'))).toBe(false);

    const all = (await local('list_notes', { limit: 1000 })) as { notes: { path: string }[] };
    const seen = (await remote('list_notes', { limit: 1000 })) as { notes: { path: string }[] };
    expect(seen.notes.length).toBe(all.notes.length - HIDDEN_NOTES - 1);
    expect(paths(seen.notes).some((p) => p.startsWith('private/'))).toBe(false);
  });

  it('counts as if excluded notes were not stored, and never turns a link into one into a dangling link', async () => {
    const here = (await local('stats')) as EngineStats;
    const there = (await remote('stats')) as EngineStats;
    expect(there.pages).toBe(here.pages - HIDDEN_NOTES - 1);
    // Secret Plan's two links and the link to it from Plans.
    expect(there.links).toBe(here.links - 3);
    expect(there.dangling).toBe(here.dangling);
    expect(there.chunks).toBeLessThanOrEqual(here.chunks - HIDDEN_NOTES - 1);
    expect(there.timelineEntries).toBe(here.timelineEntries - HIDDEN_NOTES);

    const links = (await remote('links', { note: 'Plans' })) as { links: { to: string | null; targetText: string }[] };
    expect(links.links).toEqual([]);
    expect(((await local('links', { note: 'Plans' })) as { links: { to: string | null }[] }).links.map((l) => l.to)).toEqual(['private/Secret Plan.md']);

    const backlinks = (await remote('backlinks', { note: 'Acme Robotics' })) as { backlinks: { from: string }[] };
    expect(backlinks.backlinks.length).toBeGreaterThan(0);
    expect(backlinks.backlinks.some((b) => b.from.startsWith('private/'))).toBe(false);
    const status = (await remote('status', { status: 'indexed', limit: 1000 })) as { indexed: number; files: { path: string }[] };
    expect(status.indexed).toBe(here.pages - HIDDEN_NOTES - 1);
    expect(JSON.stringify(await remote('graph'))).not.toContain('private/');
  });
});
