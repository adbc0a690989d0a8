// Parse + extract + chunk throughput on the generated 10,000-note vault, one core, no database.
//   node bench/parse-bench.mjs [--notes 10000] [--runs 3]
// Target (issue 2): >= 5,000 notes/s on one core. The machine may be shared, so after one warm-up pass the
// vault is parsed --runs times and the median and best CPU-time rates are both reported.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadLib, rssMB } from './lib.mjs';
import { ensureVault } from './vault-10k.mjs';

const notesArg = process.argv.indexOf('--notes');
const notes = notesArg > 0 ? Number(process.argv[notesArg + 1]) : 10_000;
const runsArg = process.argv.indexOf('--runs');
const runs = Math.max(1, runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3);
const lib = await loadLib();
const vault = ensureVault(notes);
const filter = new lib.PathFilter(lib.defaultRules('.obsidian'));
const source = new lib.FsVaultSource(vault);
const files = (await source.list()).filter((f) => filter.accepts(f.path));
const texts = files.map((f) => [f.path, readFileSync(path.join(vault, f.path), 'utf8')]);
const bytes = texts.reduce((n, [, t]) => n + Buffer.byteLength(t), 0);
const resolver = new lib.LinkResolver(files.map((f) => ({ path: f.path })));
const codeChunker = await lib.createCodeChunker({ loadWasm: lib.nodeWasmLoader });

function run() {
  let links = 0;
  let chunks = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const [p, text] of texts) {
    const note = lib.parseNote(p, text, { resolver, codeChunker });
    links += note.links.length;
    chunks += note.chunks.length;
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1e6, links, chunks };
}

run(); // warm-up (JIT, grammar caches)
const results = Array.from({ length: runs }, run);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const wall = median(results.map((x) => x.wall));
const cpu = median(results.map((x) => x.cpu));
const bestCpu = Math.min(...results.map((x) => x.cpu));
const r = results[0];
const rate = (s) => Math.round(texts.length / s);
console.log(`parse-bench: ${texts.length} notes, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${r.links} links, ${r.chunks} chunks, ${runs} timed runs`);
console.log(`  wall ${wall.toFixed(2)} s (median)  -> ${rate(wall)} notes/s, ${(bytes / 1024 / 1024 / wall).toFixed(1)} MB/s`);
console.log(`  cpu  ${cpu.toFixed(2)} s (median)  -> ${rate(cpu)} notes/s (one core); best run ${rate(bestCpu)} notes/s`);
console.log(`  cpu per run: ${results.map((x) => rate(x.cpu)).join(', ')} notes/s`);
console.log(`  peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (now ${rssMB()} MB)`);
console.log(`  target: >= 5000 notes/s on one core`);
