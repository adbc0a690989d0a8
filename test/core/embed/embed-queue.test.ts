import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/embed/embedder';
import { runEmbeddingQueue, type EmbeddingStore, type EmbedProgress, type PendingChunk } from '../../../src/core/embed/embed-queue';

interface Row {
  id: number;
  text: string;
  modelId?: string;
  embeddedText?: string;
  vector?: Float32Array;
  skipped?: boolean;
}

/** In-memory EmbeddingStore with the semantics the PGlite engine must have. */
class MemoryStore implements EmbeddingStore {
  rows = new Map<number, Row>();
  saves: number[][] = [];
  saveOptions: ({ morePending?: boolean } | undefined)[] = [];
  reads: (number | undefined)[] = [];
  finishes = 0;
  failSaveAt = -1;

  constructor(texts: string[]) {
    texts.forEach((text, id) => this.rows.set(id, { id, text }));
  }
  private pending(modelId: string): Row[] {
    return [...this.rows.values()].filter((r) => r.modelId !== modelId || r.embeddedText !== r.text);
  }
  countPending(modelId: string) {
    return Promise.resolve(this.pending(modelId).length);
  }
  nextPending(modelId: string, limit: number, afterId?: number): Promise<PendingChunk[]> {
    this.reads.push(afterId);
    const after = this.pending(modelId)
      .filter((r) => afterId === undefined || r.id > afterId)
      .sort((a, b) => a.id - b.id);
    return Promise.resolve(after.slice(0, limit).map(({ id, text }) => ({ id, text })));
  }
  saveEmbeddings(modelId: string, dims: number, rows: { id: number; vector: Float32Array }[], options?: { morePending?: boolean }) {
    if (this.saves.length === this.failSaveAt) return Promise.reject(new Error('disk full'));
    this.saves.push(rows.map((r) => r.id));
    this.saveOptions.push(options);
    for (const { id, vector } of rows) {
      expect(vector.length).toBe(dims);
      const row = this.rows.get(id)!;
      Object.assign(row, { modelId, embeddedText: row.text, vector, skipped: false });
    }
    return Promise.resolve();
  }
  markSkipped(modelId: string, ids: number[]) {
    for (const id of ids) {
      const row = this.rows.get(id)!;
      Object.assign(row, { modelId, embeddedText: row.text, vector: undefined, skipped: true });
    }
    return Promise.resolve();
  }
  finishEmbedding() {
    this.finishes++;
    return Promise.resolve();
  }
}

/** Fake embedder: 4-d vector from the text; zero vector for texts starting with '#'; can fail. */
class FakeEmbedder implements Embedder {
  dims = 4;
  calls: string[][] = [];
  failOnCall = -1;
  constructor(readonly id = 'fake:a', readonly maxBatch = 100) {}
  embed(texts: string[]): Promise<Float32Array[]> {
    this.calls.push(texts);
    if (this.calls.length - 1 === this.failOnCall) return Promise.reject(new Error('provider down'));
    return Promise.resolve(
      texts.map((t) => (t.startsWith('#') ? new Float32Array(4) : Float32Array.from([t.length, 1, 0, 0].map((x, i) => x / (i + 1))))),
    );
  }
}

const texts = (n: number) => Array.from({ length: n }, (_, i) => `chunk number ${i}`);

describe('runEmbeddingQueue', () => {
  it('embeds every pending chunk in batches of at most batchSize, writes a page at a time, reports progress', async () => {
    const store = new MemoryStore(texts(250));
    const embedder = new FakeEmbedder();
    const progress: EmbedProgress[] = [];
    const result = await runEmbeddingQueue({ store, embedder, onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ embedded: 250, skipped: 0, failed: 0, aborted: false });
    expect(embedder.calls.map((c) => c.length)).toEqual([100, 100, 50]);
    // One page (fast embedder): one write, and the store is told the run is over.
    expect(store.saves.map((s) => s.length)).toEqual([250]);
    expect(store.saveOptions).toEqual([{ morePending: false }]);
    expect(progress.map((p) => [p.done, p.total])).toEqual([[0, 250], [250, 250]]);
    // Keyset reads: the page, the rest after its last id, then once more from the start.
    expect(store.reads).toEqual([undefined, 249, undefined]);
    expect(await store.countPending('fake:a')).toBe(0);
    // The drained run ends with the store's end-of-run step, once.
    expect(store.finishes).toBe(1);
  });

  it('writes every batch of a slow provider', async () => {
    const store = new MemoryStore(texts(250));
    const embedder = new FakeEmbedder();
    let clock = 0;
    const slow = { id: embedder.id, dims: 4, maxBatch: 100, embed: (t: string[]) => ((clock += 1500), embedder.embed(t)) };
    await runEmbeddingQueue({ store, embedder: slow, now: () => clock });
    expect(store.saves.map((s) => s.length)).toEqual([100, 100, 50]);
    expect(store.saveOptions.map((o) => o?.morePending)).toEqual([true, true, false]);
  });

  it('writes every batch when maxUnsavedMs is 0, with progress after each', async () => {
    const store = new MemoryStore(texts(250));
    const progress: EmbedProgress[] = [];
    await runEmbeddingQueue({ store, embedder: new FakeEmbedder(), maxUnsavedMs: 0, onProgress: (p) => progress.push(p) });
    expect(store.saves.map((s) => s.length)).toEqual([100, 100, 50]);
    expect(progress.map((p) => [p.done, p.total])).toEqual([[0, 250], [100, 250], [200, 250], [250, 250]]);
  });

  it('reads pages by id and groups writes by page and by elapsed time', async () => {
    const store = new MemoryStore(texts(130));
    const embedder = new FakeEmbedder('fake:a', 20);
    let clock = 0;
    // Each embed call "takes" 400 ms: a write before the oldest unsaved vector would be 1000 ms old (every 3
    // batches), and at each page end.
    const slow = { ...embedder, id: embedder.id, dims: 4, maxBatch: 20, embed: (t: string[]) => ((clock += 400), embedder.embed(t)) };
    const result = await runEmbeddingQueue({ store, embedder: slow, pageSize: 100, now: () => clock });
    expect(result).toMatchObject({ embedded: 130, failed: 0 });
    expect(store.reads).toEqual([undefined, 99, 129, undefined]);
    expect(store.saves.map((s) => s.length)).toEqual([60, 40, 30]);
    // Mid-page and full-page writes expect more; the short last page ends the run.
    expect(store.saveOptions.map((o) => o?.morePending)).toEqual([true, true, false]);
  });

  it('picks up chunks added during the run, after and behind the cursor', async () => {
    const store = new MemoryStore(texts(10));
    store.rows.delete(2);
    let added = false;
    const result = await runEmbeddingQueue({
      store,
      embedder: new FakeEmbedder(),
      pageSize: 5,
      batchSize: 5,
      onProgress: (p) => {
        if (p.done === 5 && !added) {
          added = true;
          store.rows.set(50, { id: 50, text: 'new note' });
          store.rows.set(2, { id: 2, text: 'behind the cursor' });
        }
      },
    });
    expect(result).toMatchObject({ embedded: 11, failed: 0 });
    expect(await store.countPending('fake:a')).toBe(0);
  });

  it('respects a smaller batch size and the embedder maxBatch', async () => {
    const store = new MemoryStore(texts(25));
    const embedder = new FakeEmbedder('fake:a', 8);
    await runEmbeddingQueue({ store, embedder, batchSize: 10 });
    expect(embedder.calls.map((c) => c.length)).toEqual([8, 8, 8, 1]);
    const small = new FakeEmbedder();
    await runEmbeddingQueue({ store: new MemoryStore(texts(25)), embedder: small, batchSize: 10 });
    expect(small.calls.map((c) => c.length)).toEqual([10, 10, 5]);
  });

  it('only embeds pending chunks: new and changed text', async () => {
    const store = new MemoryStore(texts(30));
    const embedder = new FakeEmbedder();
    await runEmbeddingQueue({ store, embedder });
    store.rows.get(3)!.text = 'edited text';
    store.rows.set(99, { id: 99, text: 'brand new' });
    embedder.calls = [];
    const result = await runEmbeddingQueue({ store, embedder });
    expect(result.embedded).toBe(2);
    expect(embedder.calls).toEqual([['edited text', 'brand new']]);
    expect(store.rows.get(3)!.vector![0]).toBe('edited text'.length);
  });

  it('stops at a failed batch, keeps earlier batches and leaves the rest pending', async () => {
    const store = new MemoryStore(texts(300));
    const embedder = new FakeEmbedder();
    embedder.failOnCall = 1;
    const result = await runEmbeddingQueue({ store, embedder });
    expect(result.embedded).toBe(100);
    expect(result.failed).toBe(100);
    expect(result.error?.message).toBe('provider down');
    expect(await store.countPending('fake:a')).toBe(200);
    expect([...store.rows.values()].filter((r) => r.vector).length).toBe(100);
    expect(store.finishes).toBe(0);
    embedder.failOnCall = -1;
    const resumed = await runEmbeddingQueue({ store, embedder });
    expect(resumed).toMatchObject({ embedded: 200, failed: 0 });
    expect(store.finishes).toBe(1);
    expect(await store.countPending('fake:a')).toBe(0);
  });

  it('reports a store write failure without counting that batch', async () => {
    const store = new MemoryStore(texts(150));
    store.failSaveAt = 1;
    const result = await runEmbeddingQueue({ store, embedder: new FakeEmbedder(), maxUnsavedMs: 0 });
    expect(result).toMatchObject({ embedded: 100, failed: 50 });
    expect(result.error?.message).toBe('disk full');
    expect(await store.countPending('fake:a')).toBe(50);
  });

  it('re-embeds everything when the model id changes', async () => {
    const store = new MemoryStore(texts(120));
    await runEmbeddingQueue({ store, embedder: new FakeEmbedder('fake:a') });
    const other = new FakeEmbedder('fake:b');
    const result = await runEmbeddingQueue({ store, embedder: other });
    expect(result.embedded).toBe(120);
    expect(other.calls.flat()).toHaveLength(120);
    expect([...store.rows.values()].every((r) => r.modelId === 'fake:b')).toBe(true);
  });

  it('marks zero vectors skipped instead of storing them', async () => {
    const store = new MemoryStore(['# only symbols', 'real words', '# again', 'more words']);
    const result = await runEmbeddingQueue({ store, embedder: new FakeEmbedder() });
    expect(result).toMatchObject({ embedded: 2, skipped: 2 });
    expect(store.saves).toEqual([[1, 3]]);
    expect(store.rows.get(0)!.skipped).toBe(true);
    expect(store.rows.get(0)!.vector).toBeUndefined();
    expect(await store.countPending('fake:a')).toBe(0);
    const all = await runEmbeddingQueue({ store: new MemoryStore(['#', '#']), embedder: new FakeEmbedder() });
    expect(all).toMatchObject({ embedded: 0, skipped: 2 });
  });

  it('stops between batches when aborted', async () => {
    const store = new MemoryStore(texts(300));
    const ctrl = new AbortController();
    const result = await runEmbeddingQueue({
      store,
      embedder: new FakeEmbedder(),
      signal: ctrl.signal,
      maxUnsavedMs: 0,
      onProgress: (p) => {
        if (p.done === 100) ctrl.abort();
      },
    });
    expect(result).toMatchObject({ embedded: 100, aborted: true, failed: 0 });
    expect(await store.countPending('fake:a')).toBe(200);
    // An aborted run leaves the index build to the next one.
    expect(store.saveOptions).toEqual([{ morePending: true }]);
    expect(store.finishes).toBe(0);
    const before = await runEmbeddingQueue({ store: new MemoryStore(texts(5)), embedder: new FakeEmbedder(), signal: AbortSignal.abort() });
    expect(before).toMatchObject({ embedded: 0, aborted: true });
  });

  it('rejects an embedder that returns the wrong number or shape of vectors', async () => {
    const short: Embedder = { id: 'bad', dims: 4, maxBatch: 10, embed: (t) => Promise.resolve(t.slice(1).map(() => new Float32Array(4))) };
    const r1 = await runEmbeddingQueue({ store: new MemoryStore(texts(3)), embedder: short });
    expect(r1.error?.message).toMatch(/2 vectors for 3 texts/);
    const ragged: Embedder = { id: 'bad', dims: 4, maxBatch: 10, embed: (t) => Promise.resolve(t.map((_, i) => new Float32Array(i + 1).fill(1))) };
    expect((await runEmbeddingQueue({ store: new MemoryStore(texts(3)), embedder: ragged })).error?.message).toMatch(/inconsistent/);
    const nan: Embedder = { id: 'bad', dims: 2, maxBatch: 10, embed: (t) => Promise.resolve(t.map(() => Float32Array.from([Number.NaN, 1]))) };
    const r3 = await runEmbeddingQueue({ store: new MemoryStore(texts(3)), embedder: nan });
    expect(r3.error?.message).toMatch(/non-finite/);
    expect(r3.failed).toBe(3);
  });

  it('writes the batches finished before a failed embed call, within the same page', async () => {
    const store = new MemoryStore(texts(500));
    const embedder = new FakeEmbedder();
    embedder.failOnCall = 3;
    const result = await runEmbeddingQueue({ store, embedder });
    expect(result).toMatchObject({ embedded: 300, failed: 100 });
    expect(store.saves.map((s) => s.length)).toEqual([300]);
    expect(store.saveOptions).toEqual([{ morePending: true }]);
    expect(await store.countPending('fake:a')).toBe(200);
  });

  it('counts finished vectors as failed when writing them fails too', async () => {
    const store = new MemoryStore(texts(300));
    store.failSaveAt = 0;
    const embedder = new FakeEmbedder();
    embedder.failOnCall = 2;
    const result = await runEmbeddingQueue({ store, embedder });
    expect(result).toMatchObject({ embedded: 0, failed: 300 });
    expect(result.error?.message).toBe('provider down');
    expect(await store.countPending('fake:a')).toBe(300);
  });

  it('rejects a store that pages out of id order', async () => {
    const store = new MemoryStore(texts(6));
    store.nextPending = (_m: string, limit: number) => Promise.resolve([{ id: 5, text: 'x' }, { id: 3, text: 'y' }].slice(0, limit));
    const result = await runEmbeddingQueue({ store, embedder: new FakeEmbedder() });
    expect(result.error?.message).toMatch(/out of id order/);
    expect(result.embedded).toBe(0);
  });

  it('stops instead of looping when the store keeps returning saved chunks', async () => {
    const store = new MemoryStore(texts(5));
    store.saveEmbeddings = () => Promise.resolve();
    const result = await runEmbeddingQueue({ store, embedder: new FakeEmbedder() });
    expect(result.error?.message).toMatch(/pending after it was embedded/);
  });
});
