// Index benchmark on the generated 10,000-note vault (no embeddings), with MiniSearch (Omnisearch's engine)
// indexing the same notes as the ratio to beat.
//   node bench/index-bench.mjs [--notes 10000] [--edits 30] [--open-runs 5]
// Targets (2-core machine; issue 17) full index <= 8 s and <= 2.5x MiniSearch, peak RSS <= 450 MB; (issue 3) no-change re-index <= 2 s, one-note edit <= 100 ms p50;
// (issues 15, 17) database open: fresh <= 3 s, existing <= 1.5 s; `vault-brain stats` wall <= 2.5 s; a fresh store
// on disk <= 15 MB.
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, utimesSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
const openRuns = Math.max(1, arg('--open-runs', 5));
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
const freshOpen = opened.database;

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
// What one CLI process indexing the vault peaks at (issue 17's measure): one open, the full index, the edits.
const indexPeakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);

// Open times and the CLI's `stats` end to end (process start to exit), each `--open-runs` times (medians: one
// run on a shared machine says little). Fresh: a new empty directory, loaded from the snapshot.
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'vault-brain.cjs');
const built = existsSync(path.join(path.dirname(cli), '..', 'dist', 'cli.cjs'));
const runs = { existing: [], existingDb: [], fresh: [], freshDb: [], freshBytes: [], stats: [] };
/** Bytes of the files under `dir` (a data directory). */
const dirBytes = (dir) => readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? dirBytes(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).size), 0);
for (let i = 0; i < openRuns; i++) {
  t0 = performance.now();
  const reopened = await lib.openNodeBrain({ vault, db, embedder: { kind: 'none' } });
  runs.existing.push(ms(t0));
  runs.existingDb.push(reopened.database.openMs);
  await reopened.close();
  const freshDir = path.join(BENCH_OUT, `index-bench-fresh-${i}`);
  rmSync(freshDir, { recursive: true, force: true });
  t0 = performance.now();
  const fresh = await lib.openNodeBrain({ vault, db: freshDir, embedder: { kind: 'none' } });
  runs.fresh.push(ms(t0));
  runs.freshDb.push(fresh.database.openMs);
  await fresh.close();
  runs.freshBytes.push(dirBytes(freshDir));
  rmSync(freshDir, { recursive: true, force: true });
  rmSync(`${freshDir}.lock`, { force: true });
  if (built) {
    t0 = performance.now();
    execFileSync(process.execPath, [cli, 'stats', '--vault', vault, '--db', db, '--json'], { stdio: 'pipe' });
    runs.stats.push(ms(t0));
  }
}
// With the reopens below (each a new PGlite whose wasm memory is freed only when V8 collects it), before this
// process regenerates the vault and builds MiniSearch's index, whose memory would otherwise count against ours.
const brainPeakRssMB = Math.round(process.resourceUsage().maxRSS / 1024);
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
const med = (a) => percentile(sorted(a), 50);
const all = (a) => `[${a.map((v) => v.toFixed(0)).join(', ')}]`;
console.log(`  open database, fresh    ${fmt(openMs)} first, median ${fmt(med(runs.fresh))} of ${all(runs.fresh)}   (database ${fmt(freshOpen.openMs)} first, median ${fmt(med(runs.freshDb))}; target <= 3 s)`);
console.log(`  fresh store on disk     ${(med(runs.freshBytes) / 1048576).toFixed(1)} MB   (a fresh open, closed; target <= 15 MB)`);
console.log(`  open database, existing median ${fmt(med(runs.existing))} of ${all(runs.existing)}   (database median ${fmt(med(runs.existingDb))}; target <= 1.5 s)`);
console.log(`  vault-brain stats, wall ${built ? `median ${fmt(med(runs.stats))} of ${all(runs.stats)}` : 'n/a (npm run build first)'}   (target <= 2.5 s)`);
console.log(`  full index              ${(fullMs / 1000).toFixed(2)} s   (${Math.round(full.indexed / (fullMs / 1000))} notes/s; target <= 8 s)`);
console.log(`    of which CPU          ${((fullCpu.user + fullCpu.system) / 1e6).toFixed(2)} s   (wall above CPU = waiting for a core on a busy machine)`);
console.log(`  re-index, no change     ${(noChangeMs / 1000).toFixed(2)} s   (${again.unchanged} unchanged; target <= 2 s)`);
console.log(`  one-note edit, event    p50 ${fmt(percentile(sorted(eventMs), 50))}  p95 ${fmt(percentile(sorted(eventMs), 95))}  (target p50 <= 100 ms)`);
console.log(`  one-note edit, rescan   p50 ${fmt(percentile(sorted(scanMs), 50))}  p95 ${fmt(percentile(sorted(scanMs), 95))}`);
console.log(`  MiniSearch index        ${(miniMs / 1000).toFixed(2)} s   (ours / MiniSearch = ${(fullMs / miniMs).toFixed(1)}x; target <= 2.5x)`);
console.log(`  peak RSS                ${indexPeakRssMB} MB   (open, full index, edits: one process's index; target <= 450 MB)`);
console.log(`    with the reopens      ${brainPeakRssMB} MB   (${openRuns * 2} more opens in this process)`);
console.log(`    whole bench process   ${Math.round(process.resourceUsage().maxRSS / 1024)} MB   (also the vault regenerated and MiniSearch's index of it)`);
