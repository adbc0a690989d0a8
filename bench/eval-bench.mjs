#!/usr/bin/env node
// Search quality on the three eval sets, ours against MiniSearch (the engine inside Omnisearch), side by side.
//
//   node bench/eval-bench.mjs [--k 5] [--sets en,zh,relational]
//
// Ours: the production `search` operation with the built-in embedder, each vault indexed into
// bench/out/eval-db/<set> (incremental after the first run). MiniSearch is configured like Omnisearch: fields
// title (file name + aliases, boost 3), headings (boost 2) and content; prefix search for terms of 3+ characters
// and fuzzy matching scaled by term length (Omnisearch's defaults); OR across terms. For fairness its tokenizer
// splits CJK runs into characters and bigrams (Omnisearch alone keeps a Chinese run as one token). A second
// MiniSearch column also drops English stopwords, which helps it on questions.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import MiniSearch from 'minisearch';
import { generateVault } from './generate-vault.mjs';
import { loadLib } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { k: { type: 'string', default: '5' }, sets: { type: 'string', default: 'en,zh,relational' } } });
const k = Number(values.k);

const SETS = {
  en: { queries: 'eval/obsidian-help-en.jsonl', vault: path.resolve(root, '../shared/corpora/obsidian-help-en'), target: 'R@5 >= 0.85, MRR >= 0.7' },
  zh: { queries: 'eval/zh.jsonl', vault: path.join(root, 'eval/zh-vault'), target: 'R@5 >= 0.85' },
  relational: { queries: 'eval/relational.jsonl', vault: path.join(root, 'bench/out/eval-vault'), target: 'R@5 >= 0.95' },
};

const lib = await loadLib();

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const EN_STOP = new Set(
  'a about an and any are as at be by can could did do does for from get had has have how i if in into is it its me my no not of on or our should so than that the their them then there these they this to up was we were what when where which who why will with would you your want need way'.split(' '),
);

function tokenize(text) {
  const out = [];
  for (const part of text.split(/[\s\p{P}\p{S}]+/u)) {
    if (!part) continue;
    let last = 0;
    for (const m of part.matchAll(CJK_RUN)) {
      if (m.index > last) out.push(part.slice(last, m.index));
      const chars = Array.from(m[0]);
      out.push(...chars);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
      last = m.index + m[0].length;
    }
    if (last < part.length) out.push(part.slice(last));
  }
  return out;
}

function listNotes(dir, rel = '') {
  const out = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listNotes(dir, r));
    else if (e.name.endsWith('.md')) out.push(r);
  }
  return out;
}

function miniSearchFor(vault, stopwords) {
  const processTerm = (t) => {
    const term = t.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
    return stopwords && EN_STOP.has(term) ? null : term;
  };
  const ms = new MiniSearch({ fields: ['title', 'headings', 'content'], idField: 'path', storeFields: ['path'], tokenize, processTerm });
  const docs = listNotes(vault).map((p) => {
    const raw = readFileSync(path.join(vault, p), 'utf8');
    const fm = /^---\n([\s\S]*?)\n---\n?/.exec(raw);
    const body = fm ? raw.slice(fm[0].length) : raw;
    const aliases = fm ? (/^aliases:\s*\[?(.*?)\]?$/m.exec(fm[1])?.[1] ?? '') : '';
    const headings = body.split('\n').filter((l) => /^#{1,6}\s/.test(l)).map((l) => l.replace(/^#+\s*/, '')).join('\n');
    return { path: p, title: `${path.basename(p, '.md')} ${aliases}`, headings, content: body };
  });
  ms.addAll(docs);
  return (q) =>
    ms
      .search(q, {
        boost: { title: 3, headings: 2 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length <= 3 ? 0 : term.length <= 5 ? 0.1 : 0.2),
        combineWith: 'OR',
      })
      .map((r) => r.id);
}

const rows = [];
for (const name of values.sets.split(',')) {
  const set = SETS[name];
  if (!set) throw new Error(`unknown set ${name}`);
  if (name === 'relational' && !existsSync(path.join(set.vault, '.ground-truth.json'))) generateVault({ out: set.vault, notes: 600, seed: 7 });
  if (!existsSync(set.vault)) {
    console.log(`skipping ${name}: ${set.vault} not found`);
    continue;
  }
  const queries = lib.parseEvalSet(readFileSync(path.join(root, set.queries), 'utf8'));
  const opened = await lib.openNodeBrain({ vault: set.vault, db: path.join(root, 'bench/out/eval-db', name), embedder: { kind: 'builtin' } });
  try {
    const t0 = performance.now();
    await opened.brain.index();
    const indexSeconds = (performance.now() - t0) / 1000;
    const registry = lib.createRegistry();
    const ctx = { brain: opened.brain, remote: false };
    const ours = await lib.runEval(queries, async (q, depth) => (await registry.call('search', { query: q, limit: Math.min(200, depth * 2) }, ctx)).results.map((r) => r.path), k);
    const plain = miniSearchFor(set.vault, false);
    const stop = miniSearchFor(set.vault, true);
    const mini = await lib.runEval(queries, (q) => Promise.resolve(plain(q)), k);
    const miniStop = await lib.runEval(queries, (q) => Promise.resolve(stop(q)), k);
    rows.push({ name, target: set.target, indexSeconds, ours, mini, miniStop });
    console.log(`\n== ${name}: ${queries.length} questions, ${set.queries} over ${path.relative(root, set.vault) || set.vault} (index ${indexSeconds.toFixed(1)} s)`);
    const kinds = Object.keys(ours.byKind);
    const head = `${'kind'.padEnd(14)} ${'n'.padStart(3)} | ${'ours R@k  MRR   nDCG  P@k'.padEnd(27)} | ${'MiniSearch R@k MRR  nDCG'.padEnd(25)} | MiniSearch+stop R@k MRR`;
    console.log(head.replace(/@k/g, `@${k}`));
    const fmt = (m) => `${m.recall.toFixed(3)} ${m.mrr.toFixed(3)} ${m.ndcg.toFixed(3)}`;
    for (const kind of [...(kinds.length > 1 ? kinds : []), 'overall']) {
      const o = kind === 'overall' ? ours.overall : ours.byKind[kind];
      const m = kind === 'overall' ? mini.overall : mini.byKind[kind];
      const s = kind === 'overall' ? miniStop.overall : miniStop.byKind[kind];
      console.log(`${kind.padEnd(14)} ${String(o.queries).padStart(3)} | ${fmt(o)} ${o.precision.toFixed(3)}     | ${fmt(m)}        | ${s.recall.toFixed(3)} ${s.mrr.toFixed(3)}`);
    }
    const ms = (r) => (r.rows.reduce((a, x) => a + x.ms, 0) / r.rows.length).toFixed(1);
    console.log(`mean ms/query: ours ${ms(ours)}, MiniSearch ${ms(mini)}; target ${set.target}`);
  } finally {
    await opened.close();
  }
}

console.log(`\nSummary (k = ${k})`);
console.log(`${'set'.padEnd(11)} | ${'ours R@k'.padEnd(9)} ${'MRR'.padEnd(6)} | ${'MiniSearch R@k'.padEnd(15)} ${'MRR'.padEnd(6)} | target`.replace(/@k/g, `@${k}`));
for (const r of rows) {
  console.log(`${r.name.padEnd(11)} | ${r.ours.overall.recall.toFixed(3).padEnd(9)} ${r.ours.overall.mrr.toFixed(3).padEnd(6)} | ${r.mini.overall.recall.toFixed(3).padEnd(15)} ${r.mini.overall.mrr.toFixed(3).padEnd(6)} | ${r.target}`);
}
