// The generated 10,000-note benchmark vault (seed 42), created once under bench/out/.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateVault } from './generate-vault.mjs';

export const BENCH_OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');

export function ensureVault(notes = 10_000, seed = 42) {
  const dir = path.join(BENCH_OUT, `vault-${notes}-s${seed}`);
  if (!existsSync(path.join(dir, '.ground-truth.json'))) generateVault({ out: dir, notes, seed });
  return dir;
}
