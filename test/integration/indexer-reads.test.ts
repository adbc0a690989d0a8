// How the indexer reads files: ahead of the parser but in order, each file once (rename detection included),
// failures isolated to their file, and app-reported renames without listing every page.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { Indexer } from '../../src/core/index/indexer';
import { READ_AHEAD, readAhead } from '../../src/core/index/read-ahead';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';

/** An in-memory vault whose reads resolve out of order and can fail, counting every read and list. */
class MemoryVault implements VaultSource {
  files = new Map<string, { text: string; mtime: number }>();
  reads = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  failing = new Set<string>();

  set(path: string, text: string, mtime = 1000): void {
    this.files.set(path, { text, mtime });
  }

  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, f]) => ({ path, mtime: f.mtime, size: f.text.length })));
  }

  async read(path: string): Promise<Uint8Array> {
    this.reads.set(path, (this.reads.get(path) ?? 0) + 1);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    // Later files finish first: results must still be matched to the right file.
    const delay = 5 - (Number(/\d+/.exec(path)?.[0] ?? 0) % 5);
    await new Promise((r) => setTimeout(r, delay));
    this.inFlight--;
    const f = this.files.get(path);
    if (!f || this.failing.has(path)) throw new Error(`EIO: cannot read ${path}`);
    return new TextEncoder().encode(f.text);
  }

  stat(path: string): Promise<VaultFile | null> {
    const f = this.files.get(path);
    return Promise.resolve(f ? { path, mtime: f.mtime, size: f.text.length } : null);
  }
}

let engine: PGliteEngine;
let vault: MemoryVault;

function makeIndexer(batchSize = 7): Indexer {
  return new Indexer({ store: engine, source: vault, filter: new PathFilter(defaultRules('.obsidian')), batchSize });
}

beforeAll(async () => {
  engine = await PGliteEngine.open({});
});
afterAll(async () => {
  await engine.close();
});
beforeEach(async () => {
  await engine.clear();
  vault = new MemoryVault();
  for (let i = 0; i < 40; i++) vault.set(`notes/n${i}.md`, `# Note ${i}\n\nBody of note number ${i} mentions [[n${(i + 1) % 40}]] and keyword${i}.\n`);
});

describe('indexer reads', () => {
  it('reads ahead concurrently yet stores every note with its own content', async () => {
    const summary = await makeIndexer().run();
    expect(summary.indexed).toBe(40);
    expect(vault.maxInFlight).toBeGreaterThan(1);
    expect(vault.maxInFlight).toBeLessThanOrEqual(READ_AHEAD);
    for (const i of [0, 13, 39]) {
      const hits = await engine.keywordSearch({ tsquery: `keyword${i}`, mode: 'and', limit: 5 });
      expect(hits.map((h) => h.path)).toEqual([`notes/n${i}.md`]);
      expect((await engine.getPage(`notes/n${i}.md`))?.title).toBe(`Note ${i}`);
    }
    expect([...vault.reads.values()].every((n) => n === 1)).toBe(true);
  });

  it('marks an unreadable file failed and indexes the rest of its batch', async () => {
    vault.failing.add('notes/n5.md');
    const summary = await makeIndexer().run();
    expect(summary.indexed).toBe(39);
    expect(summary.failed).toBe(1);
    const failed = await engine.fileStatuses({ status: 'failed' });
    expect(failed.map((f) => [f.path, f.reason])).toEqual([['notes/n5.md', 'unreadable: EIO: cannot read notes/n5.md']]);
    expect(await engine.getPage('notes/n6.md')).not.toBeNull();
  });

  it('reads each new file once when detecting renames', async () => {
    await makeIndexer().run();
    const moved = vault.files.get('notes/n3.md')!;
    vault.files.delete('notes/n3.md');
    vault.set('archive/n3.md', moved.text, 2000);
    vault.set('notes/new.md', '# New\n\nA fresh note.\n', 2000);
    vault.reads.clear();
    const summary = await makeIndexer().run();
    expect(summary.renamed).toBe(1);
    expect(summary.indexed).toBe(2);
    expect(Object.fromEntries(vault.reads)).toEqual({ 'archive/n3.md': 1, 'notes/new.md': 1 });
    expect(await engine.getPage('notes/n3.md')).toBeNull();
    expect((await engine.backlinks('archive/n3.md')).map((b) => b.from)).toEqual(['notes/n2.md']);
  });

  it('starts reads in bursts of half the window, each burst in one synchronous run (a batching source sends one message)', async () => {
    const started: number[][] = [];
    let tick = 0;
    const read = (path: string): Promise<Uint8Array> => {
      (started[tick] ??= []).push(Number(path));
      return Promise.resolve(new Uint8Array([Number(path)]));
    };
    const paths = Array.from({ length: 40 }, (_, i) => String(i));
    const next = readAhead(paths, 8, read);
    const got: number[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await next();
      got.push('bytes' in r ? r.bytes[0]! : -1);
      tick++;
    }
    expect(got).toEqual(paths.map(Number));
    const bursts = started.filter((b) => b !== undefined);
    expect(bursts[0]).toHaveLength(8);
    expect(bursts.slice(1, -1).every((b) => b.length === 5)).toBe(true);
    expect(bursts.length).toBeLessThanOrEqual(Math.ceil(40 / 4));
    expect('error' in (await next())).toBe(true);
  });

  it('handles an app-reported rename without listing all pages', async () => {
    const indexer = makeIndexer();
    await indexer.run();
    const moved = vault.files.get('notes/n7.md')!;
    vault.files.delete('notes/n7.md');
    vault.set('notes/seven.md', moved.text, 3000);
    let listed = 0;
    const original = engine.getPageStates.bind(engine);
    engine.getPageStates = (paths?: string[]) => {
      if (paths === undefined) listed++;
      return original(paths);
    };
    try {
      const summary = await indexer.rename('notes/n7.md', 'notes/seven.md');
      expect(summary.renamed).toBe(1);
    } finally {
      engine.getPageStates = original;
    }
    expect(listed).toBe(0);
    expect(await engine.getPage('notes/n7.md')).toBeNull();
    expect((await engine.getPage('notes/seven.md'))?.title).toBe('Note 7');
    // A rename from a path that was never indexed just indexes the target.
    vault.set('notes/other.md', '# Other\n', 3000);
    expect((await indexer.rename('notes/missing.md', 'notes/other.md')).indexed).toBe(1);
  });
});
