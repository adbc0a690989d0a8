// The built-in, offline embedder: GloVe 100-d word vectors (int8) averaged with SIF weights.
//
// How a text becomes a vector (Arora, Liang & Ma 2017, "A Simple but Tough-to-Beat Baseline for
// Sentence Embeddings"):
// 1. tokenize (lower case, letters/digits, contractions split), map words to the vocabulary with
//    small fallbacks (hyphen/apostrophe parts, accents stripped, plural/-ed/-ing stems);
// 2. sum the word vectors weighted by a / (a + p(w)) (smooth inverse frequency: "the" weighs ~0.01,
//    a rare word ~1), p(w) estimated from the word's frequency rank with Zipf's law;
// 3. subtract the projection on the common component (computed at build time), which every
//    average shares and which otherwise dominates cosine similarity;
// 4. normalize to unit length.
// Limits: English vocabulary only (30k most frequent words; other scripts and rare/technical words
// are ignored), no word order or negation scope ("dog bites man" == "man bites dog"), one vector per
// word sense. Texts with no known word get a zero vector (see Embedder.embed).

import type { Embedder } from './embedder';
import { parseEmbedderAsset, type EmbedderAsset, type EmbedderAssetHeader } from './embedder-asset-format';
import { tokenizeWords } from './tokenize-words';

/** Bump when tokenization or weighting changes, so stored vectors are recomputed. */
export const BUILTIN_EMBEDDER_REVISION = 1;
export const BUILTIN_MAX_BATCH = 256;
const DIACRITICS_RE = /\p{M}+/gu;
const JOINERS_RE = /['-]/;

export interface BuiltinEmbedderOptions {
  /** SIF smoothing constant; defaults to the value stored in the asset. */
  sifA?: number;
  /** Check the asset's checksum (costs a few ms per MB). */
  verifyChecksum?: boolean;
}

export interface BuiltinEmbedder extends Embedder {
  /** The vocabulary words a text maps to, in order (for explaining results and for tests). */
  knownWords(text: string): string[];
}

/** The id of the vector space an asset makes, from its header alone (the vectors are stored under it). */
export function builtinEmbedderId(header: Pick<EmbedderAssetHeader, 'dims' | 'recipeVersion' | 'checksum'>): string {
  return `builtin:glove-${header.dims}d-int8@${BUILTIN_EMBEDDER_REVISION}.${header.recipeVersion}-${header.checksum.toString(16).padStart(8, '0')}`;
}

export function loadBuiltinEmbedder(bytes: Uint8Array, options: BuiltinEmbedderOptions = {}): BuiltinEmbedder {
  const asset = parseEmbedderAsset(bytes, { verifyChecksum: options.verifyChecksum });
  const vocab = new Map<string, number>();
  asset.words.forEach((w, i) => vocab.set(w, i));
  const coef = rowCoefficients(asset, options.sifA ?? asset.sifA);
  const { dims, matrix, components } = asset;
  const id = builtinEmbedderId(asset);

  const lookupSimple = (token: string, out: number[]): void => {
    const direct = vocab.get(token);
    if (direct !== undefined) {
      out.push(direct);
      return;
    }
    const plain = token.normalize('NFD').replace(DIACRITICS_RE, '');
    const unaccented = plain !== token ? vocab.get(plain) : undefined;
    if (unaccented !== undefined) {
      out.push(unaccented);
      return;
    }
    const stem = stemCandidates(plain).find((s) => vocab.has(s));
    if (stem !== undefined) out.push(vocab.get(stem)!);
  };

  const lookup = (token: string, out: number[]): void => {
    const direct = vocab.get(token);
    if (direct !== undefined) {
      out.push(direct);
      return;
    }
    if (!JOINERS_RE.test(token)) {
      lookupSimple(token, out);
      return;
    }
    const joined = vocab.get(token.replace(/['-]/g, ''));
    if (joined !== undefined) {
      out.push(joined);
      return;
    }
    for (const part of token.split(/['-]/)) if (part) lookupSimple(part, out);
  };

  const indicesOf = (text: string): number[] => {
    const out: number[] = [];
    for (const token of tokenizeWords(text)) lookup(token, out);
    return out;
  };

  // Scratch accumulator, reused: float64 sums need no rounding per add.
  const acc = new Float64Array(dims);
  const embedOne = (text: string): Float32Array => {
    const out = new Float32Array(dims);
    const indices = indicesOf(text);
    if (indices.length === 0) return out;
    acc.fill(0);
    // Words repeat within a text ("the", names): sorted, each distinct row is added once, weighted by its
    // count, and rows are visited in memory order.
    const sorted = Int32Array.from(indices).sort();
    for (let i = 0; i < sorted.length; ) {
      const idx = sorted[i]!;
      let j = i + 1;
      while (j < sorted.length && sorted[j] === idx) j++;
      const c = coef[idx]! * (j - i);
      const base = idx * dims;
      for (let d = 0; d < dims; d++) acc[d]! += c * matrix[base + d]!;
      i = j;
    }
    for (const u of components) {
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += acc[d]! * u[d]!;
      for (let d = 0; d < dims; d++) acc[d]! -= dot * u[d]!;
    }
    let sum = 0;
    for (let d = 0; d < dims; d++) sum += acc[d]! * acc[d]!;
    const norm = Math.sqrt(sum);
    // A sum that lies exactly on the common component carries no information: treat it as unknown.
    if (!(norm > 1e-6)) return out;
    for (let d = 0; d < dims; d++) out[d] = acc[d]! / norm;
    return out;
  };

  return {
    id,
    dims,
    maxBatch: BUILTIN_MAX_BATCH,
    local: true,
    embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      try {
        signal?.throwIfAborted();
        return Promise.resolve(texts.map((t) => embedOne(typeof t === 'string' ? t : '')));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    knownWords(text: string): string[] {
      return indicesOf(text).map((i) => asset.words[i]!);
    },
  };
}

/** SIF weight times the int8 scale, per word: one multiply per word at run time. */
function rowCoefficients(asset: EmbedderAsset, a: number): Float32Array {
  // Same Zipf estimate as scripts/build-embedder.mjs: p(rank r) = 1 / ((r + 1) * H_V).
  let h = 0;
  for (let r = asset.totalVocab; r >= 1; r--) h += 1 / r;
  const coef = new Float32Array(asset.count);
  for (let i = 0; i < asset.count; i++) {
    const p = 1 / ((asset.ranks[i]! + 1) * h);
    coef[i] = (a / (a + p)) * asset.scales[i]!;
  }
  return coef;
}

/** Cheap English suffix stripping, tried only for words missing from the vocabulary. */
function stemCandidates(word: string): string[] {
  const out: string[] = [];
  const n = word.length;
  if (n < 4) return out;
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix) || n - suffix.length < 3) continue;
    const stem = word.slice(0, -suffix.length);
    out.push(stem, `${stem}e`);
    // "planned" -> "plan"
    if (stem.length >= 4 && stem[stem.length - 1] === stem[stem.length - 2]) out.push(stem.slice(0, -1));
  }
  return out;
}
