#!/usr/bin/env node
// Builds the Claude Desktop extension bundle, vault-brain.mcpb in the repo root (docs/mcp.md#install-in-claude-desktop-mcpb).
// An MCP Bundle is a zip of a folder with manifest.json; the app runs the server with its own Node, so the
// folder must hold everything the CLI loads at run time and nothing else:
// - dist/cli.cjs: the CLI bundled on its own here, with every pure-JavaScript dependency inlined (the SDKs,
//   yaml, zod), so the bundle does not carry their node_modules (about 60 MB of type files and duplicate builds);
// - node_modules/ for the packages that load files beside their own code (PGlite's wasm and data, the pgvector
//   and pg_trgm tarballs, tree-sitter's runtime and grammars), plus their dependency closure;
// - assets/generated/: the built-in embedder and the pre-initialised database snapshot, found by walking up
//   from dist/ (src/node/package-file.ts);
// - package.json (name, version) and LICENSE.
// The staged folder is started once before packing: the manifest's tool list is what that server publishes
// over stdio, so a bundle that cannot start fails the build instead of the user's install.
//
// Usage: node scripts/build-mcpb.mjs [--out FILE] [--keep-stage]   (npm run build:mcpb; `npm run build` first,
// for the generated assets). Packed with the MCPB tool's own `mcpb pack`, which validates the manifest.
import esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MCPB_FILE = path.join(root, 'vault-brain.mcpb');
const MCPB_CLI = path.join(root, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');

/** Packages that read files next to their own modules at run time, so they cannot be inlined into dist/cli.cjs. */
export const FILE_LOADING_PACKAGES = ['@electric-sql/pglite', '@electric-sql/pglite-pgvector', 'web-tree-sitter', '@vscode/tree-sitter-wasm'];

/** The generated files the CLI reads at run time (src/node/embedder-asset.ts, src/node/db-snapshot.ts). */
export const RUNTIME_ASSETS = ['assets/generated/embedder-glove100.bin', 'assets/generated/pgdata-snapshot.tar'];

/** Inputs of the bundle: a bundle older than any of them is stale (the test rebuilds it then). */
export const BUNDLE_INPUTS = ['src', 'package.json', 'package-lock.json', 'scripts/build-mcpb.mjs', ...RUNTIME_ASSETS];

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The MCPB manifest (manifest_version 0.3). `${__dirname}` and `${user_config.vault}` are filled in by the app. */
export function manifestFor(tools) {
  return {
    manifest_version: '0.3',
    name: pkg.name,
    display_name: 'Vault Brain',
    version: pkg.version,
    description: pkg.description,
    long_description:
      'Search, link and cite your Obsidian vault (or any folder of Markdown) from Claude: hybrid search, typed links, backlinks, ' +
      'timelines and cited answers, served from a local database inside the vault (.vault-brain/). Read-only: the bundle ' +
      'never offers the write tools. Nothing leaves the machine unless you configure a model provider in the vault.',
    author: { name: 'Vault Brain contributors' },
    license: pkg.license,
    keywords: ['obsidian', 'markdown', 'notes', 'search', 'knowledge graph'],
    server: {
      type: 'node',
      entry_point: 'dist/cli.cjs',
      mcp_config: { command: 'node', args: ['${__dirname}/dist/cli.cjs', 'mcp', '--vault', '${user_config.vault}'] },
    },
    user_config: {
      vault: {
        type: 'directory',
        title: 'Vault folder',
        description: 'The Obsidian vault (or any folder of Markdown notes) to serve. Its database is kept in .vault-brain/ inside it.',
        required: true,
      },
    },
    tools,
    compatibility: { runtimes: { node: pkg.engines?.node ?? '>=20' } },
  };
}

/** The newest modification time under the inputs, to tell whether a built bundle is stale. */
export function newestInputMtime() {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const rel of BUNDLE_INPUTS) visit(path.join(root, rel));
  return newest;
}

export function isBundleFresh(file = MCPB_FILE) {
  return existsSync(file) && statSync(file).mtimeMs >= newestInputMtime();
}

/** Where a package is installed, as Node would find it from the repo root. */
function packageDir(name, from = root) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`package ${name} is not installed (npm ci)`);
  }
}

/** Copies packages and their production dependencies (recursively) into stage/node_modules. */
function copyPackageClosure(names, stage) {
  const done = new Set();
  const queue = names.map((name) => ({ name, from: root }));
  while (queue.length > 0) {
    const { name, from } = queue.shift();
    if (done.has(name)) continue;
    done.add(name);
    const dir = packageDir(name, from);
    cpSync(dir, path.join(stage, 'node_modules', name), { recursive: true, dereference: true });
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) queue.push({ name: dep, from: dir });
  }
  return [...done];
}

async function bundleCli(stage) {
  await bundleEntry(stage, 'src/cli/main.ts', 'cli.cjs');
  // The parse pool's worker (src/node/parse-pool.ts) is looked for beside cli.cjs; without it a large first index
  // parses on the main thread.
  await bundleEntry(stage, 'src/node/parse-worker.ts', 'parse-worker.cjs');
}

async function bundleEntry(stage, entry, outName) {
  const result = await esbuild.build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    external: FILE_LOADING_PACKAGES.flatMap((p) => [p, `${p}/*`]),
    format: 'cjs',
    target: 'node20',
    platform: 'node',
    minify: true,
    legalComments: 'external',
    logLevel: 'warning',
    // tree-sitter-wasm.ts falls back to import.meta.url only when __filename is missing, which in CJS it never is.
    logOverride: { 'empty-import-meta': 'silent' },
    outfile: path.join(stage, 'dist', outName),
  });
  if (result.errors.length > 0) throw new Error('esbuild failed');
}

/** Starts the staged server as the manifest says (on an empty vault) and returns the tools it lists. */
async function listStagedTools(stage) {
  const vault = mkdtempSync(path.join(tmpdir(), 'vb-mcpb-vault-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(stage, 'dist', 'cli.cjs'), 'mcp', '--vault', vault],
    cwd: stage,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d.toString()));
  const client = new Client({ name: 'vault-brain-build-mcpb', version: pkg.version });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    return tools.map((t) => ({ name: t.name, description: t.description ?? '' }));
  } catch (e) {
    throw new Error(`the staged server did not answer: ${e instanceof Error ? e.message : String(e)}\n${stderr}`);
  } finally {
    await client.close().catch(() => undefined);
    rmSync(vault, { recursive: true, force: true });
  }
}

export async function buildMcpb({ out = MCPB_FILE, keepStage = false, log = (line) => console.log(line) } = {}) {
  const t0 = performance.now();
  for (const rel of RUNTIME_ASSETS) {
    if (!existsSync(path.join(root, rel))) throw new Error(`${rel} is missing: run \`npm run build\` first`);
  }
  if (!existsSync(MCPB_CLI)) throw new Error('@anthropic-ai/mcpb is not installed (npm ci)');
  // Outside the repo, so the smoke start cannot resolve anything from the repo's node_modules.
  const stage = mkdtempSync(path.join(tmpdir(), 'vb-mcpb-stage-'));
  try {
    await bundleCli(stage);
    const copied = copyPackageClosure(FILE_LOADING_PACKAGES, stage);
    for (const rel of RUNTIME_ASSETS) {
      mkdirSync(path.dirname(path.join(stage, rel)), { recursive: true });
      cpSync(path.join(root, rel), path.join(stage, rel));
    }
    cpSync(path.join(root, 'LICENSE'), path.join(stage, 'LICENSE'));
    // mcpb pack already leaves out source maps and type files; web-tree-sitter's debug build is never loaded.
    writeFileSync(path.join(stage, '.mcpbignore'), 'node_modules/web-tree-sitter/debug/\n');
    const { name, version, description, license, engines } = pkg;
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify({ name, version, description, license, private: true, engines }, null, 2)}\n`);
    const tools = await listStagedTools(stage);
    writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifestFor(tools), null, 2)}\n`);
    rmSync(out, { force: true });
    const packed = spawnSync(process.execPath, [MCPB_CLI, 'pack', stage, out], { encoding: 'utf8' });
    if (packed.status !== 0 || !existsSync(out)) throw new Error(`mcpb pack failed:\n${packed.stdout}\n${packed.stderr}`);
    const bytes = statSync(out).size;
    log(`${path.relative(root, out) || out}: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${tools.length} tools, packages ${copied.join(', ')} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    return { out, bytes, tools: tools.map((t) => t.name), stage: keepStage ? stage : null };
  } finally {
    if (!keepStage) rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  await buildMcpb({ out: outAt >= 0 ? path.resolve(args[outAt + 1]) : MCPB_FILE, keepStage: args.includes('--keep-stage') }).then(
    (r) => {
      if (r.stage) console.log(`staged folder kept: ${r.stage}`);
    },
    (e) => {
      console.error(`build-mcpb: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
    },
  );
}
