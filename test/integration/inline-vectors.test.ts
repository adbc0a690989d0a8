// A local embedder's vectors are written with the chunks they belong to (index/inline-vectors.ts): the same
// vectors the embedding queue would store, without the queue rewriting every chunk row afterwards.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Brain } from '../../src/core/brain';
import type { Embedder } from '../../src/core/embed/embedder';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import { touchLater, writeVaultFile } from '../helpers/vault-files';

/** Deterministic 4-d vectors from the text; zero for a text containing "nothing" (the model cannot represent it). */
class TextEmbedder implements Embedder {
  readonly id = 'test:4d';
  readonly dims = 4;
  readonly maxBatch = 3;
  texts: string[] = [];
  constructor(readonly local: boolean) {}
  embed(texts: string[]): Promise<Float32Array[]> {
    this.texts.push(...texts);
    return Promise.resolve(
      texts.map((t) => {
        if (t.includes('nothing')) return new Float32Array(4);
        let h = 0;
        for (const ch of t) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
        return Float32Array.from([1 + (h % 7), (h >> 3) % 5, (h >> 6) % 3, 0.5]);
      }),
    );
  }
}

interface StoredChunk {
  key: string;
  id: number;
  model: string | null;
  dims: number | null;
  v: number[] | null;
}

let vault: string;
const engines: PGliteEngine[] = [];

beforeEach(async () => {
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-inline-vectors-'));
  await writeVaultFile(vault, 'Alice.md', '# Alice\n\nAlice works at [[Acme]].\n\n## Projects\n\nThe robot arm.\n\n## Empty\n\nnothing here\n');
  await writeVaultFile(vault, 'Acme.md', '# Acme\n\nA robotics company.\n');
  for (let i = 0; i < 5; i++) await writeVaultFile(vault, `notes/n${i}.md`, `# Note ${i}\n\nText of note ${i}.\n\n## Part\n\nMore about ${i}.\n`);
});

afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
  await fs.rm(vault, { recursive: true, force: true });
});

async function open(embedder: TextEmbedder): Promise<{ brain: Brain; engine: PGliteEngine }> {
  const engine = await PGliteEngine.open({});
  engines.push(engine);
  engine.exactScanThreshold = 5;
  const rules = defaultRules('.obsidian');
  const brain = new Brain({ engine, source: new FsVaultSource(vault), filter: new PathFilter(rules), embedder, batchSize: 3 });
  return { brain, engine };
}

async function stored(engine: PGliteEngine): Promise<StoredChunk[]> {
  const r = await engine.db.query<StoredChunk>(
    `select page || '#' || ord as key, id, embedding_model as model, embed_dims as dims, embedding::real[] as v from chunks order by page, ord`,
  );
  return r.rows;
}

describe('vectors written with the chunks (local embedder)', () => {
  it('stores the vectors the queue would, leaves the queue nothing to do, and builds the vector index at the end', async () => {
    const queued = await open(new TextEmbedder(false));
    const viaQueue = await queued.brain.index();
    const inlineEmbedder = new TextEmbedder(true);
    const inline = await open(inlineEmbedder);
    const viaInline = await inline.brain.index();

    const chunks = await stored(queued.engine);
    expect(chunks.length).toBeGreaterThan(10);
    expect(viaQueue.embed).toMatchObject({ embedded: chunks.length - 1, skipped: 1 });
    // Nothing was pending after the index run: the vectors came with the rows.
    expect(viaInline.embed).toMatchObject({ embedded: 0, skipped: 0, failed: 0 });
    expect(await inline.engine.countPending('test:4d')).toBe(0);
    // The same vector (same text embedded) for every chunk, and the chunk with no representable words skipped.
    expect((await stored(inline.engine)).map(({ key, model, dims, v }) => ({ key, model, dims, v }))).toEqual(
      chunks.map(({ key, model, dims, v }) => ({ key, model, dims, v })),
    );
    const skipped = chunks.filter((c) => c.v === null);
    expect(skipped).toEqual([expect.objectContaining({ key: 'Alice.md#2', model: 'test:4d', dims: null })]);
    // Embedded as the queue reads it: heading path, blank line, text.
    expect(inlineEmbedder.texts.filter((t) => t.endsWith('The robot arm.'))).toEqual(['Alice > Projects\n\n## Projects\n\nThe robot arm.']);
    const hnsw = await inline.engine.db.query(`select 1 from pg_indexes where indexname = 'chunks_hnsw_4'`);
    expect(hnsw.rows).toHaveLength(1);
    const hits = await inline.engine.vectorSearch({ vector: Float32Array.from(chunks[0]!.v!), modelId: 'test:4d', limit: 1 });
    expect(hits[0]?.path).toBe(chunks[0]!.key.split('#')[0]);
  });

  it('an edited note is written with its new chunks embedded, and unchanged chunks keep their rows', async () => {
    const { brain, engine } = await open(new TextEmbedder(true));
    await brain.index();
    const before = new Map((await stored(engine)).map((c) => [c.key, c]));
    await writeVaultFile(vault, 'Acme.md', '# Acme\n\nA robotics company.\n\n## News\n\nA new gripper.\n');
    await touchLater(vault, 'Acme.md');
    await brain.updatePaths(['Acme.md']);
    const after = new Map((await stored(engine)).map((c) => [c.key, c]));
    expect(after.get('Acme.md#0')?.id).toBe(before.get('Acme.md#0')?.id);
    expect(after.get('Acme.md#1')).toMatchObject({ model: 'test:4d', dims: 4 });
    expect(after.get('Acme.md#1')?.v).toHaveLength(4);
    expect(await engine.countPending('test:4d')).toBe(0);
  });

  it('a remote embedder leaves new chunks to the queue', async () => {
    const embedder = new TextEmbedder(false);
    const { brain, engine } = await open(embedder);
    await brain.indexer.run();
    expect(embedder.texts).toEqual([]);
    expect(await engine.countPending('test:4d')).toBe((await stored(engine)).length);
  });
});
