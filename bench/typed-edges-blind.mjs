#!/usr/bin/env node
// Typed-edge precision and recall per link on notes written as people write them (eval/typed-edges-blind, labelled
// by hand before the extractor was run on them), beside bench/typed-edges-bench.mjs, whose generated corpus is
// written in the phrasings the rules came from.
//
//   node bench/typed-edges-blind.mjs [--halves dev,test] [--show 0]
//
// Each half's notes are copied without their labels into bench/out/typed-edges-blind/<half>, indexed by the
// production indexer into a fresh database, and every stored link is compared with its label (matched by line and
// link text, in order). A link predicted `mentions` abstains: it costs recall, never precision. Direction counts:
// "founded by [[Alice]]" on a company page is `founded` pointing in. `past` is scored on the works_at links found.
// Tune on dev, report test.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { loadLib } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SET = path.join(root, 'eval/typed-edges-blind');
const TYPES = ['founded', 'invested_in', 'advises', 'works_at', 'attended'];
const { values } = parseArgs({ options: { halves: { type: 'string', default: 'dev,test' }, show: { type: 'string', default: '0' } } });

const LINK = /!?\[\[[^\]\n]+\]\]/g;
const LABEL = /\{(mentions|founded|invested_in|advises|works_at|attended)(<)?(~)?\}/g;

function* notesUnder(dir, base = dir) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* notesUnder(full, base);
    else if (name.endsWith('.md')) yield path.relative(base, full).split(path.sep).join('/');
  }
}

/** The note without its labels, and each link's label: a label covers the links on its line since the last label. */
export function readLabelled(text, where) {
  const labels = [];
  const lines = text.split('\n').map((line, i) => {
    let from = 0;
    for (const m of line.matchAll(LABEL)) {
      const links = [...line.slice(from, m.index).matchAll(LINK)];
      if (links.length === 0) throw new Error(`${where}:${i + 1}: label ${m[0]} follows no link`);
      for (const l of links) labels.push({ line: i + 1, raw: l[0], type: m[1], direction: m[2] ? 'in' : 'out', past: m[3] === '~' });
      from = m.index + m[0].length;
    }
    const rest = [...line.slice(from).matchAll(LINK)];
    if (rest.length > 0) throw new Error(`${where}:${i + 1}: ${rest[0][0]} has no label`);
    return line.replace(LABEL, '');
  });
  return { text: lines.join('\n'), labels };
}

async function measure(lib, half) {
  const src = path.join(SET, half);
  const vault = path.join(root, 'bench/out/typed-edges-blind', half);
  rmSync(vault, { recursive: true, force: true });
  const labelled = new Map();
  for (const rel of notesUnder(src)) {
    const { text, labels } = readLabelled(readFileSync(path.join(src, rel), 'utf8'), `${half}/${rel}`);
    mkdirSync(path.dirname(path.join(vault, rel)), { recursive: true });
    writeFileSync(path.join(vault, rel), text);
    labelled.set(rel, labels);
  }
  const db = mkdtempSync(path.join(tmpdir(), 'typed-edges-blind-'));
  const opened = await lib.openNodeBrain({ vault, db, embedder: { kind: 'none' } });
  const pairs = [];
  try {
    await opened.brain.index();
    for (const [rel, labels] of labelled) {
      // The engine's read API has no `evidence` (why a link got its type); the report wants it, so read the row.
      const { rows: stored } = await opened.brain.engine.sql.query(
        'select line, raw, type, direction, past, evidence, context from links where from_path = $1 order by line, char_offset, id',
        [rel],
      );
      const queue = new Map();
      for (const s of stored) {
        const k = `${s.line}\u0000${s.raw}`;
        if (!queue.has(k)) queue.set(k, []);
        queue.get(k).push(s);
      }
      for (const label of labels) {
        const got = queue.get(`${label.line}\u0000${label.raw}`)?.shift();
        if (!got) throw new Error(`${half}/${rel}:${label.line}: ${label.raw} was not stored as a link`);
        pairs.push({ note: rel, label, got: { type: got.type, direction: got.direction, past: got.past === true, evidence: got.evidence ?? '' }, context: got.context });
      }
    }
  } finally {
    await opened.close();
    rmSync(db, { recursive: true, force: true });
  }
  return { half, notes: labelled.size, pairs };
}

const typedName = (t) => (TYPES.includes(t) ? t : 'other');

export function score(pairs) {
  const per = Object.fromEntries([...TYPES, 'other'].map((t) => [t, { tp: 0, fp: 0, fn: 0 }]));
  const wrong = [];
  let pastRight = 0;
  let pastSeen = 0;
  for (const { note, label, got, context } of pairs) {
    const predicted = got.type !== 'mentions';
    const truth = label.type !== 'mentions';
    const right = predicted && truth && got.type === label.type && got.direction === label.direction;
    if (right) per[label.type].tp++;
    if (predicted && !right) per[typedName(got.type)].fp++;
    if (truth && !right) per[label.type].fn++;
    if (right && label.type === 'works_at') {
      pastSeen++;
      if (got.past === label.past) pastRight++;
    }
    if (!right && (predicted || truth)) {
      const arrow = (t, d) => `${t}${d === 'in' ? '<' : ''}`;
      wrong.push(`${predicted ? 'FP' : 'FN'} ${note}:${label.line} ${label.raw} got ${arrow(got.type, got.direction)} want ${arrow(label.type, label.direction)} (${got.evidence}) | ${context}`);
    }
  }
  return { per, wrong, past: { right: pastRight, seen: pastSeen } };
}

const f = (x) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');
function prf(c) {
  const precision = c.tp / (c.tp + c.fp);
  const recall = c.tp / (c.tp + c.fn);
  return { precision, recall, f1: (2 * precision * recall) / (precision + recall) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lib = await loadLib();
  for (const half of values.halves.split(',')) {
    const r = await measure(lib, half);
    const s = score(r.pairs);
    const typed = r.pairs.filter((p) => p.label.type !== 'mentions').length;
    console.log(`\n== ${half}: ${r.notes} notes, ${r.pairs.length} links (${typed} with a typed relation, ${r.pairs.length - typed} mentions)`);
    console.log(`${'type'.padEnd(12)} ${'true'.padStart(4)} ${'pred'.padStart(5)} | precision recall  F1`);
    const all = { tp: 0, fp: 0, fn: 0 };
    for (const t of [...TYPES, 'other']) {
      const c = s.per[t];
      all.tp += c.tp;
      all.fp += c.fp;
      all.fn += c.fn;
      if (t === 'other' && c.fp === 0) continue;
      const m = prf(c);
      console.log(`${t.padEnd(12)} ${String(c.tp + c.fn).padStart(4)} ${String(c.tp + c.fp).padStart(5)} | ${f(m.precision)}     ${f(m.recall)}  ${f(m.f1)}`);
    }
    const m = prf(all);
    console.log(`${'overall'.padEnd(12)} ${String(all.tp + all.fn).padStart(4)} ${String(all.tp + all.fp).padStart(5)} | ${f(m.precision)}     ${f(m.recall)}  ${f(m.f1)}`);
    console.log(`past marked right on ${s.past.right}/${s.past.seen} works_at links found`);
    const show = Number(values.show);
    if (show > 0) for (const w of s.wrong.slice(0, show)) console.log(`  ${w}`);
  }
}
