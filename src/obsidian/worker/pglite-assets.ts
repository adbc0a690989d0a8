// PGlite options that make it start from the embedded binaries only: compiled wasm modules, the fsBundle as a
// Blob, and the extensions' tarballs as blob: URLs (PGlite fetches `bundlePath` and gunzips it in a browser).
// Without them PGlite would resolve files next to its script (import.meta.url), which a bundle does not have.
// A fresh database is loaded from the embedded data-directory snapshot (scripts/build-db-snapshot.mjs), so
// initdb never runs in the plugin and its wasm is not shipped: PGlite gets an empty module in its place.
import type { Extension, PGliteOptions } from '@electric-sql/pglite';

export type AssetLoader = (name: string) => Promise<Uint8Array>;

export interface PgliteAssetOptions {
  /** Without the snapshot: a store loads it its own way (`loadDataDir` below, or laid out in OPFS). */
  options: PGliteOptions;
  /** The data-directory snapshot (a tar) when the request was for a fresh store, else null. */
  snapshot: Uint8Array | null;
  /** Milliseconds spent decoding/inflating and compiling, for the startup report. */
  timings: { decode: number; compile: number };
  /** Frees the blob: URLs; call once PGlite is created (the tarballs are read during init). */
  release(): void;
}

export const PGLITE_ASSETS = {
  wasm: 'pglite.wasm',
  data: 'pglite.data',
  snapshot: 'pgdata.tar',
  vector: 'vector.tar.gz',
  pgTrgm: 'pg_trgm.tar.gz',
} as const;

/** PGlite's own load of the snapshot (a tar of the data directory), for stores that are not laid out directly. */
export function snapshotLoadOption(snapshot: Uint8Array | null): Pick<PGliteOptions, 'loadDataDir'> {
  return snapshot ? { loadDataDir: new Blob([snapshot as BlobPart], { type: 'application/x-tar' }) } : {};
}

/** An extension whose SQL/so bundle is served from a URL we created (a blob: URL of an embedded tarball). */
export function bundledExtension(name: string, bundleUrl: string): Extension {
  return {
    name,
    setup: (_pg, emscriptenOpts: unknown) => Promise.resolve({ emscriptenOpts, bundlePath: new URL(bundleUrl) }),
  };
}

/** The smallest valid wasm module: magic and version. PGlite wants an initdb module; it is never run. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

export interface PgliteAssetRequest {
  /** The data directory holds no database yet: load it from the snapshot. */
  fresh: boolean;
}

export async function embeddedPgliteOptions(
  load: AssetLoader,
  request: PgliteAssetRequest,
  now: () => number = () => performance.now(),
): Promise<PgliteAssetOptions> {
  const t0 = now();
  const [wasm, data, vector, pgTrgm, snapshot] = await Promise.all([
    load(PGLITE_ASSETS.wasm),
    load(PGLITE_ASSETS.data),
    load(PGLITE_ASSETS.vector),
    load(PGLITE_ASSETS.pgTrgm),
    request.fresh ? load(PGLITE_ASSETS.snapshot) : Promise.resolve(null),
  ]);
  const t1 = now();
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(wasm as BufferSource), WebAssembly.compile(EMPTY_WASM)]);
  const t2 = now();
  const urls = [tarballUrl(vector), tarballUrl(pgTrgm)];
  return {
    options: {
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([data as BlobPart]),
      extensions: { vector: bundledExtension('vector', urls[0]!), pg_trgm: bundledExtension('pg_trgm', urls[1]!) },
    },
    snapshot,
    timings: { decode: t1 - t0, compile: t2 - t1 },
    release: () => urls.forEach((u) => URL.revokeObjectURL(u)),
  };
}

function tarballUrl(bytes: Uint8Array): string {
  return URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/gzip' }));
}
