// The vector arm: the query embedded with the same embedder as the chunks, nearest chunks by cosine.
import { errorMessage } from '../errors';
import type { BrainEngine, ChunkHit, SearchFilters } from '../engine/brain-engine';
import { isZeroVector, type Embedder } from '../embed/embedder';

export interface VectorArmResult {
  hits: ChunkHit[];
  /** Why the arm did not run, when it did not. */
  skipped?: string;
  /** The embedder was asked and failed (or its breaker is open): the search says so (`skipped.vector`). */
  failed?: boolean;
}

export async function vectorArm(engine: BrainEngine, embedder: Embedder | null, query: string, limit: number, filters?: SearchFilters): Promise<VectorArmResult> {
  if (!embedder) return { hits: [], skipped: 'no embedder' };
  let vector: Float32Array | undefined;
  try {
    [vector] = await embedder.embed([query]);
  } catch (e) {
    // A remote embedder being down must not take keyword and graph search with it.
    return { hits: [], skipped: `embedder failed: ${errorMessage(e)}`, failed: true };
  }
  if (!vector || vector.length === 0 || isZeroVector(vector)) return { hits: [], skipped: 'query has no known words' };
  return { hits: await engine.vectorSearch({ vector, modelId: embedder.id, limit, filters }) };
}
