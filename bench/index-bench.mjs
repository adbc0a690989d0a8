// Index benchmark on the generated 10,000-note vault (no embeddings), with MiniSearch (Omnisearch's engine)
// indexing the same notes as the ratio to beat.
//   node bench/index-bench.mjs [--notes 10000] [--edits 30]
// Targets (issue 3, 2-core machine): full index <= 20 s, no-change re-index <= 2 s, one-note edit <= 100 ms p50.
import { appendFileSync, readFileSync, rmSync, utimesSync, statSync } from 'node:fs';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import { loadLib, percentile } from './lib.mjs';
import { BENCH_OUT, ensureVault } from './vault-10k.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const notes = arg('--notes', 10_000);
const edits = arg('--edits', 30);
const lib = await loadLib();
const vault = ensureVault(notes);
const db = path.join(BENCH_OUT, `index-bench-db-${notes}`);
rmSync(db, { recursive: true, force: true });
rmSync(`${db}.lock`, { force: true });

const ms = (t0) => performance.now() - t0;
let t0 = performance.now();
const opened = await lib.openNodeBrain({ vault, db, embedder: { kind: 'none' } });
const openMs = ms(t0);
const { brain } = opened;

t0 = performance.now();
const cpu0 = process.cpuUsage();
const full = await brain.index();
const fullMs = ms(t0);
const fullCpu = process.cpuUsage(cpu0);
const stats = await brain.engine.stats();

t0 = performance.now();
const again = await brain.index();
const noChangeMs = ms(t0);

const candidates = (await brain.engine.getPageStates()).map((s) => s.path).filter((p) => p.endsWith('.md'));
const eventMs = [];
const scanMs = [];
for (let i = 0; i < edits; i++) {
  const rel = candidates[(i * 7919) % candidates.length];
  const abs = path.join(vault, rel);
  const edit = () => {
    appendFileSync(abs, `\nEdited line ${i} mentioning [[Benchmark edit ${i}]].\n`);
    const st = statSync(abs);
    const later = new Date(st.mtimeMs + 1000);
    utimesSync(abs, later, later);
  };
  edit();
  let t = performance.now();
  await brain.indexer.updatePaths([rel]); // the plugin's path: a file event
  eventMs.push(ms(t));
  edit();
  t = performance.now();
  await brain.index(); // the CLI's path: scan the folder, re-index what changed
  scanMs.push(ms(t));
}
await opened.close();
// Leave the vault as generated for the next benchmark.
rmSync(vault, { recursive: true, force: true });
ensureVault(notes);

// MiniSearch over the same notes: title + content, as Omnisearch feeds it.
const docs = candidates.map((p, id) => ({ id, title: path.basename(p, '.md'), content: readFileSync(path.join(vault, p), 'utf8') }));
t0 = performance.now();
const mini = new MiniSearch({ fields: ['title', 'content'] });
mini.addAll(docs);
const miniMs = ms(t0);

const sorted = (a) => [...a].sort((x, y) => x - y);
const fmt = (v) => `${v.toFixed(0)} ms`;
console.log(`index-bench: ${stats.pages} notes, ${stats.chunks} chunks, ${stats.links} links (${stats.typedLinks} typed, ${stats.dangling} dangling)`);
console.log(`  open database           ${fmt(openMs)}`);
console.log(`  full index              ${(fullMs / 1000).toFixed(2)} s   (${Math.round(full.indexed / (fullMs / 1000))} notes/s; target <= 20 s)`);
console.log(`    of which CPU          ${((fullCpu.user + fullCpu.system) / 1e6).toFixed(2)} s   (wall above CPU = waiting for a core on a busy machine)`);
console.log(`  re-index, no change     ${(noChangeMs / 1000).toFixed(2)} s   (${again.unchanged} unchanged; target <= 2 s)`);
console.log(`  one-note edit, event    p50 ${fmt(percentile(sorted(eventMs), 50))}  p95 ${fmt(percentile(sorted(eventMs), 95))}  (target p50 <= 100 ms)`);
console.log(`  one-note edit, rescan   p50 ${fmt(percentile(sorted(scanMs), 50))}  p95 ${fmt(percentile(sorted(scanMs), 95))}`);
console.log(`  MiniSearch index        ${(miniMs / 1000).toFixed(2)} s   (ours / MiniSearch = ${(fullMs / miniMs).toFixed(1)}x)`);
console.log(`  peak RSS                ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
