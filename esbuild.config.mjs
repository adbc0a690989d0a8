// Builds the Obsidian plugin (main.js, CJS, as Obsidian loads it) and the headless CLI (dist/cli.cjs).
// `node esbuild.config.mjs` watches; `node esbuild.config.mjs production` builds once, minified.
import esbuild from 'esbuild';
import { statSync } from 'node:fs';
import { describeWorker, OBSIDIAN_EXTERNALS, workerSourcePlugin } from './scripts/esbuild-plugins.mjs';

const production = process.argv[2] === 'production';

// The worker (PGlite, indexer, embedded wasm/data) is built first and inlined into main.js as a string.
let lastWorker = null;
/** @type {import('esbuild').BuildOptions} */
const pluginOptions = {
  entryPoints: ['src/main.ts'],
  bundle: true,
  external: OBSIDIAN_EXTERNALS,
  format: 'cjs',
  target: 'es2022',
  platform: 'browser',
  logLevel: 'info',
  sourcemap: production ? false : 'inline',
  treeShaking: true,
  minify: production,
  plugins: [workerSourcePlugin({ production, report: (w) => (lastWorker = w) })],
  outfile: 'main.js',
};

// The CLI runs from the package, so its dependencies stay in node_modules (PGlite finds its wasm there).
/** @type {import('esbuild').BuildOptions} */
const cliOptions = {
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  packages: 'external',
  format: 'cjs',
  target: 'node20',
  platform: 'node',
  logLevel: 'info',
  sourcemap: production ? false : 'inline',
  outfile: 'dist/cli.cjs',
};

// The parse pool's worker (src/node/parse-pool.ts finds it beside dist/cli.cjs).
/** @type {import('esbuild').BuildOptions} */
const parseWorkerOptions = { ...cliOptions, entryPoints: ['src/node/parse-worker.ts'], outfile: 'dist/parse-worker.cjs' };

function reportSize(file) {
  const bytes = statSync(file).size;
  console.log(`${file}: ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes)`);
}

if (production) {
  await esbuild.build(pluginOptions);
  await esbuild.build(cliOptions);
  await esbuild.build(parseWorkerOptions);
  reportSize('main.js');
  if (lastWorker) console.log(describeWorker(lastWorker));
  reportSize('dist/cli.cjs');
} else {
  const contexts = await Promise.all([esbuild.context(pluginOptions), esbuild.context(cliOptions), esbuild.context(parseWorkerOptions)]);
  await Promise.all(contexts.map((c) => c.watch()));
}
