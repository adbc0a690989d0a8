// The contract every embedding backend (built-in, OpenAI-compatible) satisfies.

export interface Embedder {
  /**
   * Stable id of the vector space, stored next to every vector; a different id means the vectors are
   * not comparable and must be recomputed. E.g. `builtin:glove-100d-int8@1-1a2b3c4d`,
   * `openai:text-embedding-3-small`, `openai:text-embedding-3-small@256`.
   */
  readonly id: string;
  /** Vector length; 0 for a remote model whose size is learned from its first response. */
  readonly dims: number;
  /** Largest number of texts worth sending in one `embed` call. */
  readonly maxBatch: number;
  /**
   * Computed in this process, with no provider call and no failure mode of a network (the built-in model): the
   * indexer embeds a note's new chunks as it writes them (index/inline-vectors.ts), so they are stored once with
   * their vector instead of waiting in the embedding queue and being rewritten by it.
   */
  readonly local?: boolean;
  /**
   * One L2-normalized vector per text, in order (cosine similarity = dot product).
   * Zero-vector policy: a text the model cannot represent (no known words, empty) gets an all-zero
   * vector. Callers must not store zeros in a cosine index (pgvector returns NaN for them); see
   * `isZeroVector` and the queue, which marks such chunks skipped.
   */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export function isZeroVector(v: ArrayLike<number>): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}

/** Scales `v` in place to unit length; leaves an all-zero (or non-finite) vector as zeros. */
export function normalizeInPlace(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (!(norm > 1e-12) || !Number.isFinite(norm)) return v.fill(0);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

/**
 * The text a chunk is embedded as: its heading path, a blank line, then its text (the text alone at the top of a
 * note), NULs dropped as the store drops them. The embedding queue reads the same from the store
 * (engine/sql/vector-store.ts nextPending), so a vector is the same whichever path computed it.
 */
export function chunkEmbedText(heading: string, text: string): string {
  const h = dropNul(heading);
  return h === '' ? dropNul(text) : `${h}\n\n${dropNul(text)}`;
}

const dropNul = (s: string): string => (s.includes('\0') ? s.replace(/\0/g, '') : s);
