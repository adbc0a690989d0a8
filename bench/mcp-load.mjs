#!/usr/bin/env node
// Load benchmark for the MCP HTTP server: a generated vault (default 10,000 notes), the real Streamable HTTP
// server and SDK client, N concurrent `search` calls (or backlinks/list_notes while `search` is not registered).
// Asserts every call succeeds and prints p50/p95/max latency.
//
//   node bench/mcp-load.mjs [--notes 10000] [--seed 42] [--calls 200] [--out <vault dir>] [--rate-limit]
//
// The vault is generated once into bench/out/ and reused (an unchanged vault re-indexes in seconds). The rate
// limiter is off by default here: 200 simultaneous calls from one token exceed the default burst of 100 by
// design. `--rate-limit` keeps the defaults (50 req/s, burst 100) to show what a client would see.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bundleForNode, percentile, rssMB } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    notes: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '42' },
    calls: { type: 'string', default: '200' },
    out: { type: 'string' },
    'rate-limit': { type: 'boolean', default: false },
  },
});
const notes = Number(values.notes);
const calls = Number(values.calls);
const vault = path.resolve(values.out ?? path.join(root, 'bench', 'out', `mcp-vault-${notes}-${values.seed}`));

/** The MCP server modules, bundled from TypeScript like bench/lib.mjs does for the library. */
async function loadMcp() {
  const outfile = path.join(root, 'bench', 'out', 'mcp-lib.cjs');
  // (bundleForNode logs errors only: tree-sitter-wasm.ts reads import.meta only in ESM builds, a warning here is noise.)
  await bundleForNode({
    stdin: {
      contents: "export { setUpNodeMcp } from './src/mcp/node-setup'; export { startMcpHttpServer } from './src/mcp/http-server';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
  });
  return createRequire(import.meta.url)(outfile);
}

function log(message) {
  process.stderr.write(`${message}\n`);
}

if (!existsSync(path.join(vault, '.ground-truth.json'))) {
  log(`generating ${notes} notes into ${vault}`);
  const gen = spawnSync(process.execPath, [path.join(root, 'bench', 'generate-vault.mjs'), '--out', vault, '--notes', String(notes), '--seed', String(values.seed)], { stdio: 'inherit' });
  if (gen.status !== 0) throw new Error('vault generation failed');
}

const { setUpNodeMcp, startMcpHttpServer } = await loadMcp();
let t = Date.now();
const setup = setUpNodeMcp({ vault, allowWrites: false, index: true, log, readyWaitMs: 600_000 });
const opened = await setup.ready;
const stats = await opened.brain.engine.stats();
log(`brain ready in ${((Date.now() - t) / 1000).toFixed(1)} s: ${stats.pages} notes, ${stats.chunks} chunks, ${stats.links} links`);

const server = await startMcpHttpServer({
  backend: setup.backend,
  port: 0,
  limits: values['rate-limit'] ? {} : { rate: false },
  log,
});
const client = new Client({ name: 'mcp-load', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } }));

const { tools } = await client.listTools();
const search = tools.find((tool) => tool.name === 'search');
const truth = JSON.parse((await import('node:fs')).readFileSync(path.join(vault, '.ground-truth.json'), 'utf8'));
const companies = truth.entities.companies;
const people = truth.entities.people;

/** The i-th call: a search when the op exists, else a mix of graph lookups. */
function callFor(i) {
  const company = companies[i % companies.length];
  const person = people[i % people.length];
  if (search) {
    const queryParam = (search.inputSchema.required ?? []).find((k) => search.inputSchema.properties?.[k]?.type === 'string') ?? 'query';
    const queries = [`who works at ${company.title}`, `${person.title}`, `who invested in ${company.title}`, 'quarterly planning meeting notes'];
    return { name: 'search', arguments: { [queryParam]: queries[i % queries.length] } };
  }
  return i % 2 === 0 ? { name: 'backlinks', arguments: { note: company.path } } : { name: 'list_notes', arguments: { type: 'person', limit: 50, offset: (i * 7) % 500 } };
}
if (!search) log('note: the `search` op is not registered yet; using backlinks + list_notes instead');

t = Date.now();
const latencies = [];
const failures = [];
let bytes = 0;
await Promise.all(
  Array.from({ length: calls }, async (_, i) => {
    const call = callFor(i);
    const started = performance.now();
    try {
      const result = await client.callTool(call, undefined, { timeout: 120_000 });
      latencies.push(performance.now() - started);
      bytes += result.content.reduce((n, c) => n + (c.text?.length ?? 0), 0);
      if (result.isError) failures.push(`${call.name}: ${result.content[0]?.text}`);
    } catch (e) {
      failures.push(`${call.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }),
);
const wall = Date.now() - t;
latencies.sort((a, b) => a - b);

await client.close();
await server.close();
await setup.close();

const report = {
  notes: stats.pages,
  tool: search ? 'search' : 'backlinks+list_notes',
  calls,
  concurrent: calls,
  errors: failures.length,
  p50ms: Math.round(percentile(latencies, 50)),
  p95ms: Math.round(percentile(latencies, 95)),
  maxms: Math.round(latencies[latencies.length - 1] ?? NaN),
  wallMs: wall,
  callsPerSecond: Math.round((calls / wall) * 1000),
  resultKB: Math.round(bytes / 1024),
  rssMB: rssMB(),
  rateLimit: values['rate-limit'] ? 'defaults (50/s, burst 100)' : 'off',
};
console.log(JSON.stringify(report, null, 2));
if (failures.length > 0) {
  log(`FAILED: ${failures.length} of ${calls} calls failed, e.g.\n  ${failures.slice(0, 5).join('\n  ')}`);
  process.exitCode = 1;
}
