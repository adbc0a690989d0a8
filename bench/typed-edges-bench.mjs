#!/usr/bin/env node
// Precision / recall / F1 of typed edges against an answer key, no LLM.
//
//   node bench/typed-edges-bench.mjs [--halves dev,test] [--show 0]
//
// The corpus (bench/typed-edges/corpus.mjs) is generated into bench/out/typed-edges/<half>, indexed by the
// production indexer into a fresh database, and read back through the `graph` operation (one strongest
// relation per pair). A predicted pair counts when its subject, object and type match the key; `past` is
// scored separately on the works_at pairs found. Tune on dev, report test.
// Targets (test half): F1 >= 0.90 overall, precision >= 0.90 for attended and works_at.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generateTypedCorpus } from './typed-edges/corpus.mjs';
import { loadLib } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { halves: { type: 'string', default: 'dev,test' }, show: { type: 'string', default: '0' } } });
const TYPES = ['founded', 'invested_in', 'advises', 'works_at', 'attended'];
const lib = await loadLib();

const titleOf = (p) => (p === null ? null : p.replace(/\.md$/i, '').split('/').pop());

async function measure(half) {
  const vault = path.join(root, 'bench/out/typed-edges', half);
  const { notes, answers } = generateTypedCorpus({ out: vault, half });
  writeFileSync(path.join(root, 'bench/out/typed-edges', `${half}-answer-key.json`), JSON.stringify(answers, null, 1));
  const db = mkdtempSync(path.join(tmpdir(), 'typed-edges-'));
  const opened = await lib.openNodeBrain({ vault, db, embedder: { kind: 'none' } });
  let edges;
  try {
    await opened.brain.index();
    const registry = lib.createRegistry();
    edges = (await registry.call('graph', {}, { brain: opened.brain, remote: false })).edges;
  } finally {
    await opened.close();
    rmSync(db, { recursive: true, force: true });
  }
  // Distinct (subject, object, type) triples: a graph that states two relations for one pair predicts both.
  const triples = new Map();
  const predicted = new Map();
  for (const e of edges) {
    if (!TYPES.includes(e.type)) continue;
    const here = titleOf(e.from);
    if (e.to === null && typeof e.targetText !== 'string') continue;
    const there = e.to === null ? e.targetText.split('/').pop().replace(/\.md$/i, '') : titleOf(e.to);
    const [s, o] = e.direction === 'out' ? [here, there] : [there, here];
    triples.set(`${s}\u0000${o}\u0000${e.type}`, { k: `${s}\u0000${o}`, type: e.type, past: e.past === true });
    const prev = predicted.get(`${s}\u0000${o}`);
    if (!prev || TYPES.indexOf(e.type) < TYPES.indexOf(prev.type)) predicted.set(`${s}\u0000${o}`, { type: e.type, past: e.past === true });
  }
  const key = new Map(answers.map((a) => [`${a.subject}\u0000${a.object}`, a]));
  const per = Object.fromEntries(TYPES.map((t) => [t, { tp: 0, fp: 0, fn: 0 }]));
  const wrong = [];
  for (const { k, type, past } of triples.values()) {
    const p = { type, past };
    const a = key.get(k);
    if (a && a.type === p.type) per[p.type].tp++;
    else {
      per[p.type].fp++;
      wrong.push(`FP ${p.type} ${k.replace('\u0000', ' -> ')}${a ? ` (key: ${a.type})` : ''}`);
    }
  }
  for (const [k, a] of key) {
    const p = triples.get(`${k}\u0000${a.type}`) ?? predicted.get(k);
    if (!p || p.type !== a.type) {
      per[a.type].fn++;
      wrong.push(`FN ${a.type} ${k.replace('\u0000', ' -> ')}${p ? ` (got: ${p.type})` : ''}`);
    }
  }
  let pastRight = 0;
  let pastSeen = 0;
  for (const [k, a] of key) {
    const p = predicted.get(k);
    if (a.type !== 'works_at' || !p || p.type !== 'works_at') continue;
    pastSeen++;
    if (p.past === a.past) pastRight++;
  }
  return { half, notes, pairs: key.size, per, wrong, past: { right: pastRight, seen: pastSeen } };
}

const f = (x) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');
function scores(c) {
  const precision = c.tp / (c.tp + c.fp);
  const recall = c.tp / (c.tp + c.fn);
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

for (const half of values.halves.split(',')) {
  const r = await measure(half);
  console.log(`\n== ${half}: ${r.notes} notes, ${r.pairs} typed pairs in the key`);
  console.log(`${'type'.padEnd(12)} ${'key'.padStart(4)} ${'pred'.padStart(5)} | precision recall  F1`);
  const all = { tp: 0, fp: 0, fn: 0 };
  for (const t of TYPES) {
    const c = r.per[t];
    all.tp += c.tp;
    all.fp += c.fp;
    all.fn += c.fn;
    const s = scores(c);
    console.log(`${t.padEnd(12)} ${String(c.tp + c.fn).padStart(4)} ${String(c.tp + c.fp).padStart(5)} | ${f(s.precision)}     ${f(s.recall)}  ${f(s.f1)}`);
  }
  const s = scores(all);
  console.log(`${'overall'.padEnd(12)} ${String(all.tp + all.fn).padStart(4)} ${String(all.tp + all.fp).padStart(5)} | ${f(s.precision)}     ${f(s.recall)}  ${f(s.f1)}`);
  console.log(`past marked right on ${r.past.right}/${r.past.seen} works_at pairs found`);
  if (half === 'test') {
    const wa = scores(r.per.works_at).precision;
    const at = scores(r.per.attended).precision;
    console.log(`targets: F1 ${f(s.f1)} (>= 0.90), precision works_at ${f(wa)} / attended ${f(at)} (>= 0.90)`);
  }
  const show = Number(values.show);
  if (show > 0) for (const w of r.wrong.slice(0, show)) console.log(`  ${w}`);
}
