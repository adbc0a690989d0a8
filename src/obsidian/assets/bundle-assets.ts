// Lazy access to the binaries embedded in the bundle. Nothing is decoded at load: an asset is decoded and
// inflated when first asked for, and not cached (callers keep what they need, e.g. a compiled module).
import { BrainError } from '../../core/errors';
import { inflateSync } from 'fflate';
import { ZSTDDecoder } from 'zstddec';
import { decodeBinaryText } from './binary-text';
import { EMBEDDED_ASSETS, type EmbeddedAsset } from './embedded-data';

export type AssetTable = Readonly<Record<string, EmbeddedAsset>>;

export class MissingAssetError extends BrainError {
  constructor(readonly assetName: string) {
    super('missing_asset', `asset "${assetName}" is not embedded in this build`);
    this.name = 'MissingAssetError';
  }
}

export function hasAsset(name: string, table: AssetTable = EMBEDDED_ASSETS): boolean {
  return Object.prototype.hasOwnProperty.call(table, name);
}

export function assetNames(table: AssetTable = EMBEDDED_ASSETS): string[] {
  return Object.keys(table);
}

/** The first bytes of an asset, when the build put them in the table (`head`); null otherwise. No decoding. */
export function assetHead(name: string, table: AssetTable = EMBEDDED_ASSETS): Uint8Array | null {
  const hex = hasAsset(name, table) ? table[name]!.head : undefined;
  if (!hex || !/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The decompressed bytes of one embedded asset. Throws MissingAssetError, or when the data is corrupt. */
export async function loadAsset(name: string, table: AssetTable = EMBEDDED_ASSETS): Promise<Uint8Array> {
  if (!hasAsset(name, table)) throw new MissingAssetError(name);
  const asset = table[name]!;
  const stored = decodeBinaryText(asset.text, asset.storedBytes);
  const bytes = asset.codec === 'raw' ? stored : asset.codec === 'zstd' ? await unzstd(stored, asset.size) : await inflateRaw(stored, asset.size);
  if (bytes.length !== asset.size) throw new Error(`asset "${name}" inflated to ${bytes.length} bytes, expected ${asset.size}`);
  return bytes;
}

/**
 * zstd through zstddec (zstd's own decoder in wasm, 20 KB): no browser's DecompressionStream reads zstd, and a
 * decoder in JavaScript (fzstd) took 1.5-2.3 s for pglite.wasm in a fresh worker against 0.5 s for this one
 * (Chromium, load 13 on 2 cores; native deflate 0.2 s).
 */
let zstd: Promise<ZSTDDecoder> | null = null;
async function unzstd(data: Uint8Array, size: number): Promise<Uint8Array> {
  const decoder = await (zstd ??= (async () => {
    const d = new ZSTDDecoder();
    await d.init();
    return d;
  })());
  return decoder.decode(data, size);
}

/** Native DecompressionStream when it knows deflate-raw (several times faster), else fflate. */
async function inflateRaw(data: Uint8Array, size: number): Promise<Uint8Array> {
  const native = nativeInflater();
  if (native) {
    const out = new Uint8Array(await new Response(new Blob([data as BlobPart]).stream().pipeThrough(native)).arrayBuffer());
    if (out.length === size) return out;
  }
  return inflateSync(data, { out: new Uint8Array(size) });
}

function nativeInflater(): DecompressionStream | null {
  if (typeof DecompressionStream === 'undefined') return null;
  try {
    return new DecompressionStream('deflate-raw');
  } catch {
    return null;
  }
}
