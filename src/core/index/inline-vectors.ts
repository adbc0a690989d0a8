// Vectors computed with the pages they belong to, when the embedder is local (the built-in model): a new chunk
// is then inserted once with its vector. Through the embedding queue it was inserted, read back, and rewritten
// with the vector: a second row version with all its index entries (full text included) written again, which
// was half of a first index's time in the plugin (docs/plugin-performance.md). A remote embedder still goes
// through the queue, which batches, retries and survives a provider being down.
import type { PageVectors } from '../engine/brain-engine';
import { chunkEmbedText, isZeroVector, type Embedder } from '../embed/embedder';
import type { ParsedNote } from '../types';

/**
 * One entry per note: its chunks' vectors in order (null for a chunk the model cannot represent), or undefined
 * for all of them when the embedder is not local or failed (the queue embeds those chunks later).
 */
export async function inlineVectors(embedder: Embedder | null, notes: readonly ParsedNote[]): Promise<(PageVectors | undefined)[]> {
  const none = notes.map(() => undefined);
  if (!embedder?.local || embedder.dims < 1) return none;
  const texts = notes.flatMap((n) => n.chunks.map((c) => chunkEmbedText(c.heading, c.text)));
  const vectors: Float32Array[] = [];
  try {
    const step = Math.max(1, embedder.maxBatch);
    for (let i = 0; i < texts.length; i += step) vectors.push(...(await embedder.embed(texts.slice(i, i + step))));
  } catch {
    return none;
  }
  if (vectors.length !== texts.length || vectors.some((v) => v.length !== embedder.dims || !v.every(Number.isFinite))) return none;
  let at = 0;
  return notes.map((n) => ({
    modelId: embedder.id,
    dims: embedder.dims,
    vectors: n.chunks.map(() => {
      const v = vectors[at++]!;
      return isZeroVector(v) ? null : v;
    }),
  }));
}
