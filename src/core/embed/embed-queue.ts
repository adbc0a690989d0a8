// Embeds the chunks a store reports as pending, batch by batch. Engine-agnostic: the engine
// implements EmbeddingStore (e.g. on PGlite). A crash or failure loses at most the batch in flight.
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
  /** Up to `limit` pending chunks, in a stable order. */
  nextPending(modelId: string, limit: number): Promise<PendingChunk[]>;
  /** Stores the vectors atomically (all rows or none); each row stops being pending. */
  saveEmbeddings(modelId: string, dims: number, rows: { id: number; vector: Float32Array }[]): Promise<void>;
  /**
   * Records that these chunks have no usable vector for `modelId` (no known words: a zero vector,
   * which a cosine index cannot hold) so they stop being pending; any old vector is dropped.
   */
  markSkipped(modelId: string, ids: number[]): Promise<void>;
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
  /** Chunks of the batch that failed (0 on success). The rest of the run stays pending. */
  failed: number;
  aborted: boolean;
  error?: Error;
}

export interface EmbedQueueOptions {
  store: EmbeddingStore;
  embedder: Embedder;
  /** Chunks per embed call and per store write (capped by the embedder's maxBatch). */
  batchSize?: number;
  onProgress?: (progress: EmbedProgress) => void;
  signal?: AbortSignal;
}

export async function runEmbeddingQueue(options: EmbedQueueOptions): Promise<EmbedQueueResult> {
  const { store, embedder, onProgress, signal } = options;
  const limit = Math.max(1, Math.min(options.batchSize ?? 100, embedder.maxBatch));
  const modelId = embedder.id;
  const result: EmbedQueueResult = { embedded: 0, skipped: 0, failed: 0, aborted: false };
  const seen = new Set<number>();
  let total = 0;
  const report = (): void => {
    const done = result.embedded + result.skipped;
    // New chunks may arrive while the queue runs; never report done > total.
    total = Math.max(total, done);
    onProgress?.({ done, total, embedded: result.embedded, skipped: result.skipped });
  };

  // Chunks of the current batch not yet written; they are what a failure leaves unfinished.
  let inFlight = 0;
  try {
    total = await store.countPending(modelId);
    report();
    for (;;) {
      if (signal?.aborted) {
        result.aborted = true;
        return result;
      }
      const batch = await store.nextPending(modelId, limit);
      if (batch.length === 0) return result;
      for (const chunk of batch) {
        // A store that hands back what it just saved would loop forever.
        if (seen.has(chunk.id)) throw new Error(`store returned chunk ${chunk.id} as pending after it was embedded`);
        seen.add(chunk.id);
      }
      inFlight = batch.length;
      const vectors = await embedder.embed(
        batch.map((c) => c.text),
        signal,
      );
      const rows = checkVectors(batch, vectors);
      const keep = rows.filter((r) => !isZeroVector(r.vector));
      const skipped = rows.filter((r) => isZeroVector(r.vector)).map((r) => r.id);
      if (keep.length > 0) await store.saveEmbeddings(modelId, keep[0]!.vector.length, keep);
      result.embedded += keep.length;
      inFlight = skipped.length;
      if (skipped.length > 0) await store.markSkipped(modelId, skipped);
      result.skipped += skipped.length;
      inFlight = 0;
      report();
    }
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    if (signal?.aborted) result.aborted = true;
    result.failed = inFlight;
    result.error = error;
    return result;
  }
}

function checkVectors(batch: PendingChunk[], vectors: Float32Array[]): { id: number; vector: Float32Array }[] {
  if (vectors.length !== batch.length) {
    throw new Error(`embedder returned ${vectors.length} vectors for ${batch.length} texts`);
  }
  const dims = vectors[0]?.length ?? 0;
  return batch.map((chunk, i) => {
    const vector = vectors[i]!;
    if (vector.length !== dims || dims === 0) throw new Error(`embedder returned vectors of inconsistent size`);
    for (const x of vector) if (!Number.isFinite(x)) throw new Error(`embedder returned a non-finite value for chunk ${chunk.id}`);
    return { id: chunk.id, vector };
  });
}
