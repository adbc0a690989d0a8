// Reader for the built-in embedder asset written by scripts/build-embedder.mjs (layout documented
// there). Reads through DataView so the bytes may sit at any offset and the host may be big-endian.

export const ASSET_MAGIC = 'VBEM';
export const ASSET_FORMAT_VERSION = 1;
const HEADER_BYTES = 64;

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
  /** `count * dims` int8 values; word i's vector is `matrix[i*dims .. (i+1)*dims) * scales[i]`. */
  matrix: Int8Array;
}

export class EmbedderAssetError extends Error {
  constructor(message: string) {
    super(`embedder asset: ${message}`);
    this.name = 'EmbedderAssetError';
  }
}

export function fnv1a32(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

export function parseEmbedderAsset(bytes: Uint8Array, options: { verifyChecksum?: boolean } = {}): EmbedderAsset {
  if (bytes.length < HEADER_BYTES) throw new EmbedderAssetError(`too short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== ASSET_MAGIC) throw new EmbedderAssetError('bad magic, not an embedder asset');
  const format = view.getUint32(4, true);
  if (format !== ASSET_FORMAT_VERSION) throw new EmbedderAssetError(`unsupported format version ${format}`);
  const recipeVersion = view.getUint32(8, true);
  const dims = view.getUint32(12, true);
  const count = view.getUint32(16, true);
  const totalVocab = view.getUint32(20, true);
  const sifA = view.getFloat32(24, true);
  const pcCount = view.getUint32(28, true);
  const blobBytes = view.getUint32(32, true);
  const checksum = view.getUint32(36, true);
  if (dims < 1 || dims > 4096 || count < 1 || pcCount > dims || totalVocab < count || !(sifA > 0)) {
    throw new EmbedderAssetError('implausible header');
  }
  const offsetsAt = HEADER_BYTES;
  const blobAt = offsetsAt + 4 * (count + 1);
  const ranksAt = blobAt + ((blobBytes + 3) & ~3);
  const scalesAt = ranksAt + 4 * count;
  const componentsAt = scalesAt + 4 * count;
  const matrixAt = componentsAt + 4 * pcCount * dims;
  const end = matrixAt + count * dims;
  if (bytes.length !== end) throw new EmbedderAssetError(`size ${bytes.length} does not match header (expected ${end})`);
  if (options.verifyChecksum && fnv1a32(bytes.subarray(HEADER_BYTES)) !== checksum) {
    throw new EmbedderAssetError('checksum mismatch (corrupt file)');
  }

  const words = readWords(bytes, view, offsetsAt, blobAt, blobBytes, count);
  const ranks = new Uint32Array(count);
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    ranks[i] = view.getUint32(ranksAt + 4 * i, true);
    scales[i] = view.getFloat32(scalesAt + 4 * i, true);
    if (ranks[i]! >= totalVocab || !Number.isFinite(scales[i])) throw new EmbedderAssetError(`bad entry ${i}`);
  }
  const components: Float32Array[] = [];
  for (let c = 0; c < pcCount; c++) {
    const u = new Float32Array(dims);
    for (let d = 0; d < dims; d++) u[d] = view.getFloat32(componentsAt + 4 * (c * dims + d), true);
    components.push(u);
  }
  const matrix = new Int8Array(bytes.buffer, bytes.byteOffset + matrixAt, count * dims);
  return { recipeVersion, dims, count, totalVocab, sifA, checksum, words, ranks, scales, components, matrix };
}

function readWords(bytes: Uint8Array, view: DataView, offsetsAt: number, blobAt: number, blobBytes: number, count: number): string[] {
  const blob = bytes.subarray(blobAt, blobAt + blobBytes);
  const text = new TextDecoder('utf-8', { fatal: true }).decode(blob);
  // ASCII-only blobs (the normal case) decode to one char per byte, so byte offsets index the string.
  const ascii = text.length === blobBytes;
  const decoder = new TextDecoder('utf-8');
  const words = new Array<string>(count);
  let prev = view.getUint32(offsetsAt, true);
  if (prev !== 0) throw new EmbedderAssetError('word offsets must start at 0');
  for (let i = 0; i < count; i++) {
    const next = view.getUint32(offsetsAt + 4 * (i + 1), true);
    if (next <= prev || next > blobBytes) throw new EmbedderAssetError(`bad word offset at ${i}`);
    words[i] = ascii ? text.slice(prev, next) : decoder.decode(blob.subarray(prev, next));
    prev = next;
  }
  return words;
}
