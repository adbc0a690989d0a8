// Finds files the build generates into the package (assets/generated/...) from wherever the code runs: this
// module's folder (src/node in tests, dist/ in the CLI bundle) or the working directory, searching upwards.
import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** Directories to start the upward search from: this module's folder (src/node or dist/) and the cwd. */
export function searchRoots(): string[] {
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

/** The first ancestor of a root holding `relative`, or null. */
export function findUpwards(relative: string, roots: string[] = searchRoots()): string | null {
  for (const root of roots) {
    for (const dir of ancestors(root)) if (existsSync(path.join(dir, relative))) return dir;
  }
  return null;
}

/** Path of `relative` in the nearest ancestor that has it, or null. */
export function findPackageFile(relative: string, roots: string[] = searchRoots()): string | null {
  const dir = findUpwards(relative, roots);
  return dir === null ? null : path.join(dir, relative);
}
