#!/usr/bin/env node
// Team-brain load test and engine comparison on the generated 10k vault (issue 18), against a real PostgreSQL
// server with pgvector (scripts/ci-postgres.sh starts one on loopback and prints its URL):
//
//   1. Postgres, one writer: `index` of the whole vault (index time), then sequential searches (p50/p95).
//   2. PGlite, the same, in a temporary data directory: the side-by-side figures.
//   3. Postgres, 4 writer processes at once, each indexing its own folders (per-path updates, as the watcher
//      does: a whole-vault `index` of one folder would delete the others' notes as gone), plus 16 MCP clients
//      calling `search` over the real Streamable HTTP server and SDK client for 60 s meanwhile.
//      Must show: no errors, and counts equal to the single writer's (no lost pages).
//
//   VAULT_BRAIN_TEST_DATABASE_URL=postgres://… nice -n 10 node bench/pg-load-bench.mjs [--notes 10000]
//     [--writers 4] [--clients 16] [--seconds 60] [--queries 200] [--out bench/results/pg-load.json]
//
// Each run works in schemas of its own (`?schema=`), dropped at the end. Writes the report to --out as JSON.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bundleForNode, percentile, rssMB } from './lib.mjs';
import { ensureVault } from './vault-10k.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'bench', 'out', 'pg-load-lib.cjs');
const { values } = parseArgs({
  options: {
    writer: { type: 'boolean', default: false },
    db: { type: 'string' },
    vault: { type: 'string' },
    folders: { type: 'string' },
    notes: { type: 'string', default: '10000' },
    writers: { type: 'string', default: '4' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '60' },
    queries: { type: 'string', default: '200' },
    out: { type: 'string', default: path.join(root, 'bench', 'results', 'pg-load.json') },
  },
});

const log = (m) => process.stderr.write(`pg-load: ${m}\n`);
const lib = () => createRequire(import.meta.url)(bundle);

/** Every file under `dir` (vault-relative, `/`-separated), dot-folders left out. */
function walk(vault, dir = '') {
  const out = [];
  for (const name of readdirSync(path.join(vault, dir))) {
    if (name.startsWith('.')) continue;
    const rel = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(vault, rel)).isDirectory()) out.push(...walk(vault, rel));
    else out.push(rel);
  }
  return out;
}

// ---- writer child: per-path updates of its folders, then embedding --------------------------------------------
if (values.writer) {
  const { openNodeBrain } = lib();
  const t0 = performance.now();
  const opened = await openNodeBrain({ vault: values.vault, db: values.db, onNotice: log });
  const files = values.folders.split(',').flatMap((f) => walk(values.vault, f));
  let errors = 0;
  for (let i = 0; i < files.length; i += 200) {
    try {
      await opened.brain.updatePaths(files.slice(i, i + 200));
    } catch (e) {
      errors++;
      log(`writer ${values.folders}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const embed = await opened.brain.embed();
  await opened.brain.engine.finishEmbedding();
  await opened.close();
  process.stdout.write(`${JSON.stringify({ folders: values.folders, files: files.length, errors, embedded: embed?.embedded ?? 0, seconds: (performance.now() - t0) / 1000 })}\n`);
  process.exit(errors > 0 || embed?.error ? 1 : 0);
}

// ---- the run ---------------------------------------------------------------------------------------------------
const base = values.db ?? process.env.VAULT_BRAIN_TEST_DATABASE_URL;
if (!base) {
  log('needs a server: set VAULT_BRAIN_TEST_DATABASE_URL (eval "$(bash scripts/ci-postgres.sh)") or pass --db');
  process.exit(2);
}
await bundleForNode({
  stdin: {
    contents: [
      "export { openNodeBrain } from './src/node/open-brain';",
      "export { createPool } from './src/node/engine-factory';",
      "export { createRegistry } from './src/core/ops';",
      "export { setUpNodeMcp } from './src/mcp/node-setup';",
      "export { startMcpHttpServer } from './src/mcp/http-server';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  outfile: bundle,
});
const { openNodeBrain, createPool, createRegistry, setUpNodeMcp, startMcpHttpServer } = lib();

const notes = Number(values.notes);
const vault = ensureVault(notes, 42);
const truth = JSON.parse(readFileSync(path.join(vault, '.ground-truth.json'), 'utf8'));
const run = `pgload_${process.pid}`;
const schemaUrl = (name) => {
  const u = new URL(base);
  u.searchParams.set('schema', `${run}_${name}`);
  return u.toString();
};
const refUrl = schemaUrl('single');
const multiUrl = schemaUrl('multi');

/** The same questions for every engine: relations, names, topics. */
function queryFor(i) {
  const c = truth.entities.companies[i % truth.entities.companies.length];
  const p = truth.entities.people[(i * 7) % truth.entities.people.length];
  const qs = [`who works at ${c.title}`, p.title, `who invested in ${c.title}`, 'quarterly planning meeting notes', `${c.title} roadmap`];
  return qs[i % qs.length];
}

const countsOf = async (engine) => {
  const s = await engine.stats();
  return { pages: s.pages, chunks: s.chunks, links: s.links, typedLinks: s.typedLinks, dangling: s.dangling, timelineEntries: s.timelineEntries, embeddedByModel: s.embeddedByModel };
};

/** Whole-vault index with one writer, then `queries` sequential searches through the registry. */
async function singleWriter(label, db) {
  let t = performance.now();
  const opened = await openNodeBrain({ vault, db, onNotice: log });
  const openMs = performance.now() - t;
  t = performance.now();
  const summary = await opened.brain.index({ full: true });
  const indexSeconds = (performance.now() - t) / 1000;
  const registry = createRegistry();
  const latencies = [];
  for (let i = 0; i < 10; i++) await registry.callByName('search', { query: queryFor(i) }, { brain: opened.brain, remote: false }); // warm-up
  for (let i = 0; i < Number(values.queries); i++) {
    const q0 = performance.now();
    await registry.callByName('search', { query: queryFor(i) }, { brain: opened.brain, remote: false });
    latencies.push(performance.now() - q0);
  }
  latencies.sort((a, b) => a - b);
  const counts = await countsOf(opened.brain.engine);
  await opened.close();
  const out = {
    engine: label,
    openMs: Math.round(openMs),
    indexSeconds: Number(indexSeconds.toFixed(1)),
    embedded: summary.embed?.embedded ?? 0,
    queryP50ms: Number(percentile(latencies, 50).toFixed(1)),
    queryP95ms: Number(percentile(latencies, 95).toFixed(1)),
    counts,
  };
  log(`${label}: ${JSON.stringify(out)}`);
  return out;
}

/** Top-level folders dealt to `n` writers, largest first to the writer with the fewest files. */
function dealFolders(n) {
  const folders = readdirSync(vault)
    .filter((f) => !f.startsWith('.') && statSync(path.join(vault, f)).isDirectory())
    .map((f) => ({ f, size: walk(vault, f).length }))
    .sort((a, b) => b.size - a.size);
  const groups = Array.from({ length: n }, () => ({ folders: [], size: 0 }));
  for (const x of folders) {
    const g = groups.reduce((m, y) => (y.size < m.size ? y : m));
    g.folders.push(x.f);
    g.size += x.size;
  }
  const loose = readdirSync(vault).filter((f) => !f.startsWith('.') && !statSync(path.join(vault, f)).isDirectory());
  if (loose.length > 0) log(`note: ${loose.length} files at the vault root are not dealt to a writer`);
  return groups.filter((g) => g.folders.length > 0);
}

function startWriter(folders) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--writer', '--db', multiUrl, '--vault', vault, '--folders', folders.join(',')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('close', (code) => resolve({ code, ...(stdout.trim() ? JSON.parse(stdout.trim().split('\n').pop()) : {}) }));
  });
}

async function concurrentRun(reference) {
  // The schema exists (tables migrated) before the clients connect; the writers then share it.
  const first = await openNodeBrain({ vault, db: multiUrl, onNotice: log });
  await first.close();
  const setup = setUpNodeMcp({ vault, db: multiUrl, allowWrites: false, index: false, watch: false, log: () => undefined, readyWaitMs: 120_000 });
  await setup.ready;
  const server = await startMcpHttpServer({ backend: setup.backend, port: 0, limits: { rate: false }, log: () => undefined });
  const clients = [];
  for (let i = 0; i < Number(values.clients); i++) {
    const c = new Client({ name: `pg-load-${i}`, version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));
    clients.push(c);
  }
  const groups = dealFolders(Number(values.writers));
  log(`writers: ${groups.map((g) => `${g.folders.join('+')} (${g.size})`).join(', ')}`);
  const t0 = performance.now();
  const writers = Promise.all(groups.map((g) => startWriter(g.folders)));
  const deadline = Date.now() + Number(values.seconds) * 1000;
  const latencies = [];
  const failures = [];
  await Promise.all(
    clients.map(async (c, ci) => {
      for (let i = ci; Date.now() < deadline; i += clients.length) {
        const q0 = performance.now();
        try {
          const r = await c.callTool({ name: 'search', arguments: { query: queryFor(i) } }, undefined, { timeout: 120_000 });
          if (r.isError) failures.push(r.content[0]?.text ?? 'error');
          else latencies.push(performance.now() - q0);
        } catch (e) {
          failures.push(e instanceof Error ? e.message : String(e));
        }
      }
    }),
  );
  const searchSeconds = (performance.now() - t0) / 1000;
  const writerResults = await writers;
  const writeSeconds = (performance.now() - t0) / 1000;
  for (const c of clients) await c.close();
  await server.close();
  await setup.close();
  // Counts after the last writer, read through a fresh open (no cached statistics).
  const check = await openNodeBrain({ vault, db: multiUrl, onNotice: log });
  const counts = await countsOf(check.brain.engine);
  await check.close();
  latencies.sort((a, b) => a - b);
  const out = {
    writers: writerResults,
    writersFailed: writerResults.filter((w) => w.code !== 0).length,
    allWrittenSeconds: Number(writeSeconds.toFixed(1)),
    clients: clients.length,
    searchSeconds: Number(searchSeconds.toFixed(1)),
    searches: latencies.length,
    searchErrors: failures.length,
    searchErrorSamples: [...new Set(failures)].slice(0, 5),
    searchP50ms: Number(percentile(latencies, 50).toFixed(1)),
    searchP95ms: Number(percentile(latencies, 95).toFixed(1)),
    searchMaxms: Number((latencies[latencies.length - 1] ?? NaN).toFixed(1)),
    counts,
    countsEqualSingleWriter: JSON.stringify(counts) === JSON.stringify(reference.counts),
  };
  log(`concurrent: ${JSON.stringify({ ...out, writers: undefined })}`);
  return out;
}

const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'vb-pg-load-pglite-'));
const started = new Date().toISOString();
let report;
try {
  const postgres = await singleWriter('postgres', refUrl);
  const pglite = await singleWriter('pglite', path.join(pgliteDir, 'db'));
  const concurrent = await concurrentRun(postgres);
  report = {
    started,
    machine: { cpus: os.cpus().length, node: process.version, note: 'shared machine; other work was running, ratios in one run are what to compare' },
    vault: { notes, seed: 42 },
    sideBySide: [postgres, pglite],
    concurrent,
    rssMB: rssMB(),
  };
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
  const { pool } = createPool(base, { max: 1 });
  for (const name of ['single', 'multi']) await pool.query(`drop schema if exists "${run}_${name}" cascade`).catch(() => undefined);
  await pool.end();
}
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
const ok = report.concurrent.writersFailed === 0 && report.concurrent.searchErrors === 0 && report.concurrent.countsEqualSingleWriter;
if (!ok) {
  log('FAILED: errors, or counts that differ from the single writer');
  process.exitCode = 1;
}
