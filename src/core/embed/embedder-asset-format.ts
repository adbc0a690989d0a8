// Reader for the built-in embedder asset written by scripts/build-embedder.mjs (layout documented
// there). Reads through DataView so the bytes may sit at any offset and the host may be big-endian.
import { BrainError } from '../errors';

export const ASSET_MAGIC = 'VBEM';
export const ASSET_FORMAT_VERSION = 3;
/** The fixed header every asset starts with; `parseEmbedderHeader` reads it alone. */
export const HEADER_BYTES = 64;

export interface EmbedderAsset {
  recipeVersion: number;
  dims: number;
  /** Number of words in the asset. */
  count: number;
  /** Size of the full source vocabulary the ranks refer to (for Zipf's law). */
  totalVocab: number;
  sifA: number;
  /** FNV-1a 32 checksum of everything after the header, as stored. */
  checksum: number;
  words: string[];
  /** 0-based frequency rank of each word in the source vocabulary. */
  ranks: Uint32Array;
  scales: Float32Array;
  /** Unit-length common components (principal components) to project out, each `dims` long. */
  components: Float32Array[];
  /** `count * dims` int8 values, row-major; word i's vector is `matrix[i*dims .. (i+1)*dims) * scales[i]`. */
  matrix: Int8Array;
}

export class EmbedderAssetError extends BrainError {
  constructor(message: string) {
    super('bad_asset', `embedder asset: ${message}`);
    this.name = 'EmbedderAssetError';
  }
}

export function fnv1a32(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

export interface EmbedderAssetHeader {
  recipeVersion: number;
  dims: number;
  count: number;
  totalVocab: number;
  sifA: number;
  pcCount: number;
  blobBytes: number;
  /** FNV-1a 32 checksum of everything after the header, as stored. */
  checksum: number;
}

/** The header alone (the first HEADER_BYTES bytes are enough): what the embedder's id is made of. */
export function parseEmbedderHeader(bytes: Uint8Array): EmbedderAssetHeader {
  if (bytes.length < HEADER_BYTES) throw new EmbedderAssetError(`too short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== ASSET_MAGIC) throw new EmbedderAssetError('bad magic, not an embedder asset');
  const format = view.getUint32(4, true);
  if (format !== ASSET_FORMAT_VERSION) throw new EmbedderAssetError(`unsupported format version ${format}`);
  const header: EmbedderAssetHeader = {
    recipeVersion: view.getUint32(8, true),
    dims: view.getUint32(12, true),
    count: view.getUint32(16, true),
    totalVocab: view.getUint32(20, true),
    sifA: view.getFloat32(24, true),
    pcCount: view.getUint32(28, true),
    blobBytes: view.getUint32(32, true),
    checksum: view.getUint32(36, true),
  };
  const { dims, count, pcCount, totalVocab, sifA, blobBytes } = header;
  if (dims < 1 || dims > 4096 || count < 1 || pcCount > dims || totalVocab < count || !(sifA > 0) || blobBytes < 2 * count) {
    throw new EmbedderAssetError('implausible header');
  }
  return header;
}

export function parseEmbedderAsset(bytes: Uint8Array, options: { verifyChecksum?: boolean } = {}): EmbedderAsset {
  const { recipeVersion, dims, count, totalVocab, sifA, pcCount, blobBytes, checksum } = parseEmbedderHeader(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ranksAt = HEADER_BYTES + ((blobBytes + 3) & ~3);
  const scalesAt = ranksAt + 4 * count;
  const componentsAt = scalesAt + 4 * count;
  const bitsAt = componentsAt + 4 * pcCount * dims;
  const matrixAt = bitsAt + ((dims + 3) & ~3);
  if (bytes.length < matrixAt) throw new EmbedderAssetError(`size ${bytes.length} does not match header (expected at least ${matrixAt})`);
  const bits = bytes.subarray(bitsAt, bitsAt + dims);
  if (bits.some((b) => b !== 4 && b !== 8)) throw new EmbedderAssetError('bad column width');
  const end = matrixAt + bits.reduce((sum, b) => sum + columnBytes(b, count), 0);
  if (bytes.length !== end) throw new EmbedderAssetError(`size ${bytes.length} does not match header (expected ${end})`);
  if (options.verifyChecksum && fnv1a32(bytes.subarray(HEADER_BYTES)) !== checksum) {
    throw new EmbedderAssetError('checksum mismatch (corrupt file)');
  }

  const words = readWords(bytes.subarray(HEADER_BYTES, HEADER_BYTES + blobBytes), count);
  const ranks = new Uint32Array(count);
  const scales = new Float32Array(count);
  let rank = 0;
  for (let i = 0; i < count; i++) {
    const delta = view.getUint32(ranksAt + 4 * i, true);
    // Ranks strictly increase (the vocabulary is in frequency order).
    if (i > 0 && delta === 0) throw new EmbedderAssetError(`bad rank at ${i}`);
    rank += delta;
    ranks[i] = rank;
    scales[i] = view.getFloat32(scalesAt + 4 * i, true);
    if (rank >= totalVocab || !Number.isFinite(scales[i])) throw new EmbedderAssetError(`bad entry ${i}`);
  }
  const components: Float32Array[] = [];
  for (let c = 0; c < pcCount; c++) {
    const u = new Float32Array(dims);
    for (let d = 0; d < dims; d++) u[d] = view.getFloat32(componentsAt + 4 * (c * dims + d), true);
    components.push(u);
  }
  return { recipeVersion, dims, count, totalVocab, sifA, checksum, words, ranks, scales, components, matrix: toRowMajor(bytes, matrixAt, bits, count) };
}

/** The words: UTF-8, each followed by "\n". */
function readWords(blob: Uint8Array, count: number): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(blob);
  } catch {
    throw new EmbedderAssetError('word list is not UTF-8');
  }
  const words = text.split('\n');
  if (words.length !== count + 1 || words.pop() !== '') throw new EmbedderAssetError(`word list does not hold ${count} words`);
  if (words.some((w) => w.length === 0)) throw new EmbedderAssetError('empty word in the word list');
  return words;
}

/** Stored bytes of one column: int8 values, or two 4-bit values per byte. */
function columnBytes(bits: number, count: number): number {
  return bits === 4 ? Math.ceil(count / 2) : count;
}

/**
 * The stored matrix is column-major, some columns two values to a byte (it compresses better); the embedder
 * reads one word's row at a time.
 */
function toRowMajor(bytes: Uint8Array, at: number, bits: Uint8Array, count: number): Int8Array {
  const dims = bits.length;
  const rows = new Int8Array(count * dims);
  let off = at;
  for (let d = 0; d < dims; d++) {
    if (bits[d] === 8) {
      const column = new Int8Array(bytes.buffer, bytes.byteOffset + off, count);
      for (let i = 0; i < count; i++) rows[i * dims + d] = column[i]!;
    } else {
      for (let i = 0; i < count; i += 2) {
        const b = bytes[off + (i >> 1)]!;
        rows[i * dims + d] = (b >> 4) - 8;
        if (i + 1 < count) rows[(i + 1) * dims + d] = (b & 15) - 8;
      }
    }
    off += columnBytes(bits[d]!, count);
  }
  return rows;
}
