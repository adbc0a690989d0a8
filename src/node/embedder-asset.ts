// Finds (or builds) the built-in embedder asset on disk for Node surfaces (CLI, MCP, tests).
// The Obsidian plugin inlines the same bytes in main.js instead.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import * as path from 'node:path';
import { BUILTIN_MAX_BATCH, builtinEmbedderId, loadBuiltinEmbedder, type BuiltinEmbedder } from '../core/embed/builtin-embedder';
import type { Embedder } from '../core/embed/embedder';
import { HEADER_BYTES, parseEmbedderHeader } from '../core/embed/embedder-asset-format';
import { lazyEmbedder } from '../core/embed/lazy-embedder';
import { findPackageFile, findUpwards, searchRoots } from './package-file';

export const EMBEDDER_ASSET_RELATIVE = path.join('assets', 'generated', 'embedder-glove100.bin');
const BUILD_SCRIPT_RELATIVE = path.join('scripts', 'build-embedder.mjs');

/** Path of the asset, or null when no ancestor of the search roots has one. */
export function findEmbedderAsset(roots: string[] = searchRoots()): string | null {
  return findPackageFile(EMBEDDER_ASSET_RELATIVE, roots);
}

export interface LoadFromDiskOptions {
  /** Use this file instead of searching. */
  assetPath?: string;
  /** Where to search from (defaults: this module's directory, then the working directory). */
  roots?: string[];
}

/**
 * Loads the built-in embedder. A clean checkout has no asset yet: then the build script runs once,
 * synchronously (about 20 s, it parses the 300 MB GloVe JSON), and its output is reused afterwards.
 */
export function loadBuiltinEmbedderFromDisk(options: LoadFromDiskOptions = {}): Promise<BuiltinEmbedder> {
  try {
    const roots = options.roots ?? searchRoots();
    let file = options.assetPath ?? findEmbedderAsset(roots);
    if (!file) {
      const buildRoot = findUpwards(BUILD_SCRIPT_RELATIVE, roots);
      if (!buildRoot) {
        throw new Error(`built-in embedder asset ${EMBEDDER_ASSET_RELATIVE} not found and no build script to make it`);
      }
      execFileSync(process.execPath, [path.join(buildRoot, BUILD_SCRIPT_RELATIVE)], { cwd: buildRoot, stdio: 'pipe' });
      file = path.join(buildRoot, EMBEDDER_ASSET_RELATIVE);
    }
    const buf = readFileSync(file);
    return Promise.resolve(loadBuiltinEmbedder(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)));
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

/**
 * The built-in embedder, loaded at its first `embed` (core/embed/lazy-embedder.ts): the open reads only the
 * asset's 64-byte header, for the id. Without an asset on disk it is built and loaded now, as above.
 */
export async function lazyBuiltinEmbedderFromDisk(options: LoadFromDiskOptions = {}): Promise<Embedder> {
  const file = options.assetPath ?? findEmbedderAsset(options.roots ?? searchRoots());
  if (!file) return await loadBuiltinEmbedderFromDisk(options);
  const header = new Uint8Array(HEADER_BYTES);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  const head = parseEmbedderHeader(header);
  return lazyEmbedder({ id: builtinEmbedderId(head), dims: head.dims, maxBatch: BUILTIN_MAX_BATCH, local: true }, () => loadBuiltinEmbedderFromDisk({ assetPath: file }));
}
