#!/usr/bin/env node
// Builds the relational evaluation set from a generated vault's ground truth.
//
// Exact command that produced the committed eval/relational.jsonl:
//
//   node bench/make-relational-eval.mjs --notes 600 --seed 7 --out eval/relational.jsonl
//
// The vault those questions refer to is generated with the same parameters:
//
//   node bench/generate-vault.mjs --out bench/out/eval-vault --notes 600 --seed 7
//
// (or pass --truth <vault>/.ground-truth.json to read an existing vault's ground truth).
// Each line: {"q": "...", "rel": ["people/X.md", ...], "kind": "works_at", "lang": "en"}.
// Only entities with 1..5 relevant notes are asked about, so every question has a short,
// unambiguous answer; companies with former employees are skipped for "who works at".

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVault } from './generate-vault.mjs';
import { createRandom } from './vault-gen/random.mjs';

const QUOTA = { works_at: 10, founded: 8, invested_in: 7, advises: 5, attended: 8, connects: 8 };
const ZH_QUOTA = { works_at: 4, founded: 4, invested_in: 3, advises: 3 };
const EN_FORMS = {
  works_at: (x) => `who works at ${x}?`,
  founded: (x) => `who founded ${x}?`,
  invested_in: (x) => `who invested in ${x}?`,
  advises: (x) => `who advises ${x}?`,
  attended: (x) => `who attended ${x}?`,
};
const ZH_FORMS = {
  works_at: (x) => `谁在${x}工作？`,
  founded: (x) => `谁创立了${x}？`,
  invested_in: (x) => `谁投资了${x}？`,
  advises: (x) => `谁是${x}的顾问？`,
};
const MAX_REL = 5;

/** Questions from a ground-truth object (see generate-vault.mjs for its shape). */
export function makeRelationalEval(truth, { seed = 7 } = {}) {
  const rnd = createRandom(seed);
  const title = new Map();
  const lang = new Map();
  for (const group of Object.values(truth.entities)) {
    for (const e of group) {
      title.set(e.path, e.title);
      if (e.lang) lang.set(e.path, e.lang);
    }
  }
  // object -> subjects, per relation
  const inverse = (pairs) => {
    const m = new Map();
    for (const [s, o] of pairs) {
      if (!m.has(o)) m.set(o, new Set());
      m.get(o).add(s);
    }
    return m;
  };
  const formerAt = new Set(truth.former_works_at.map(([, o]) => o));
  const out = [];

  const ask = (kind, quota, objLang, forms) => {
    const byObject = inverse(truth[kind]);
    const objects = rnd.shuffle([...byObject.keys()].sort()).filter((o) => (lang.get(o) ?? 'en') === objLang);
    let n = 0;
    for (const o of objects) {
      if (n >= quota) break;
      const rel = [...byObject.get(o)].sort();
      if (rel.length === 0 || rel.length > MAX_REL) continue;
      if (kind === 'works_at' && formerAt.has(o)) continue;
      out.push({ q: forms[kind](title.get(o)), rel, kind, lang: objLang === 'zh' ? 'zh' : 'en' });
      n++;
    }
  };
  for (const kind of ['works_at', 'founded', 'invested_in', 'advises', 'attended']) ask(kind, QUOTA[kind], 'en', EN_FORMS);
  out.push(...connects(truth, rnd, title, QUOTA.connects));
  for (const kind of Object.keys(ZH_QUOTA)) ask(kind, ZH_QUOTA[kind], 'zh', ZH_FORMS);
  return out;
}

/**
 * "What connects A and B": two people who share a company or a meeting, are not linked to each
 * other, and whose common neighbours in the link graph (either direction) are at most three notes.
 * rel is that full set of common neighbours, so any note that really connects them counts.
 */
function connects(truth, rnd, title, quota) {
  const nbrs = new Map();
  const add = (a, b) => {
    if (!nbrs.has(a)) nbrs.set(a, new Set());
    nbrs.get(a).add(b);
  };
  for (const [from, tos] of Object.entries(truth.links)) {
    for (const to of tos) {
      add(from, to);
      add(to, from);
    }
  }
  const groups = new Map();
  for (const [p, o] of [...truth.works_at, ...truth.attended]) {
    if (!groups.has(o)) groups.set(o, []);
    groups.get(o).push(p);
  }
  const english = new Set(truth.entities.people.filter((p) => p.lang === 'en').map((p) => p.path));
  const out = [];
  const seen = new Set();
  for (const hub of rnd.shuffle([...groups.keys()].sort())) {
    if (out.length >= quota) break;
    const members = [...new Set(groups.get(hub))].filter((p) => english.has(p)).sort();
    if (members.length < 2) continue;
    const [a, b] = rnd.sample(members, 2).sort();
    const key = `${a}|${b}`;
    if (seen.has(key) || nbrs.get(a)?.has(b)) continue;
    const common = [...(nbrs.get(a) ?? [])].filter((x) => nbrs.get(b)?.has(x) && x !== a && x !== b).sort();
    if (common.length === 0 || common.length > 3 || !common.includes(hub)) continue;
    seen.add(key);
    out.push({ q: `what connects ${title.get(a)} and ${title.get(b)}?`, rel: common, kind: 'connects', lang: 'en' });
  }
  return out;
}

function parseArgs(argv) {
  const args = { notes: 600, seed: 7, out: 'eval/relational.jsonl' };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (k === '--notes') args.notes = Number(v);
    else if (k === '--seed') args.seed = Number(v);
    else if (k === '--out') args.out = v;
    else if (k === '--truth') args.truth = v;
    else throw new Error(`unknown argument ${k}`);
  }
  return args;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const truth = args.truth ? JSON.parse(readFileSync(args.truth, 'utf8')) : buildVault({ notes: args.notes, seed: args.seed }).truth;
  const questions = makeRelationalEval(truth, { seed: truth.seed });
  mkdirSync(dirname(resolve(args.out)), { recursive: true });
  writeFileSync(args.out, questions.map((q) => JSON.stringify(q)).join('\n') + '\n');
  const kinds = {};
  for (const q of questions) kinds[`${q.kind}/${q.lang}`] = (kinds[`${q.kind}/${q.lang}`] ?? 0) + 1;
  console.log(`wrote ${questions.length} questions to ${args.out}`, kinds);
}
