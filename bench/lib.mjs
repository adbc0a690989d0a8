// Bundles the TypeScript library (src/node/lib.ts) for benchmark scripts, so benches measure the same code
// the CLI runs without a separate build step. Dependencies stay in node_modules.
import esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'bench', 'out', 'lib.cjs');

/**
 * Bundles TypeScript sources for a bench as Node CommonJS, its dependencies left in node_modules. `options`
 * gives what differs: `entryPoints` or `stdin`, and `outfile`.
 */
export async function bundleForNode(options) {
  await esbuild.build({ bundle: true, packages: 'external', platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error', ...options });
}

export async function loadLib() {
  await bundleForNode({ entryPoints: [path.join(root, 'src/node/lib.ts')], outfile: out });
  // The parse pool's worker, beside the library as dist/parse-worker.cjs is beside dist/cli.cjs (node/parse-pool.ts).
  await bundleForNode({ entryPoints: [path.join(root, 'src/node/parse-worker.ts')], outfile: path.join(path.dirname(out), 'parse-worker.cjs') });
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
