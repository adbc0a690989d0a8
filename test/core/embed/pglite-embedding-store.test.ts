// The embedding queue against the real PGlite store: binary vector writes, keyset paging, atomic failures and
// the HNSW build deferred to the end of a run.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/embed/embedder';
import { runEmbeddingQueue } from '../../../src/core/embed/embed-queue';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { encodeVectorArray } from '../../../src/core/engine/pglite/vector-wire';
import { META, note } from '../engine/fixtures';

let engine: PGliteEngine;

beforeAll(async () => {
  engine = await PGliteEngine.open();
});
afterAll(async () => {
  await engine.close();
});
beforeEach(async () => {
  await engine.clear();
  engine.exactScanThreshold = 5000;
  await engine.db.exec('drop index if exists chunks_hnsw_4');
  await engine.db.exec('drop index if exists chunks_hnsw_3');
  // The engine caches which dims are indexed; a fresh engine state for each test.
  (engine as unknown as { vectors: { indexedDims: Set<number> } }).vectors.indexedDims.clear();
});

async function seed(n: number, perNote = 5): Promise<number[]> {
  const batch = [];
  for (let i = 0; i < n; i += perNote) {
    const chunks = Array.from({ length: Math.min(perNote, n - i) }, (_, j) => `chunk ${i + j} about topic ${(i + j) % 7}`);
    batch.push({ note: note(`n/${i}.md`, { chunks }), meta: META });
  }
  await engine.putPages(batch);
  const r = await engine.db.query<{ id: number }>('select id from chunks order by id');
  return r.rows.map((x) => x.id);
}

/** Deterministic 4-d unit-ish vectors from the text; zero for texts containing "nothing". */
class TextEmbedder implements Embedder {
  dims = 4;
  maxBatch = 100;
  calls = 0;
  constructor(readonly id = 'test:4d') {}
  embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
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

const stored = async (): Promise<Map<number, { model: string | null; dims: number | null; v: number[] | null }>> => {
  const r = await engine.db.query<{ id: number; model: string | null; dims: number | null; v: number[] | null }>(
    'select id, embedding_model as model, embed_dims as dims, embedding::real[] as v from chunks order by id',
  );
  return new Map(r.rows.map((x) => [x.id, x]));
};

describe('PGlite embedding store', () => {
  it('stores vectors bit-exactly through the binary path, with model id and dims', async () => {
    const ids = await seed(3);
    // Float32 values that decimal text would round: tiny, huge, negative, subnormal-ish.
    const vectors = [
      Float32Array.from([1 / 3, -2.5e-8, 3.4e38, -0]),
      Float32Array.from([Math.PI, -Math.E, 1e-30, 123456.789]),
      Float32Array.from([0.1, 0.2, 0.3, 0.4]),
    ];
    await engine.saveEmbeddings('m', 4, ids.map((id, i) => ({ id, vector: vectors[i]! })));
    const rows = await stored();
    ids.forEach((id, i) => {
      const row = rows.get(id)!;
      expect(row.model).toBe('m');
      expect(row.dims).toBe(4);
      expect(Float32Array.from(row.v!)).toEqual(vectors[i]);
    });
    expect(await engine.countPending('m')).toBe(0);
  });

  it('handles wide vectors and many rows in one write', async () => {
    const ids = await seed(600, 50);
    const wide = ids.slice(0, 3).map((id, i) => ({ id, vector: Float32Array.from({ length: 1536 }, (_, d) => Math.sin(d + i)) }));
    await engine.saveEmbeddings('wide', 1536, wide);
    const back = await engine.db.query<{ v: number[] }>('select embedding::real[] as v from chunks where id = $1', [ids[2]]);
    expect(Float32Array.from(back.rows[0]!.v)).toEqual(wide[2]!.vector);
    const many = ids.map((id, i) => ({ id, vector: Float32Array.from([i, 1, 0, 0]) }));
    await engine.saveEmbeddings('m', 4, many);
    expect(await engine.countPending('m')).toBe(0);
  });

  it('writes all rows or none: a bad vector rejects the whole write', async () => {
    const ids = await seed(4);
    const rows = ids.map((id) => ({ id, vector: Float32Array.from([1, 0, 0, 0]) }));
    rows[2] = { id: ids[2]!, vector: Float32Array.from([1, Number.NaN, 0, 0]) };
    await expect(engine.saveEmbeddings('m', 4, rows)).rejects.toThrow(/finite/);
    rows[2] = { id: ids[2]!, vector: Float32Array.from([1, 0, 0]) };
    await expect(engine.saveEmbeddings('m', 4, rows)).rejects.toThrow(/dims/);
    await expect(engine.saveEmbeddings('m', 16001, [])).rejects.toThrow(/dims/);
    expect(await engine.countPending('m')).toBe(4);
    expect([...(await stored()).values()].every((r) => r.v === null)).toBe(true);
    // Ids of chunks deleted meanwhile are ignored, the rest is written.
    await engine.saveEmbeddings('m', 4, [{ id: ids[0]!, vector: Float32Array.from([0, 1, 0, 0]) }, { id: 999_999, vector: Float32Array.from([1, 1, 1, 1]) }]);
    expect(await engine.countPending('m')).toBe(3);
  });

  it('pages pending chunks by id', async () => {
    const ids = await seed(12);
    const first = await engine.nextPending('m', 5);
    expect(first.map((c) => c.id)).toEqual(ids.slice(0, 5));
    const next = await engine.nextPending('m', 5, first[4]!.id);
    expect(next.map((c) => c.id)).toEqual(ids.slice(5, 10));
    expect((await engine.nextPending('m', 5, ids[11])).length).toBe(0);
    await engine.saveEmbeddings('m', 4, first.map((c) => ({ id: c.id, vector: Float32Array.from([1, 2, 3, 4]) })));
    expect((await engine.nextPending('m', 100)).map((c) => c.id)).toEqual(ids.slice(5));
    expect((await engine.nextPending('m', 100, Number.NaN)).map((c) => c.id)).toEqual(ids.slice(5));
    expect((await engine.nextPending('m', 100, -Infinity)).map((c) => c.id)).toEqual(ids.slice(5));
    expect(await engine.nextPending('m', 100, 1e15)).toEqual([]);
    expect(await engine.nextPending('m', 0)).toEqual([]);
  });

  it('embeds a vault end to end: only new chunks, a model switch re-embeds, skips stick', async () => {
    const ids = await seed(40);
    await engine.putPage(note('z/nothing.md', { chunks: ['nothing here'] }), META);
    const embedder = new TextEmbedder();
    const progress: number[] = [];
    const r1 = await runEmbeddingQueue({ store: engine, embedder, pageSize: 16, batchSize: 5, onProgress: (p) => progress.push(p.done) });
    expect(r1).toEqual({ embedded: 40, skipped: 1, failed: 0, aborted: false });
    expect(progress.at(-1)).toBe(41);
    expect(await engine.countPending(embedder.id)).toBe(0);

    await engine.putPage(note('n/0.md', { chunks: ['chunk 0 about topic 0', 'an edited chunk'] }), META);
    const r2 = await runEmbeddingQueue({ store: engine, embedder });
    expect(r2).toMatchObject({ embedded: 1, skipped: 0 });
    const rows = await stored();
    expect(rows.get(ids[0]!)!.model).toBe(embedder.id); // unchanged chunk kept its id and vector

    const other = new TextEmbedder('test:other');
    const r3 = await runEmbeddingQueue({ store: engine, embedder: other });
    expect(r3).toMatchObject({ embedded: 37, skipped: 1 });
    expect([...(await stored()).values()].every((r) => r.model === 'test:other')).toBe(true);
  });

  it('builds the HNSW index once, after the last write of a run', async () => {
    await seed(60);
    engine.exactScanThreshold = 10;
    const indexes = async (): Promise<string[]> =>
      (await engine.db.query<{ d: string }>(`select indexdef as d from pg_indexes where indexname like 'chunks_hnsw_%'`)).rows.map((r) => r.d);
    const seenDuringRun: number[] = [];
    const store = {
      countPending: (m: string) => engine.countPending(m),
      nextPending: (m: string, l: number, a?: number) => engine.nextPending(m, l, a),
      markSkipped: (m: string, ids: number[]) => engine.markSkipped(m, ids),
      finishEmbedding: () => engine.finishEmbedding(),
      saveEmbeddings: async (m: string, d: number, rows: { id: number; vector: Float32Array }[], o?: { morePending?: boolean }) => {
        await engine.saveEmbeddings(m, d, rows, o);
        if (o?.morePending) seenDuringRun.push((await indexes()).length);
      },
    };
    const result = await runEmbeddingQueue({ store, embedder: new TextEmbedder(), pageSize: 20, batchSize: 10 });
    expect(result).toMatchObject({ embedded: 60, failed: 0 });
    expect(seenDuringRun).toEqual([0, 0, 0]);
    const defs = await indexes();
    expect(defs).toHaveLength(1);
    expect(defs[0]).toMatch(/hnsw/);
    expect(defs[0]).toMatch(/m='12'/);
    const hits = await engine.vectorSearch({ vector: Float32Array.from([1, 0, 0, 0.5]), modelId: 'test:4d', limit: 5 });
    expect(hits).toHaveLength(5);
  });

  it('a deferred index build waits for finishEmbedding, never for a read', async () => {
    const ids = await seed(12);
    engine.exactScanThreshold = 10;
    const hnsw = async (): Promise<number> => (await engine.db.query(`select 1 from pg_indexes where indexname = 'chunks_hnsw_3'`)).rows.length;
    await engine.saveEmbeddings('m3', 3, ids.map((id, i) => ({ id, vector: Float32Array.from([1, i, 0]) })), { morePending: true });
    expect(await engine.nextPending('m3', 100)).toEqual([]);
    expect(await hnsw()).toBe(0);
    await engine.finishEmbedding();
    expect(await hnsw()).toBe(1);
  });

  it('a direct write above the threshold builds the index at once', async () => {
    const ids = await seed(12);
    engine.exactScanThreshold = 10;
    await engine.saveEmbeddings('m3', 3, ids.map((id, i) => ({ id, vector: Float32Array.from([1, i, 0]) })));
    const r = await engine.db.query(`select 1 from pg_indexes where indexname = 'chunks_hnsw_3'`);
    expect(r.rows).toHaveLength(1);
  });
});

describe('encodeVectorArray', () => {
  it('lays out a binary vector[] and validates its input', () => {
    const bytes = encodeVectorArray([Float32Array.from([1, -2])], 2, 4242);
    const view = new DataView(bytes.buffer);
    expect([view.getInt32(0), view.getInt32(4), view.getUint32(8), view.getInt32(12), view.getInt32(16)]).toEqual([1, 0, 4242, 1, 1]);
    expect([view.getInt32(20), view.getInt16(24), view.getInt16(26), view.getFloat32(28), view.getFloat32(32)]).toEqual([12, 2, 0, 1, -2]);
    expect(bytes.length).toBe(36);
    expect(encodeVectorArray([], 3, 1).length).toBe(20);
    expect(() => encodeVectorArray([Float32Array.from([1])], 2, 1)).toThrow(/dims/);
    expect(() => encodeVectorArray([Float32Array.from([Infinity, 1])], 2, 1)).toThrow(/finite/);
    expect(() => encodeVectorArray([], 0, 1)).toThrow(/dims/);
    expect(() => encodeVectorArray([], 1.5, 1)).toThrow(/dims/);
  });

  it('marks null elements (length -1, array flagged as having nulls)', () => {
    const bytes = encodeVectorArray([null, Float32Array.from([3])], 1, 7);
    const view = new DataView(bytes.buffer);
    expect([view.getInt32(4), view.getInt32(12)]).toEqual([1, 2]);
    expect(view.getInt32(20)).toBe(-1);
    expect([view.getInt32(24), view.getInt16(28), view.getFloat32(32)]).toEqual([8, 1, 3]);
    expect(bytes.length).toBe(36);
  });
});
