// esbuild plugins that make main.js self-contained (Obsidian installs only main.js, manifest.json, styles.css):
// - embeddedAssetsPlugin: replaces src/obsidian/assets/embedded-data.ts with a module that reads the binaries the
//   worker needs (PGlite wasm + data, pgvector, pg_trgm, the built-in embedder, tree-sitter) from the table the
//   worker script declares. They are compressed (zstd or deflate, per asset: see defaultAssets) and written as
//   string-literal text (scripts/asset-codec.mjs), and decompressed in the worker when the brain opens.
// - workerSourcePlugin: replaces src/obsidian/bridge/worker-source.ts with the worker script as one string; the
//   plugin starts it as a blob: Worker. The worker script is `var __vaultBrainEmbedded = {assets, worker}` (the
//   asset table, and the worker's code deflated and written as text the same way) followed by a small bootstrap
//   (src/obsidian/assets/worker-bootstrap.ts) that inflates the code and runs it.
// esbuild only ever sees placeholder tokens: the payload text is put in place of them after esbuild printed
// the output (it would escape the payload's Latin-1 characters otherwise). Code stays ASCII (charset ascii),
// so main.js is ASCII plus Latin-1 payload and loads as a one-byte string.
import esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { deflate as fflateDeflate } from 'fflate';
import { compress as zstdCompress, init as zstdInit } from '@bokuweb/zstd-wasm';
import { encodeBinaryText } from './asset-codec.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** Bump when the compression or pruning changes (invalidates the cache; codec changes do so by themselves). */
const CACHE_VERSION = 6;
const CODEC_SOURCE = readFileSync(join(root, 'scripts/asset-codec.mjs'));
const EMBEDDED_DATA_FILE = 'src/obsidian/assets/embedded-data.ts';
const BOOTSTRAP_FILE = 'src/obsidian/assets/worker-bootstrap.ts';
/** EMBEDDED_GLOBAL in worker-bootstrap.ts. */
const EMBEDDED_GLOBAL = '__vaultBrainEmbedded';
const WORKER_SOURCE_FILE = 'src/obsidian/bridge/worker-source.ts';
const WORKER_ENTRY = 'src/obsidian/worker/worker-main.ts';

/**
 * Grammars embedded for the code chunker: the files of MAIN_LANGUAGES in src/core/chunk/languages.ts, but
 * TypeScript's and JavaScript's, which TSX's grammar stands in for (GRAMMAR_STAND_INS: -0.16 MB; test/bundle checks
 * they agree). The others (C++, C# are 5 MB each) are not shipped in the plugin.
 */
export const EMBEDDED_GRAMMARS = [
  'tree-sitter-tsx.wasm',
  'tree-sitter-python.wasm',
  'tree-sitter-go.wasm',
  'tree-sitter-rust.wasm',
  'tree-sitter-java.wasm',
];

/**
 * Files of PGlite's fsBundle (pglite.data) that the brain never loads: encoding conversions (server and client
 * are UTF-8), build tooling, replication, and initdb's inputs (the plugin loads a fresh database from the
 * snapshot, so initdb never runs in it). They are zeroed, not removed, so offsets and size stay as PGlite's
 * loader expects and the zeros compress to nothing (-1.1 MB in main.js). test/bundle runs PGlite on the result.
 * Also (-0.8 MB compressed, issue 17):
 * - ICU's collation data: the database's locale provider is libc with the C collation; only the two ICU
 *   collations initdb lists (`unicode`, `und-x-icu`) would read it, and no SQL of ours names a collation;
 * - the time zone database but the UTC zones: PGlite fixes TZ and PGTZ to UTC, and our SQL never converts to
 *   another zone (JavaScript does the calendar work); a query that names one fails with a clean error;
 * - the abbreviation sets other than `Default` (the one timezone_abbreviations names), errcodes.txt, psqlrc,
 *   ICU's licence text (the licence of what is shipped stays in the package).
 * Also (-0.19 MB of main.js):
 * - PL/pgSQL (plpgsql.so): no SQL of ours, PGlite's or the extensions' runs a function in it;
 * - euc2004_sjis2004.so, the one encoding conversion the `_and_` pattern misses;
 * - the Snowball stemmers (dict_snowball.so) and the text-search dictionaries' files: the engine writes tsvector
 *   and tsquery literals computed in JavaScript (core/text/lexemes.ts) and never calls to_tsvector. Only
 *   migration 3 did, on stores older than schema 3 holding rows; there it fails, and migrate() rebuilds the
 *   store (the indexer re-indexes the vault). A call answers a clean SQL error.
 */
export const PGLITE_DATA_PRUNE = [
  /\/[a-z0-9_]+_and_[a-z0-9_]+\.so$/,
  /\/pgxs\//,
  /\/libpqwalreceiver\.so$/,
  /\/pgoutput\.so$/,
  /\/share\/postgresql\/(postgres\.bki|information_schema\.sql|system_(views|functions|constraints)\.sql|snowball_create\.sql|sql_features\.txt|[a-z_]+\.conf\.sample|errcodes\.txt|psqlrc\.sample)$/,
  /\/icu\/icudt[0-9]+l\/coll\//,
  /\/icu\/LICENSE$/,
  /\/share\/postgresql\/timezone\/(?!((Etc\/)?(UTC|UCT|GMT|GMT0|Greenwich|Universal|Zulu)|posixrules)$)/,
  /\/share\/postgresql\/timezonesets\/(?!Default$)/,
  /\/lib\/postgresql\/(plpgsql|dict_snowball|euc2004_sjis2004)\.so$/,
  /\/share\/postgresql\/tsearch_data\//,
];

function pkgFile(spec) {
  return require.resolve(spec);
}

function pgliteDist(file) {
  return join(dirname(pkgFile('@electric-sql/pglite')), file);
}

/**
 * The assets the worker loads, by the name it asks for. `codec`: `zstd` where it is clearly smaller than deflate
 * (pglite.wasm -18%, the snapshot -34%, the grammars -20%; decoded by zstddec's wasm in the worker, as no
 * browser's DecompressionStream reads zstd), `deflate-raw` where zstd gains nothing (the embedder's quantized vectors:
 * zlib's filtered deflate is smaller) so the native inflater keeps it fast, `raw` for files that are already gzip.
 * The sizes per asset are printed by the build (describeWorker) and recorded in docs/plugin-performance.md.
 */
export function defaultAssets() {
  const grammarDir = join(dirname(pkgFile('@vscode/tree-sitter-wasm/package.json')), 'wasm');
  return [
    { name: 'pglite.wasm', path: pgliteDist('pglite.wasm'), codec: 'zstd' },
    { name: 'pglite.data', path: pgliteDist('pglite.data'), codec: 'zstd', transform: 'prune-pglite-data' },
    { name: 'pgdata.tar', path: join(root, 'assets/generated/pgdata-snapshot.tar'), codec: 'zstd', build: 'scripts/build-db-snapshot.mjs' },
    { name: 'vector.tar.gz', path: join(dirname(pkgFile('@electric-sql/pglite-pgvector')), 'vector.tar.gz'), codec: 'raw' },
    { name: 'pg_trgm.tar.gz', path: pgliteDist('pg_trgm.tar.gz'), codec: 'raw' },
    // `head`: its first 64 bytes (the header, which names the model) also go into the table as hex, so the worker
    // knows the embedder's id without decoding the asset and loads the model at the first embed.
    { name: 'embedder-glove100.bin', path: join(root, 'assets/generated/embedder-glove100.bin'), codec: 'deflate-raw', build: 'scripts/build-embedder.mjs', head: 64 },
    { name: 'tree-sitter.wasm', path: pkgFile('web-tree-sitter/web-tree-sitter.wasm'), codec: 'zstd' },
    ...EMBEDDED_GRAMMARS.map((g) => ({ name: g, path: join(grammarDir, g), codec: 'zstd' })),
  ];
}

/** The fsBundle's file table (name, start, end), read from PGlite's emscripten loader. */
export function pgliteDataFiles(loaderText = readFileSync(pgliteDist('pglite.js'), 'utf8')) {
  const files = [...loaderText.matchAll(/\{filename:"([^"]*)",start:(\d+),end:(\d+)\}/g)].map((m) => ({
    name: m[1],
    start: Number(m[2]),
    end: Number(m[3]),
  }));
  if (files.length < 100) throw new Error(`could not read the pglite.data file table (${files.length} entries)`);
  return files;
}

/** A copy of pglite.data with the PGLITE_DATA_PRUNE files zeroed. */
export function prunePgliteData(data, files = pgliteDataFiles()) {
  const out = new Uint8Array(data);
  for (const f of files) {
    if (f.end > out.length) throw new Error(`pglite.data is shorter than its file table (${f.name})`);
    if (PGLITE_DATA_PRUNE.some((re) => re.test(f.name))) out.fill(0, f.start, f.end);
  }
  return out;
}

const zlibDeflateRaw = promisify(zlib.deflateRaw);
/** @type {(data: Uint8Array, opts: import('fflate').DeflateOptions) => Promise<Uint8Array>} */
const fflateDeflateAsync = promisify((data, opts, cb) => fflateDeflate(data, opts, cb));

/**
 * Smallest raw-deflate stream of zlib and fflate at maximum effort (they win on different inputs). zlib's
 * filtered strategy (fewer, longer matches) wins on noise-like numbers such as the embedder's vectors (-7%).
 */
async function deflateBest(data) {
  const zlibWith = (strategy) => zlibDeflateRaw(data, { level: 9, memLevel: 9, strategy }).then((buf) => new Uint8Array(buf));
  const candidates = await Promise.all([
    zlibWith(zlib.constants.Z_DEFAULT_STRATEGY),
    zlibWith(zlib.constants.Z_FILTERED),
    fflateDeflateAsync(data, { level: 9, mem: 12 }),
  ]);
  return candidates.reduce((best, c) => (c.length < best.length ? c : best));
}

/** zstd at level 19 (22 gains < 0.1% here and takes twice as long). One encoder instance, set up once. */
const ZSTD_LEVEL = 19;
let zstdReady = null;
async function zstdBest(data) {
  await (zstdReady ??= zstdInit());
  return new Uint8Array(zstdCompress(data, ZSTD_LEVEL));
}

/** The stored bytes of `data` under `codec`. */
async function compressAs(codec, data) {
  if (codec === 'deflate-raw') return deflateBest(data);
  if (codec === 'zstd') return zstdBest(data);
  if (codec === 'raw') return data;
  throw new Error(`unknown asset codec ${codec}`);
}

function ensureBuilt(asset) {
  if (existsSync(asset.path)) return;
  if (!asset.build) throw new Error(`asset ${asset.name} not found at ${asset.path}`);
  console.log(`[assets] ${asset.name} missing, running ${asset.build}`);
  execFileSync(process.execPath, [join(root, asset.build)], { stdio: 'inherit', cwd: root });
  if (!existsSync(asset.path)) throw new Error(`${asset.build} did not produce ${asset.path}`);
}

/** Compressed + encoded form of one asset, cached on disk by content hash. */
async function prepareAsset(asset, cacheDir) {
  ensureBuilt(asset);
  let bytes = new Uint8Array(readFileSync(asset.path));
  if (asset.transform === 'prune-pglite-data') bytes = prunePgliteData(bytes);
  const key = createHash('sha256').update(`${CACHE_VERSION}:${asset.codec}:`).update(CODEC_SOURCE).update(bytes).digest('hex').slice(0, 32);
  const cached = join(cacheDir, `${asset.name}.${key}.txt`);
  let stored;
  if (existsSync(cached)) {
    const text = readFileSync(cached, 'utf8');
    const nl = text.indexOf('\n');
    stored = { storedBytes: Number(text.slice(0, nl)), text: text.slice(nl + 1) };
  } else {
    const payload = await compressAs(asset.codec, bytes);
    stored = { storedBytes: payload.length, text: encodeBinaryText(payload) };
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(`${cached}.tmp`, `${stored.storedBytes}\n${stored.text}`, 'utf8');
    renameSync(`${cached}.tmp`, cached);
    // Older versions of this asset are dead weight (the key changes with the input or the codec).
    for (const f of readdirSync(cacheDir)) {
      if (f.startsWith(`${asset.name}.`) && f !== basename(cached)) rmSync(join(cacheDir, f), { force: true });
    }
  }
  const head = asset.head ? Buffer.from(bytes.subarray(0, asset.head)).toString('hex') : undefined;
  return { name: asset.name, codec: asset.codec, size: bytes.length, ...(head ? { head } : {}), ...stored };
}

/** Every asset, compressed and encoded (in parallel; cached in `cacheDir`). */
export async function prepareAssets({ assets = defaultAssets(), cacheDir = join(root, 'node_modules/.cache/vault-brain-assets') } = {}) {
  return Promise.all(assets.map((a) => prepareAsset(a, cacheDir)));
}

/** A placeholder esbuild prints as a plain double-quoted string, unique per build. */
function newToken(label) {
  return `__vault_brain_${label}_${createHash('sha256').update(`${label}:${process.hrtime.bigint()}:${Math.random()}`).digest('hex').slice(0, 16)}__`;
}

/**
 * Replaces each token (printed by esbuild inside double quotes) with its text. Every token must occur exactly
 * once and between double quotes; the text must be valid inside them (see asset-codec.mjs, quoteForLiteral).
 */
export function substituteTokens(code, payloads) {
  let out = code;
  for (const [token, text] of payloads) {
    const at = out.indexOf(token);
    if (at < 0) throw new Error(`placeholder ${token} missing from the output`);
    if (out.indexOf(token, at + token.length) >= 0) throw new Error(`placeholder ${token} occurs more than once`);
    if (out[at - 1] !== '"' || out[at + token.length] !== '"') throw new Error(`placeholder ${token} is not in a double-quoted string`);
    out = out.slice(0, at) + text + out.slice(at + token.length);
  }
  return out;
}

/** `text` as the inside of a double-quoted JS string literal; other characters (including Latin-1) stay raw. */
export function quoteForLiteral(text) {
  return text.replace(/[\\"\n\r\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '"' ? '\\"' : c === '\\' ? '\\\\' : `\\u${c.charCodeAt(0).toString(16)}`,
  );
}

/**
 * Writes UTF-16 units above U+00FF as \\uXXXX so the code is a one-byte string for the engine. esbuild's ascii
 * charset leaves some (regular expression literals). The escape means the same character in strings,
 * templates, regular expressions and identifiers; only String.raw would see the difference.
 */
export function escapeBeyondLatin1(code) {
  return code.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The asset table as a JS object literal, with one token per payload (recorded in `payloads`). */
export function assetTableLiteral(prepared, payloads) {
  const entries = prepared.map((a) => {
    const token = newToken(`asset_${a.name.replace(/[^A-Za-z0-9]/g, '_')}`);
    payloads.set(token, a.text);
    const head = a.head ? `,head:${JSON.stringify(a.head)}` : '';
    return `${JSON.stringify(a.name)}:{size:${a.size},storedBytes:${a.storedBytes},codec:${JSON.stringify(a.codec)}${head},text:"${token}"}`;
  });
  return `{${entries.join(',\n')}}`;
}

/** The module that replaces embedded-data.ts in the worker: the table the worker script declares (worker-bootstrap.ts). */
export function embeddedDataModule() {
  return `const embedded = globalThis.${EMBEDDED_GLOBAL};\nexport const EMBEDDED_ASSETS = (embedded && embedded.assets) || {};\n`;
}

function fileFilter(relPath) {
  const abs = join(root, relPath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${abs}$`);
}

/** Replaces src/obsidian/assets/embedded-data.ts with embeddedDataModule(). */
export function embeddedAssetsPlugin() {
  return {
    name: 'vault-brain-embedded-assets',
    setup(build) {
      build.onLoad({ filter: fileFilter(EMBEDDED_DATA_FILE) }, () => ({ contents: embeddedDataModule(), loader: 'js' }));
    },
  };
}

/** Node built-ins resolve to an empty module in the worker: only Node-only branches of dependencies use them. */
export function nodeBuiltinsStubPlugin(stubbed = new Set()) {
  const names = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
  return {
    name: 'vault-brain-node-builtins-stub',
    setup(build) {
      build.onResolve({ filter: /^[a-z:_/]+$/ }, (args) => {
        if (!names.has(args.path)) return undefined;
        stubbed.add(args.path);
        return { path: args.path, namespace: 'node-builtin-stub' };
      });
      build.onLoad({ filter: /.*/, namespace: 'node-builtin-stub' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
}

/** main.js's externals, as the Obsidian sample plugin declares them: provided by the app at run time. */
export const OBSIDIAN_EXTERNALS = [
  'obsidian',
  'electron',
  '@codemirror/autocomplete',
  '@codemirror/collab',
  '@codemirror/commands',
  '@codemirror/language',
  '@codemirror/lint',
  '@codemirror/search',
  '@codemirror/state',
  '@codemirror/view',
  '@lezer/common',
  '@lezer/highlight',
  '@lezer/lr',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

/** What the worker's code and its bootstrap share: one classic script (blob workers are not modules), ASCII. */
/** @type {import('esbuild').BuildOptions} */
const BROWSER_SCRIPT_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  charset: 'ascii',
  logLevel: 'warning',
};

/**
 * esbuild options of the worker's code (an IIFE: blob workers are classic scripts).
 * @returns {import('esbuild').BuildOptions}
 */
export function workerBuildOptions({ production = true, entry = WORKER_ENTRY, stubbed = new Set() } = {}) {
  return {
    ...BROWSER_SCRIPT_OPTIONS,
    entryPoints: [join(root, entry)],
    minify: production,
    sourcemap: false,
    treeShaking: true,
    metafile: true,
    // Dependencies read import.meta.url only to locate files we pass in memory; an invalid base makes any
    // accidental lookup fail at once instead of fetching.
    define: { 'import.meta.url': '"vault-brain:worker"' },
    plugins: [nodeBuiltinsStubPlugin(stubbed), embeddedAssetsPlugin()],
  };
}

/** The bootstrap that starts the worker script (minified, ASCII): runs the embedded code on the global scope. */
async function buildBootstrap() {
  const result = await esbuild.build({
    ...BROWSER_SCRIPT_OPTIONS,
    stdin: { contents: `import { runEmbeddedWorker } from './${BOOTSTRAP_FILE}';\nrunEmbeddedWorker(${EMBEDDED_GLOBAL}, self);\n`, resolveDir: root, loader: 'ts' },
    minify: true,
  });
  const out = result.outputFiles?.[0];
  if (!out) throw new Error('worker bootstrap build produced no output');
  return out.text;
}

/**
 * Builds the worker script: the asset table and the deflated code (as text) in one declaration, then the
 * bootstrap. Returns the script, the parts that went into it, and the code's esbuild metafile.
 */
export async function buildWorker(options = {}) {
  const stubbed = new Set();
  const [result, assets, bootstrap] = await Promise.all([
    esbuild.build(workerBuildOptions({ ...options, stubbed })),
    prepareAssets(options.assetOptions),
    buildBootstrap(),
  ]);
  const out = result.outputFiles?.[0];
  if (!out) throw new Error('worker build produced no output');
  const codeBytes = Buffer.from(escapeBeyondLatin1(out.text), 'utf8');
  const deflated = await deflateBest(codeBytes);
  const code = { size: codeBytes.length, storedBytes: deflated.length, text: encodeBinaryText(deflated) };
  const payloads = new Map();
  const codeToken = newToken('worker_code');
  payloads.set(codeToken, code.text);
  const table = assetTableLiteral(assets, payloads);
  const declaration = `var ${EMBEDDED_GLOBAL}={assets:${table},\nworker:{size:${code.size},storedBytes:${code.storedBytes},text:"${codeToken}"}};\n`;
  return { code: substituteTokens(declaration + bootstrap, payloads), workerCode: code, assets, stubbed: [...stubbed], metafile: result.metafile };
}

/**
 * Replaces src/obsidian/bridge/worker-source.ts with the built worker as a string. The build's output is
 * written by this plugin (write is turned off) so the worker text can be put in after esbuild printed it.
 * `report` gets the built worker.
 */
export function workerSourcePlugin(options = {}) {
  return {
    name: 'vault-brain-worker-source',
    setup(build) {
      const write = build.initialOptions.write !== false;
      build.initialOptions.write = false;
      if (build.initialOptions.charset === 'utf8') {
        console.warn('[worker-source] charset utf8: non-ASCII code makes main.js a two-byte string (slower to load)');
      }
      // The latest worker text by token (esbuild may reuse a loaded module on rebuilds in watch mode).
      const payloads = new Map();
      build.onLoad({ filter: fileFilter(WORKER_SOURCE_FILE) }, async () => {
        const worker = await buildWorker(options);
        options.report?.(worker);
        const token = newToken('worker_source');
        payloads.clear();
        payloads.set(token, quoteForLiteral(worker.code));
        return { contents: `export const WORKER_SOURCE = "${token}";\n`, loader: 'js' };
      });
      build.onEnd((result) => {
        if (result.errors.length > 0 || !result.outputFiles) return;
        // In place: esbuild hands the same array back to the caller of build() when write is false.
        const files = result.outputFiles;
        files.splice(0, files.length, ...files.map((file) => {
          // Source maps are skipped: they only name the token. (Output without outfile is named <stdout>.)
          const present = file.path.endsWith('.map') ? [] : [...payloads].filter(([token]) => file.text.includes(token));
          const contents = present.length > 0 ? Buffer.from(substituteTokens(escapeBeyondLatin1(file.text), present), 'utf8') : file.contents;
          if (write) {
            mkdirSync(dirname(file.path), { recursive: true });
            writeFileSync(file.path, contents);
          }
          return { path: file.path, contents, hash: file.hash, get text() { return Buffer.from(contents).toString('utf8'); } };
        }));
      });
    },
  };
}

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** Human-readable size breakdown of the worker script: its code and its assets. */
export function describeWorker(worker) {
  const lines = [];
  let assetText = 0;
  const line = (name, size, codec, stored, textBytes) =>
    `  ${name.padEnd(30)} ${mb(size).padStart(9)} -> ${codec.padEnd(11)} ${mb(stored).padStart(9)} -> text ${mb(textBytes)}`;
  for (const a of worker.assets) {
    const textBytes = Buffer.byteLength(a.text, 'utf8');
    assetText += textBytes;
    lines.push(line(a.name, a.size, a.codec, a.storedBytes, textBytes));
  }
  const codeText = Buffer.byteLength(worker.workerCode.text, 'utf8');
  lines.unshift(line('worker code', worker.workerCode.size, 'deflate-raw', worker.workerCode.storedBytes, codeText));
  const total = Buffer.byteLength(worker.code, 'utf8');
  lines.unshift(`worker script: ${mb(total)} (code ${mb(codeText)}, bootstrap and table ${mb(total - codeText - assetText)}, embedded assets ${mb(assetText)})`);
  if (worker.stubbed.length > 0) lines.push(`  node built-ins stubbed in the worker: ${worker.stubbed.join(', ')}`);
  return lines.join('\n');
}
