// Finds (or builds) the built-in embedder asset on disk for Node surfaces (CLI, MCP, tests).
// The Obsidian plugin inlines the same bytes in main.js instead.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadBuiltinEmbedder, type BuiltinEmbedder } from '../core/embed/builtin-embedder';

export const EMBEDDER_ASSET_RELATIVE = path.join('assets', 'generated', 'embedder-glove100.bin');
const BUILD_SCRIPT_RELATIVE = path.join('scripts', 'build-embedder.mjs');

/** Directories to start the upward search from: this module's folder (src/node or dist/) and the cwd. */
function searchRoots(): string[] {
  const roots: string[] = [];
  if (typeof __dirname === 'string') roots.push(__dirname);
  roots.push(process.cwd());
  return roots;
}

function* ancestors(start: string): Generator<string> {
  let dir = path.resolve(start);
  for (;;) {
    yield dir;
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** Path of the asset, or null when no ancestor of the search roots has one. */
export function findEmbedderAsset(roots: string[] = searchRoots()): string | null {
  for (const root of roots) {
    for (const dir of ancestors(root)) {
      const candidate = path.join(dir, EMBEDDER_ASSET_RELATIVE);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** The package root that can build the asset: an ancestor holding scripts/build-embedder.mjs. */
function findBuildRoot(roots: string[]): string | null {
  for (const root of roots) {
    for (const dir of ancestors(root)) if (existsSync(path.join(dir, BUILD_SCRIPT_RELATIVE))) return dir;
  }
  return null;
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
      const buildRoot = findBuildRoot(roots);
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
