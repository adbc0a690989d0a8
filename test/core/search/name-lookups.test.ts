// One search's repeated title/alias look-ups are answered from the first (name-lookups.ts), and only those.
import { describe, expect, it } from 'vitest';
import type { BrainEngine, EntityMatch, TitleHit } from '../../../src/core/engine/brain-engine';
import { withNameLookupCache } from '../../../src/core/search/name-lookups';

function countingEngine(): { engine: BrainEngine; calls: string[] } {
  const calls: string[] = [];
  const rows: EntityMatch[] = Array.from({ length: 8 }, (_, i) => ({ path: `p${i}.md`, title: `P${i}`, name: `p${i}` }));
  const engine = {
    source: 'vault',
    findEntities: async (text: string, limit: number): Promise<EntityMatch[]> => {
      calls.push(`find ${text} ${limit}`);
      return rows.slice(0, limit);
    },
    titleSearch: async (text: string, limit: number): Promise<TitleHit[]> => {
      calls.push(`title ${text} ${limit}`);
      return [];
    },
    backlinkCounts: async function (this: { source: string }, paths: string[]) {
      calls.push(`backlinks ${this.source}`);
      return new Map(paths.map((p) => [p, 1]));
    },
  } as unknown as BrainEngine;
  return { engine, calls };
}

describe('withNameLookupCache', () => {
  it('answers a repeated look-up, and a smaller findEntities limit, from the first call; anything else reaches the engine', async () => {
    const { engine, calls } = countingEngine();
    const cached = withNameLookupCache(engine);
    expect(await cached.findEntities('Alice Chen', 10)).toHaveLength(8);
    expect((await cached.findEntities('Alice Chen', 5)).map((r) => r.path)).toEqual(['p0.md', 'p1.md', 'p2.md', 'p3.md', 'p4.md']);
    await cached.findEntities('Alice Chen', 10);
    await cached.findEntities('Alice', 10);
    await cached.titleSearch('Alice Chen', 10);
    await cached.titleSearch('Alice Chen', 10);
    await cached.titleSearch('Alice Chen', 3);
    expect(calls).toEqual(['find Alice Chen 10', 'find Alice 10', 'title Alice Chen 10', 'title Alice Chen 3']);
    // A larger limit than asked before goes to the engine; other methods run on the engine itself.
    await cached.findEntities('Alice', 20);
    expect(calls.at(-1)).toBe('find Alice 20');
    expect((await cached.backlinkCounts(['a.md'])).get('a.md')).toBe(1);
    expect(calls.at(-1)).toBe('backlinks vault');
    // A new search starts empty.
    await withNameLookupCache(engine).findEntities('Alice Chen', 10);
    expect(calls.at(-1)).toBe('find Alice Chen 10');
  });
});
