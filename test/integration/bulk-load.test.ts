// A first index into an empty store, where nobody searches while it runs, drops the indexes only searches read and
// builds them once at its end (engine/sql/bulk-load.ts): searches mid-run still answer, the indexes come back
// exactly as the migrations made them, a run killed before its end leaves them to the store's next open, and a
// run with provisional pages (the plugin's) keeps them all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { DEFERRABLE_INDEXES, indexesDeferred } from '../../src/core/engine/sql/bulk-load';
import { Indexer } from '../../src/core/index/indexer';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { gatedSource, memorySource } from '../helpers/memory-vault';

const engines: PGliteEngine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function openEngine(dataDir?: string): Promise<PGliteEngine> {
  const engine = await PGliteEngine.open(dataDir === undefined ? {} : { dataDir });
  engines.push(engine);
  return engine;
}

async function indexDefs(engine: PGliteEngine): Promise<Map<string, string>> {
  const r = await engine.db.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() order by indexname`,
  );
  return new Map(r.rows.map((x) => [x.name, x.def]));
}

function vault(n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const name = `Note ${String(i).padStart(3, '0')}`;
    files[`notes/${name}.md`] = `# ${name}\n\nAbout topic${i % 7}${i === 0 ? ', with a kestrel' : ''} and [[Note ${String((i + 1) % n).padStart(3, '0')}]], also [[Missing ${i % 3}]].\n`;
  }
  files['people/Zelda Quarterfield.md'] = '---\ntype: person\n---\n# Zelda Quarterfield\n\nWorks on gliders with [[Note 001]].\n';
  return files;
}

const filter = new PathFilter(defaultRules('.obsidian'));

describe('bulk load on a first index', () => {
  it('defers the search indexes during a run nobody searches (no provisional pages), answers searches mid-run by scanning, and builds them exactly as migrated', async () => {
    const engine = await openEngine();
    const migrated = await indexDefs(engine);
    for (const name of DEFERRABLE_INDEXES) expect(migrated.has(name)).toBe(true);

    const gated = gatedSource(memorySource(vault(60)), 30);
    const run = new Indexer({ store: engine, source: gated.source, filter, batchSize: 10, bulkLoadMinNotes: 50 }).run();
    await gated.reached;
    try {
      const mid = await indexDefs(engine);
      for (const name of DEFERRABLE_INDEXES) expect(mid.has(name)).toBe(false);
      expect(await indexesDeferred(engine.db)).toBe(true);
      // Note 000 is in the first batch, written by now.
      const early = await engine.keywordSearch({ tsquery: 'kestrel', mode: 'and', limit: 3 });
      expect(early.map((h) => h.path)).toEqual(['notes/Note 000.md']);
    } finally {
      gated.release();
    }
    const summary = await run;
    expect(summary.indexed).toBe(61);

    expect(await indexDefs(engine)).toEqual(migrated);
    expect(await indexesDeferred(engine.db)).toBe(false);
    const hits = await engine.keywordSearch({ tsquery: 'gliders', mode: 'and', limit: 3 });
    expect(hits.map((h) => h.path)).toEqual(['people/Zelda Quarterfield.md']);
    expect((await engine.backlinks('notes/Note 001.md')).map((b) => b.from).sort()).toEqual(['notes/Note 000.md', 'people/Zelda Quarterfield.md']);
  }, 120_000);

  it('keeps every index during a first index with provisional pages (the plugin, whose panes search while it runs)', async () => {
    const engine = await openEngine();
    const migrated = await indexDefs(engine);
    const gated = gatedSource(memorySource(vault(60)), 30);
    const run = new Indexer({ store: engine, source: gated.source, filter, batchSize: 10, provisionalPages: true, bulkLoadMinNotes: 1 }).run();
    await gated.reached;
    try {
      expect(await indexDefs(engine)).toEqual(migrated);
      expect(await indexesDeferred(engine.db)).toBe(false);
    } finally {
      gated.release();
    }
    await run;
    expect(await indexDefs(engine)).toEqual(migrated);
  }, 120_000);

  it('stores what a run without it stores', async () => {
    const files = vault(60);
    const bulk = await openEngine();
    await new Indexer({ store: bulk, source: memorySource(files), filter, batchSize: 10, bulkLoadMinNotes: 1 }).run();
    const plain = await openEngine();
    await new Indexer({ store: plain, source: memorySource(files), filter, batchSize: 10, bulkLoadMinNotes: 1_000_000 }).run();
    const dump = async (e: PGliteEngine) => ({
      links: (await e.allEdges()).map((l) => JSON.stringify(l)).sort(),
      dangling: await e.danglingLinks(),
      stats: await e.stats(),
    });
    expect(await dump(bulk)).toEqual(await dump(plain));
  }, 120_000);

  it('leaves a store that is not empty as it is, and only a first index defers', async () => {
    const engine = await openEngine();
    const files = vault(20);
    await new Indexer({ store: engine, source: memorySource(files), filter, batchSize: 10, bulkLoadMinNotes: 1_000 }).run();
    expect(await engine.beginBulkLoad()).toBe(false);
    const before = await indexDefs(engine);
    files['notes/New.md'] = '# New\n';
    await new Indexer({ store: engine, source: memorySource(files), filter, batchSize: 10, bulkLoadMinNotes: 1 }).run();
    expect(await indexDefs(engine)).toEqual(before);
  }, 120_000);

  it('a run cut short still builds them; a store closed mid-load gets them back at its next open', async () => {
    const aborted = await openEngine();
    const gated = gatedSource(memorySource(vault(60)), 25);
    const controller = new AbortController();
    const run = new Indexer({ store: aborted, source: gated.source, filter, batchSize: 10, bulkLoadMinNotes: 1 }).run({ signal: controller.signal });
    await gated.reached;
    controller.abort();
    gated.release();
    await run;
    expect(await indexesDeferred(aborted.db)).toBe(false);
    for (const name of DEFERRABLE_INDEXES) expect((await indexDefs(aborted)).has(name)).toBe(true);

    // As a kill -9 leaves it: dropped, never built, the process gone.
    const dir = mkdtempSync(path.join(tmpdir(), 'vb-bulk-'));
    dirs.push(dir);
    const first = await PGliteEngine.open({ dataDir: path.join(dir, 'db') });
    const migrated = await indexDefs(first);
    expect(await first.beginBulkLoad()).toBe(true);
    const dropped = await indexDefs(first);
    for (const name of DEFERRABLE_INDEXES) expect(dropped.has(name)).toBe(false);
    await first.close();
    const reopened = await openEngine(path.join(dir, 'db'));
    expect(await indexDefs(reopened)).toEqual(migrated);
    expect(await indexesDeferred(reopened.db)).toBe(false);
  }, 120_000);
});
