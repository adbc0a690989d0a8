// Bundles the TypeScript library (src/node/lib.ts) for benchmark scripts, so benches measure the same code
// the CLI runs without a separate build step. Dependencies stay in node_modules.
import esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'bench', 'out', 'lib.cjs');

export async function loadLib() {
  // The library, and the parse pool's worker beside it as dist/parse-worker.cjs is beside dist/cli.cjs
  // (node/parse-pool.ts).
  for (const [entry, outfile] of [
    ['src/node/lib.ts', out],
    ['src/node/parse-worker.ts', path.join(path.dirname(out), 'parse-worker.cjs')],
  ]) {
    await esbuild.build({
      entryPoints: [path.join(root, entry)],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      logLevel: 'error',
    });
  }
  return createRequire(import.meta.url)(out);
}

export function rssMB() {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
