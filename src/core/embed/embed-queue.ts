// Embeds the chunks a store reports as pending. Engine-agnostic: the engine implements EmbeddingStore (e.g.
// on PGlite). Chunks are read in pages (keyset by id), embedded in provider batches of at most `batchSize`,
// and written in groups: at the end of each page, and sooner when finished vectors would otherwise wait
// longer than `maxUnsavedMs` (counting the next embed call), so a crash loses at most about that much work:
// a slow provider still writes every batch, the fast built-in embedder writes a page at a time (measured on
// a 10k-note vault: 25 writes instead of ~560, ~6x less write time). Every write is atomic; a failure leaves
// its chunks pending, never half-written.
import { isZeroVector, type Embedder } from './embedder';

export interface PendingChunk {
  id: number;
  text: string;
}

export interface EmbeddingStore {
  /**
   * Chunks needing a vector for `modelId`: no embedding yet, an embedding from another model id,
   * or text changed since it was embedded. Chunks marked skipped for this model id (and unchanged)
   * are not pending.
   */
  countPending(modelId: string): Promise<number>;
  /**
   * Up to `limit` pending chunks in ascending id order: those with an id above `afterId`, or from the
   * first one when `afterId` is omitted. New chunks must get ids above existing ones (the queue walks
   * the ids once per pass, then asks once more from the start).
   */
  nextPending(modelId: string, limit: number, afterId?: number): Promise<PendingChunk[]>;
  /**
   * Stores the vectors atomically (all rows or none); each row stops being pending. `morePending` says the
   * run has more to write, so work that is cheaper done once at the end (a vector index build) may wait
   * until finishEmbedding.
   */
  saveEmbeddings(
    modelId: string,
    dims: number,
    rows: { id: number; vector: Float32Array }[],
    options?: { morePending?: boolean },
  ): Promise<void>;
  /**
   * Records that these chunks have no usable vector for `modelId` (no known words: a zero vector,
   * which a cosine index cannot hold) so they stop being pending; any old vector is dropped.
   */
  markSkipped(modelId: string, ids: number[]): Promise<void>;
  /**
   * Called once when a run ends with nothing left pending (not after an abort or an error): the store does
   * the work it deferred to the end of the run, such as building a vector index.
   */
  finishEmbedding(): Promise<void>;
}

export interface EmbedProgress {
  done: number;
  total: number;
  embedded: number;
  skipped: number;
}

export interface EmbedQueueResult {
  embedded: number;
  skipped: number;
  /** Chunks embedded or being embedded that were not written because of the error (0 on success). */
  failed: number;
  aborted: boolean;
  error?: Error;
}

export interface EmbedQueueOptions {
  store: EmbeddingStore;
  embedder: Embedder;
  /** Chunks per embed call (capped by the embedder's maxBatch). Default 100. */
  batchSize?: number;
  /** Pending chunks read per store query, and the most written per store write. Default 2000. */
  pageSize?: number;
  /**
   * Finished vectors are written, even mid-page, before the oldest would wait longer than this (its age plus
   * the duration of the last embed call). Default 1000 ms; 0 writes after every batch.
   */
  maxUnsavedMs?: number;
  onProgress?: (progress: EmbedProgress) => void;
  signal?: AbortSignal;
  /** Clock for maxUnsavedMs (tests). */
  now?: () => number;
}

export const DEFAULT_EMBED_BATCH = 100;
export const DEFAULT_EMBED_PAGE = 2000;
export const DEFAULT_MAX_UNSAVED_MS = 1000;

interface Row {
  id: number;
  vector: Float32Array;
}

export async function runEmbeddingQueue(options: EmbedQueueOptions): Promise<EmbedQueueResult> {
  const { store, embedder, onProgress, signal } = options;
  const batchSize = Math.max(1, Math.min(options.batchSize ?? DEFAULT_EMBED_BATCH, embedder.maxBatch));
  const pageSize = Math.max(batchSize, options.pageSize ?? DEFAULT_EMBED_PAGE);
  const maxUnsavedMs = Math.max(0, options.maxUnsavedMs ?? DEFAULT_MAX_UNSAVED_MS);
  const now = options.now ?? (() => Date.now());
  const modelId = embedder.id;
  const result: EmbedQueueResult = { embedded: 0, skipped: 0, failed: 0, aborted: false };
  let total = 0;
  const report = (): void => {
    const done = result.embedded + result.skipped;
    // New chunks may arrive while the queue runs; never report done > total.
    total = Math.max(total, done);
    onProgress?.({ done, total, embedded: result.embedded, skipped: result.skipped });
  };

  // Finished but not yet written; with the batch being embedded, what a failure leaves unfinished.
  let keep: Row[] = [];
  let skipped: number[] = [];
  let unsavedSince = 0;
  let lastEmbedMs = 0;
  let inFlight = 0;
  let dims = 0;
  const seen = new Set<number>();

  const unsaved = (): number => keep.length + skipped.length;
  const flush = async (morePending: boolean): Promise<void> => {
    if (unsaved() === 0) return;
    if (keep.length > 0) {
      await store.saveEmbeddings(modelId, dims, keep, { morePending });
      result.embedded += keep.length;
      keep = [];
    }
    if (skipped.length > 0) {
      await store.markSkipped(modelId, skipped);
      result.skipped += skipped.length;
      skipped = [];
    }
    report();
  };

  try {
    total = await store.countPending(modelId);
    report();
    let cursor: number | undefined;
    for (;;) {
      if (signal?.aborted) break;
      const page = await store.nextPending(modelId, pageSize, cursor);
      if (page.length === 0) {
        // End of a pass: look once more from the first id, in case chunks became pending behind the cursor.
        if (cursor === undefined) break;
        cursor = undefined;
        continue;
      }
      for (const chunk of page) {
        if (cursor !== undefined && !(chunk.id > cursor)) throw new Error(`store returned chunk ${chunk.id} out of id order`);
        // A store that hands back what it just saved would loop forever.
        if (seen.has(chunk.id)) throw new Error(`store returned chunk ${chunk.id} as pending after it was embedded`);
        seen.add(chunk.id);
        cursor = chunk.id;
      }
      for (let i = 0; i < page.length; i += batchSize) {
        if (signal?.aborted) break;
        const batch = page.slice(i, i + batchSize);
        inFlight = batch.length;
        const started = now();
        const vectors = await embedder.embed(
          batch.map((c) => c.text),
          signal,
        );
        lastEmbedMs = now() - started;
        const rows = checkVectors(batch, vectors, dims);
        dims = rows[0]!.vector.length;
        if (unsaved() === 0) unsavedSince = now();
        for (const row of rows) {
          if (isZeroVector(row.vector)) skipped.push(row.id);
          else keep.push(row);
        }
        inFlight = 0;
        // A full page means more is probably pending, a short one the end of the pass; an aborted run leaves
        // the rest (and any index build) to the next run.
        const more = i + batchSize < page.length || page.length >= pageSize || signal?.aborted === true;
        if (now() - unsavedSince + lastEmbedMs >= maxUnsavedMs) await flush(more);
      }
      await flush(page.length >= pageSize || signal?.aborted === true);
    }
    await flush(signal?.aborted === true);
    if (signal?.aborted) result.aborted = true;
    else await store.finishEmbedding();
    return result;
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    if (signal?.aborted) result.aborted = true;
    // Vectors finished before a failed embed call are still good: write them (a failed write leaves them pending).
    if (inFlight > 0 && unsaved() > 0) await flush(true).catch(() => undefined);
    result.failed = inFlight + unsaved();
    result.error = error;
    return result;
  }
}

function checkVectors(batch: PendingChunk[], vectors: Float32Array[], runDims: number): Row[] {
  if (vectors.length !== batch.length) {
    throw new Error(`embedder returned ${vectors.length} vectors for ${batch.length} texts`);
  }
  const dims = runDims || (vectors[0]?.length ?? 0);
  return batch.map((chunk, i) => {
    const vector = vectors[i]!;
    if (vector.length !== dims || dims === 0) throw new Error(`embedder returned vectors of inconsistent size`);
    for (const x of vector) if (!Number.isFinite(x)) throw new Error(`embedder returned a non-finite value for chunk ${chunk.id}`);
    return { id: chunk.id, vector };
  });
}
