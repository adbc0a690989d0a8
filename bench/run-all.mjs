#!/usr/bin/env node
// Runs the benchmarks one after another (they compete for the CPU when run together), each in its own
// process at lower priority, and prints which finished and how long each took. `npm run bench`.
//
//   node bench/run-all.mjs [--only parse,index,search,eval,mcp]
//
// corpus-check.mjs is left out: it needs the Obsidian Help vault outside this repository.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = { parse: 'parse-bench.mjs', index: 'index-bench.mjs', search: 'search-bench.mjs', eval: 'eval-bench.mjs', mcp: 'mcp-load.mjs' };
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const names = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(BENCHES);
const unknown = names.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}

const results = [];
for (const name of names) {
  const script = path.join(here, BENCHES[name]);
  console.log(`\n== ${name}: node bench/${BENCHES[name]}`);
  const t0 = performance.now();
  // `nice` keeps a shared machine usable; where it is missing the bench runs at normal priority.
  let run = spawnSync('nice', ['-n', '10', process.execPath, script], { stdio: 'inherit' });
  if (run.error) run = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  results.push({ name, ok: run.status === 0, seconds: (performance.now() - t0) / 1000, status: run.status ?? run.signal });
}

console.log('\n== summary');
for (const r of results) console.log(`  ${r.name.padEnd(7)} ${r.ok ? 'ok    ' : `FAILED (${r.status})`} ${r.seconds.toFixed(1)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
