// Placeholder: at bundle time scripts/esbuild-plugins.mjs (embeddedAssetsPlugin) replaces this module with one
// that reads the binaries the worker needs, compressed and written as text, from the table the worker script
// declares before its code (see worker-bootstrap.ts). Outside the bundle (tests, CLI) it is empty.

export interface EmbeddedAsset {
  /** Decompressed size in bytes. */
  size: number;
  /** Size of the stored (compressed) bytes that `text` encodes. */
  storedBytes: number;
  /** `deflate-raw`: inflate after decoding; `zstd`: a zstd frame (zstddec); `raw`: stored as is (already-compressed files). */
  codec: 'deflate-raw' | 'zstd' | 'raw';
  /** The first bytes of the asset as hex, for assets whose header is read without decoding them (the embedder). */
  head?: string;
  /** The stored bytes as 7-bit text (see binary-text.ts). */
  text: string;
}

export const EMBEDDED_ASSETS: Readonly<Record<string, EmbeddedAsset>> = {};
