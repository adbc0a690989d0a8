// Types for esbuild-plugins.mjs, so TypeScript tests can import it.
import type { BuildOptions, Metafile, Plugin } from 'esbuild';

export interface AssetSource {
  name: string;
  path: string;
  codec: 'deflate-raw' | 'zstd' | 'raw';
  transform?: 'prune-pglite-data';
  build?: string;
  /** Bytes of the start of the file carried in the table as hex (`head`), readable without decoding. */
  head?: number;
}

export interface PreparedAsset {
  name: string;
  codec: 'deflate-raw' | 'zstd' | 'raw';
  size: number;
  storedBytes: number;
  head?: string;
  text: string;
}

export interface EncodedCode {
  /** Size of the code in UTF-8 bytes. */
  size: number;
  storedBytes: number;
  text: string;
}

export interface BuiltWorker {
  /** The worker script (asset table, deflated code, bootstrap). */
  code: string;
  /** The worker's own code, deflated and encoded as text. */
  workerCode: EncodedCode;
  assets: PreparedAsset[];
  stubbed: string[];
  metafile: Metafile;
}

export interface AssetOptions {
  assets?: AssetSource[];
  cacheDir?: string;
}

export declare const EMBEDDED_GRAMMARS: string[];
export declare const PGLITE_DATA_PRUNE: RegExp[];
export declare function defaultAssets(): AssetSource[];
export declare function pgliteDataFiles(loaderText?: string): { name: string; start: number; end: number }[];
export declare function prunePgliteData(data: Uint8Array, files?: { name: string; start: number; end: number }[]): Uint8Array;
export declare function prepareAssets(options?: AssetOptions): Promise<PreparedAsset[]>;
export declare function assetTableLiteral(prepared: PreparedAsset[], payloads: Map<string, string>): string;
export declare function embeddedDataModule(): string;
export declare function embeddedAssetsPlugin(): Plugin;
export declare const OBSIDIAN_EXTERNALS: string[];
export declare function nodeBuiltinsStubPlugin(stubbed?: Set<string>): Plugin;
export declare function workerBuildOptions(options?: {
  production?: boolean;
  entry?: string;
  stubbed?: Set<string>;
}): BuildOptions;
export declare function buildWorker(options?: { production?: boolean; entry?: string; assetOptions?: AssetOptions }): Promise<BuiltWorker>;
export declare function workerSourcePlugin(options?: {
  production?: boolean;
  entry?: string;
  assetOptions?: AssetOptions;
  report?: (worker: BuiltWorker) => void;
}): Plugin;
export declare function describeWorker(worker: BuiltWorker): string;
export declare function substituteTokens(code: string, payloads: Iterable<[token: string, text: string]>): string;
export declare function quoteForLiteral(text: string): string;
export declare function escapeBeyondLatin1(code: string): string;
