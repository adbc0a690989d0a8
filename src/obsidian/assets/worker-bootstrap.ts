// The first thing the worker script runs. The worker's code is shipped deflated (as text, like the assets): it is
// 1.4 MB of JavaScript that compresses to a quarter, and compressing it inside the already-compressed assets
// would gain nothing. The script is `var __vaultBrainEmbedded = {assets, worker}` followed by this bootstrap
// (scripts/esbuild-plugins.mjs writes both); the bootstrap inflates the code and runs it as a classic script
// with importScripts, synchronously, so no message sent to the worker can arrive before its handlers exist.
import { inflateSync } from 'fflate';
import { decodeBinaryText } from './binary-text';
import type { EmbeddedAsset } from './embedded-data';

/** Name of the global the worker script declares; embedded-data reads the asset table from it in the bundle. */
export const EMBEDDED_GLOBAL = '__vaultBrainEmbedded';

export interface EmbeddedCode {
  /** Size of the code in UTF-8 bytes. */
  size: number;
  /** Size of the deflated bytes that `text` encodes. */
  storedBytes: number;
  text: string;
}

export interface EmbeddedWorker {
  assets: Readonly<Record<string, EmbeddedAsset>>;
  worker: EmbeddedCode;
}

export interface BootstrapScope {
  importScripts(url: string): void;
}

/** The worker's code as UTF-8 bytes. Throws when the text is corrupt. */
export function inflateWorkerCode(code: EmbeddedCode): Uint8Array {
  const bytes = inflateSync(decodeBinaryText(code.text, code.storedBytes), { out: new Uint8Array(code.size) });
  if (bytes.length !== code.size) throw new Error(`worker code inflated to ${bytes.length} bytes, expected ${code.size}`);
  return bytes;
}

/** Inflates the worker's code and runs it in `scope` (the worker's global scope). */
export function runEmbeddedWorker(embedded: EmbeddedWorker, scope: BootstrapScope): void {
  const url = URL.createObjectURL(new Blob([inflateWorkerCode(embedded.worker) as BlobPart], { type: 'text/javascript' }));
  try {
    scope.importScripts(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
