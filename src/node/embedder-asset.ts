// Finds (or builds) the built-in embedder asset on disk for Node surfaces (CLI, MCP, tests).
// The Obsidian plugin inlines the same bytes in main.js instead.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinEmbedder, type BuiltinEmbedder } from '../core/embed/builtin-embedder';
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
