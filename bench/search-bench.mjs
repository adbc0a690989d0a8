#!/usr/bin/env node
// Search speed on the generated 10,000-note vault (seed 42): index + embed with the built-in embedder (the
// embedding time is reported on its own), then 200 warm hybrid queries of mixed kinds (keyword, paraphrase,
// relational, Chinese), p50/p95 wall and CPU time, the same per search mode (fast, balanced, deep, and deep+model:
// deep with its model stages against bench/fake-model.mjs on 127.0.0.1, i.e. our side of query expansion and
// chat reranking without a real model's own time), and peak RSS.
//
//   node bench/search-bench.mjs [--notes 10000] [--seed 42] [--queries 200] [--keep-db]
//
// The vault is generated under bench/out/vault-10k if absent; the database is rebuilt from scratch each run
// (bench/out/search-bench-db) unless --keep-db is given. On a shared machine wall time is noisy: CPU time
// (process.cpuUsage, this process only; PGlite runs in-process) is printed next to it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateVault } from './generate-vault.mjs';
import { loadLib, percentile } from './lib.mjs';
import { startFakeModel } from './fake-model.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { notes: { type: 'string', default: '10000' }, seed: { type: 'string', default: '42' }, queries: { type: 'string', default: '200' }, 'keep-db': { type: 'boolean', default: false } },
});
const notes = Number(values.notes);
const seed = Number(values.seed);
const vault = path.join(root, 'bench', 'out', notes === 10000 && seed === 42 ? 'vault-10k' : `vault-${notes}-s${seed}`);
const db = path.join(root, 'bench', 'out', 'search-bench-db');

if (!existsSync(path.join(vault, '.ground-truth.json'))) {
  console.log(`generating ${notes} notes (seed ${seed}) into ${path.relative(root, vault)}`);
  generateVault({ out: vault, notes, seed });
}
if (!values['keep-db']) rmSync(db, { recursive: true, force: true });

const lib = await loadLib();
const cpuSeconds = (u) => (u.user + u.system) / 1e6;

const opened = await lib.openNodeBrain({ vault, db, embedder: { kind: 'builtin' } });
const brain = opened.brain;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
console.log(`load avg   ${load()} (1/5/15 min) at start; wall times stretch when other processes share the CPUs`);
try {
  let t = performance.now();
  let c = process.cpuUsage();
  const summary = await brain.indexer.run({});
  const indexWall = (performance.now() - t) / 1000;
  const indexCpu = cpuSeconds(process.cpuUsage(c));
  const phases = timeEmbedPhases(brain);
  t = performance.now();
  c = process.cpuUsage();
  const embed = await brain.embed();
  const embedWall = (performance.now() - t) / 1000;
  const embedCpu = cpuSeconds(process.cpuUsage(c));
  phases.restore();
  const stats = await brain.engine.stats();
  console.log(`vault      ${path.relative(root, vault)}: ${stats.pages} notes, ${stats.chunks} chunks, ${stats.links} links`);
  console.log(`index      ${indexWall.toFixed(1)} s wall, ${indexCpu.toFixed(1)} s CPU (${summary.indexed} notes indexed)`);
  console.log(`embed      ${embedWall.toFixed(1)} s wall, ${embedCpu.toFixed(1)} s CPU (${embed?.embedded ?? 0} chunks, ${brain.embedder?.id}, incl. HNSW build) target <= 60 s`);
  console.log(`  phases   ${phases.summary()}`);

  const queries = buildQueries(JSON.parse(readFileSync(path.join(vault, '.ground-truth.json'), 'utf8')), Number(values.queries));
  const run = (q) => lib.hybridSearch({ engine: brain.engine, embedder: brain.embedder }, q.q, { limit: 10 });
  for (const q of queries.slice(0, 20)) await run(q); // warm-up: JIT, caches, first HNSW pages
  const wall = [];
  const cpu = [];
  const byKind = new Map();
  let empty = 0;
  for (const q of queries) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await run(q);
    const ms = performance.now() - t0;
    wall.push(ms);
    cpu.push(cpuSeconds(process.cpuUsage(c0)) * 1000);
    if (r.results.length === 0) empty++;
    (byKind.get(q.kind) ?? byKind.set(q.kind, []).get(q.kind)).push(ms);
  }
  const sorted = (a) => [...a].sort((x, y) => x - y);
  const w = sorted(wall);
  const cc = sorted(cpu);
  console.log(`queries    ${queries.length} warm hybrid queries (${[...byKind].map(([k, v]) => `${k} ${v.length}`).join(', ')}), ${empty} with no result`);
  console.log(`latency    wall p50 ${percentile(w, 50).toFixed(1)} ms, p95 ${percentile(w, 95).toFixed(1)} ms, max ${w[w.length - 1].toFixed(1)} ms   (targets p50 <= 30, p95 <= 100)`);
  console.log(`           CPU  p50 ${percentile(cc, 50).toFixed(1)} ms, p95 ${percentile(cc, 95).toFixed(1)} ms`);
  for (const [k, v] of byKind) {
    const s = sorted(v);
    console.log(`  ${k.padEnd(12)} wall p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms`);
  }
  // Per mode (issue 12), interleaved query by query so load on the machine falls on every mode alike.
  const fake = await startFakeModel();
  const llm = { ...lib.DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: fake.baseURL, model: 'fake-chat' };
  const stages = lib.searchModelStages(llm, (input, init) => fetch(input, init), brain.health);
  const deps = { engine: brain.engine, embedder: brain.embedder };
  const setups = {
    fast: [deps, 'fast'],
    balanced: [deps, 'balanced'],
    deep: [deps, 'deep'],
    'deep+model': [{ ...deps, reranker: stages.reranker, expander: stages.expander, modelTimeoutMs: stages.timeoutMs }, 'deep'],
  };
  const perMode = Object.fromEntries(Object.keys(setups).map((m) => [m, []]));
  const cpuPerMode = Object.fromEntries(Object.keys(setups).map((m) => [m, []]));
  const search = (mode, q) => lib.hybridSearch(setups[mode][0], q.q, { limit: 10, mode: setups[mode][1] });
  for (const q of queries.slice(0, 20)) for (const mode of Object.keys(perMode)) await search(mode, q);
  for (const q of queries) {
    for (const mode of Object.keys(perMode)) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await search(mode, q);
      perMode[mode].push(performance.now() - t0);
      cpuPerMode[mode].push(cpuSeconds(process.cpuUsage(c0)) * 1000);
    }
  }
  console.log(`fake model requests: ${JSON.stringify(fake.calls)}`);
  await fake.close();
  const balancedP50 = percentile(sorted(perMode.balanced), 50);
  for (const [mode, v] of Object.entries(perMode)) {
    const s = sorted(v);
    const cs = sorted(cpuPerMode[mode]);
    const target = mode === 'fast' ? '  (target p50 <= 10)' : mode === 'balanced' ? '  (target p50 <= 30, p95 <= 100)' : '';
    console.log(`mode ${mode.padEnd(11)} wall p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, p50 ${(percentile(s, 50) / balancedP50).toFixed(2)}x balanced; CPU p50 ${percentile(cs, 50).toFixed(1)} ms, p95 ${percentile(cs, 95).toFixed(1)} ms${target}`);
  }
  console.log(`peak RSS   ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  console.log(`load avg   ${load()} at end`);
} finally {
  await opened.close();
}

/**
 * Wall and CPU time spent in the embedder and in each kind of store call during brain.embed(). The vector
 * index build runs in `finish` (finishEmbedding, at the end of the run) or, when no build was deferred, in the
 * last write, so the slowest call of each kind is shown too.
 */
function timeEmbedPhases(brain) {
  const stats = new Map();
  const restore = [];
  const wrap = (obj, name, label) => {
    const original = obj[name];
    restore.push(() => (obj[name] = original));
    obj[name] = async (...args) => {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      try {
        return await original.apply(obj, args);
      } finally {
        const s = stats.get(label) ?? { n: 0, wall: 0, cpu: 0, max: 0 };
        const wall = performance.now() - t0;
        s.n++;
        s.wall += wall;
        s.cpu += cpuSeconds(process.cpuUsage(c0)) * 1000;
        s.max = Math.max(s.max, wall);
        stats.set(label, s);
      }
    };
  };
  wrap(brain.embedder, 'embed', 'embedder');
  wrap(brain.engine, 'countPending', 'count');
  wrap(brain.engine, 'nextPending', 'read');
  wrap(brain.engine, 'saveEmbeddings', 'write');
  wrap(brain.engine, 'markSkipped', 'skip');
  wrap(brain.engine, 'finishEmbedding', 'finish');
  return {
    restore: () => restore.forEach((f) => f()),
    summary() {
      const s = (ms) => (ms / 1000).toFixed(1);
      return [...stats].map(([k, v]) => `${k} ${v.n}x ${s(v.wall)} s wall ${s(v.cpu)} s CPU (slowest ${s(v.max)} s)`).join(', ');
    },
  };
}

/** Mixed questions drawn from the vault's ground truth, deterministic for a given vault. */
function buildQueries(truth, n) {
  const pick = (list, i) => list[(i * 7919) % list.length];
  const title = new Map();
  for (const group of Object.values(truth.entities)) for (const e of group) title.set(e.path, e.title);
  const en = (g) => truth.entities[g].filter((e) => (e.lang ?? 'en') === 'en');
  const zhCompanies = truth.entities.companies.filter((e) => e.lang === 'zh');
  const concepts = truth.entities.concepts;
  const paraphrases = [
    (t) => `how does ${t.toLowerCase()} work in practice`,
    (t) => `what are the trade-offs of ${t.toLowerCase()}`,
    (t) => `when should a team avoid ${t.toLowerCase()}`,
    (t) => `explain ${t.toLowerCase()} simply with an example`,
  ];
  const relational = [
    (i) => `who works at ${pick(en('companies'), i).title}?`,
    (i) => `who invested in ${pick(en('companies'), i).title}?`,
    (i) => `who founded ${pick(en('companies'), i).title}?`,
    (i) => `who advises ${pick(en('companies'), i).title}?`,
    (i) => `who attended ${pick(truth.entities.meetings, i).title}?`,
    (i) => `what connects ${pick(en('people'), i).title} and ${pick(en('people'), i + 1).title}?`,
  ];
  const zh = [
    (i) => `谁在${pick(zhCompanies, i).title}工作？`,
    (i) => `谁投资了${pick(zhCompanies, i).title}？`,
    (i) => `${pick(zhCompanies, i).title}的产品和客户`,
    () => '后台任务失败以后怎么重试',
  ];
  const out = [];
  for (let i = 0; out.length < n; i++) {
    const topic = pick(concepts, i).topic ?? pick(concepts, i).title;
    switch (i % 4) {
      case 0:
        out.push({ kind: 'keyword', q: i % 8 === 0 ? pick(en('people'), i).title : topic });
        break;
      case 1:
        out.push({ kind: 'paraphrase', q: paraphrases[i % paraphrases.length](topic) });
        break;
      case 2:
        out.push({ kind: 'relational', q: relational[i % relational.length](i) });
        break;
      default:
        out.push({ kind: 'chinese', q: zhCompanies.length > 0 ? zh[i % zh.length](i) : topic });
    }
  }
  return out.slice(0, n);
}
