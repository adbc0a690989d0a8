#!/usr/bin/env node
// Search quality on every eval set, dev and test halves, ours against MiniSearch (the engine inside Omnisearch) in
// the same run, then hybrid query latency (p50/p95) on the generated 10k vault.
//
//   node bench/eval-bench.mjs [--k 5] [--sets en,zh,relational,blind-en,...] [--split dev|test] [--misses] [--skip-latency]
//                             [--modes fast,balanced,deep,deep+chat,deep+rerank] [--diff]
//
// Each search mode (issue 12) is measured on every set; the per-kind table and --misses are for the first mode.
// --diff lists, per later mode, the questions whose first relevant note moved against the first mode (tune on dev).
// `deep+chat` is deep with a chat model configured (query expansion and reranking through the chat model),
// `deep+rerank` with a `/rerank` endpoint as well (expansion through the chat model, rerank through the endpoint);
// both against bench/fake-model.mjs on 127.0.0.1, a lexical stand-in model that sees only what each request
// carries (never the answer key).
//
// Sets (see eval/README.md): the original en, zh, relational sets and the blind sets under eval/blind/ (written
// before any result was seen, each line with a dev/test split). Sets without a split field (the original ones,
// kept as they were) are halved by line order (even lines dev, odd lines test) so every set reports both halves.
// Sets over ../shared/corpora are skipped with a message when the corpus is absent.
//
// Ours: the production `search` operation with the built-in embedder, each vault indexed into
// bench/out/eval-db/<vault> (incremental after the first run). MiniSearch is configured like Omnisearch: fields
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
import { writePeopleVault } from './people-vault.mjs';
import { loadLib } from './lib.mjs';
import { startFakeModel } from './fake-model.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    k: { type: 'string', default: '5' },
    sets: { type: 'string', default: 'en,zh,relational,blind-en,blind-en-typo,blind-zh,blind-mixed,blind-fuzzy,blind-typo-names,blind-en-2,blind-zh-2,people-fuzzy,blind-zh-3' },
    split: { type: 'string' },
    misses: { type: 'boolean', default: false },
    'skip-latency': { type: 'boolean', default: false },
    diff: { type: 'boolean', default: false },
    modes: { type: 'string', default: 'balanced,fast,deep,deep+chat' },
  },
});
const k = Number(values.k);
const modes = values.modes.split(',');
const corpora = path.resolve(root, '../shared/corpora');
const fuzzyVault = path.join(root, 'bench/out/fuzzy-vault');
const relVault = path.join(root, 'bench/out/eval-vault');
const peopleVault = path.join(root, 'bench/out/people-vault');

// Targets are on the test halves (issue 10); the original sets keep their original targets.
const SETS = {
  en: { queries: 'eval/obsidian-help-en.jsonl', vault: path.join(corpora, 'obsidian-help-en'), target: 'R@5 >= 0.85, MRR >= 0.7' },
  zh: { queries: 'eval/zh.jsonl', vault: path.join(root, 'eval/zh-vault'), target: 'R@5 >= 0.85' },
  relational: { queries: 'eval/relational.jsonl', vault: relVault, generate: { notes: 600, seed: 7 }, target: 'R@5 >= 0.98, MRR >= 0.90' },
  'blind-en': { queries: 'eval/blind/help-en-paraphrase.jsonl', vault: path.join(corpora, 'obsidian-help-en'), target: 'R@5 >= 0.90, MRR >= 0.75' },
  'blind-en-typo': { queries: 'eval/blind/help-en-typo.jsonl', vault: path.join(corpora, 'obsidian-help-en'), target: 'ahead of MiniSearch' },
  'blind-zh': { queries: 'eval/blind/help-zh.jsonl', vault: path.join(corpora, 'obsidian-help-zh'), target: 'R@5 >= 0.85' },
  'blind-mixed': { queries: 'eval/blind/help-zh-mixed.jsonl', vault: path.join(corpora, 'obsidian-help-zh'), target: 'ahead of MiniSearch' },
  'blind-fuzzy': { queries: 'eval/blind/fuzzy.jsonl', vault: fuzzyVault, generate: { notes: 300, seed: 11 }, target: 'R@5 >= 0.85' },
  'blind-typo-names': { queries: 'eval/blind/typo-names.jsonl', vault: fuzzyVault, generate: { notes: 300, seed: 11 }, target: 'ahead of MiniSearch' },
  // Session 8's blind sets (eval/README.md): more paraphrases, colloquial Chinese, and descriptions over a vault that
  // reads like real contact notes (bench/people-vault.mjs).
  'blind-en-2': { queries: 'eval/blind/help-en-paraphrase-2.jsonl', vault: path.join(corpora, 'obsidian-help-en'), target: 'R@5 >= 0.90, MRR >= 0.75' },
  'blind-zh-2': { queries: 'eval/blind/help-zh-2.jsonl', vault: path.join(corpora, 'obsidian-help-zh'), target: 'R@5 >= 0.85' },
  'people-fuzzy': { queries: 'eval/blind/people-fuzzy.jsonl', vault: peopleVault, people: { seed: 23 }, target: 'R@5 >= 0.85, ahead of MiniSearch' },
  // Session 9: Chinese questions over the help notes the earlier Chinese sets did not ask about (eval/README.md).
  'blind-zh-3': { queries: 'eval/blind/help-zh-3.jsonl', vault: path.join(corpora, 'obsidian-help-zh'), target: 'R@5 >= 0.85' },
};

/** Sets without splits are halved by line order, so every set reports a dev and a test half. */
function withSplits(queries) {
  return queries.map((q, i) => (q.split ? q : { ...q, split: i % 2 === 0 ? 'dev' : 'test' }));
}

const lib = await loadLib();
// The stand-in model, started only when a mode needs it.
const fakeModel = modes.some((m) => m.startsWith('deep+')) ? await startFakeModel() : null;
/** Each mode as the search op's `mode` and the model settings it runs with. */
function modeSetup(name) {
  if (!name.startsWith('deep+')) return { mode: name, llm: lib.DEFAULT_LLM_SETTINGS };
  // `deep+chat:w=2`: the same with the reranker's order weighted 2 (`inf`: its order alone) against the fused order.
  const [mode, weight] = name.split(':w=');
  const rerankWeight = weight === undefined ? undefined : weight === 'inf' ? Infinity : Number(weight);
  const llm = { ...lib.DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: fakeModel.baseURL, model: 'fake-chat', timeoutMs: 10_000 };
  if (mode === 'deep+rerank') return { mode: 'deep', llm: { ...llm, rerankModel: 'fake-rerank' }, rerankWeight };
  if (mode === 'deep+chat') return { mode: 'deep', llm, rerankWeight };
  throw new Error(`unknown mode ${name}`);
}

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
const fmt = (m) => (m ? `${m.recall.toFixed(3)} ${m.mrr.toFixed(3)}` : '  -     -  ');
const allQuestions = [];
for (const name of values.sets.split(',')) {
  const set = SETS[name];
  if (!set) throw new Error(`unknown set ${name}; known: ${Object.keys(SETS).join(', ')}`);
  if (set.generate && !existsSync(path.join(set.vault, '.ground-truth.json'))) generateVault({ out: set.vault, ...set.generate });
  if (set.people && !existsSync(path.join(set.vault, '.ground-truth.json'))) writePeopleVault({ out: set.vault, ...set.people });
  if (!existsSync(set.vault)) {
    console.log(`\nskipping ${name}: ${path.relative(root, set.vault)} not found (the corpora live in ../shared/corpora beside the project)`);
    continue;
  }
  let queries = withSplits(lib.parseEvalSet(readFileSync(path.join(root, set.queries), 'utf8')));
  if (values.split) queries = queries.filter((q) => q.split === values.split);
  allQuestions.push(...queries.map((q) => q.q));
  const opened = await lib.openNodeBrain({ vault: set.vault, db: path.join(root, 'bench/out/eval-db', path.basename(set.vault)), embedder: { kind: 'builtin' } });
  try {
    const t0 = performance.now();
    await opened.brain.index();
    const indexSeconds = (performance.now() - t0) / 1000;
    let llm = lib.DEFAULT_LLM_SETTINGS;
    const ctx = { brain: opened.brain, remote: false };
    const runMode = (name) => {
      const setup = modeSetup(name);
      llm = setup.llm;
      const registry = lib.createRegistry({ llm: () => llm, fetch: (input, init) => fetch(input, init), rerankWeight: setup.rerankWeight });
      return lib.runEval(queries, async (q, depth) => (await registry.call('search', { query: q, limit: Math.min(200, depth * 2), mode: setup.mode }, ctx)).results.map((r) => r.path), k);
    };
    const byMode = {};
    for (const mode of modes) byMode[mode] = await runMode(mode);
    const ours = byMode[modes[0]];
    const plain = miniSearchFor(set.vault, false);
    const stop = miniSearchFor(set.vault, true);
    const mini = await lib.runEval(queries, (q) => Promise.resolve(plain(q)), k);
    const miniStop = await lib.runEval(queries, (q) => Promise.resolve(stop(q)), k);
    rows.push({ name, target: set.target, indexSeconds, ours, byMode, mini, miniStop });
    console.log(`\n== ${name}: ${queries.length} questions, ${set.queries} over ${path.relative(root, set.vault) || set.vault} (index ${indexSeconds.toFixed(1)} s)`);
    console.log(`${'kind / half'.padEnd(18)} ${'n'.padStart(3)} | ours R@k MRR | MiniSearch R@k MRR | MiniSearch+stop R@k MRR`.replace(/@k/g, `@${k}`));
    const kinds = Object.keys(ours.byKind);
    const line = (label, pick) => {
      const o = pick(ours);
      if (!o) return;
      console.log(`${label.padEnd(18)} ${String(o.queries).padStart(3)} | ${fmt(o)}  | ${fmt(pick(mini))}        | ${fmt(pick(miniStop))}`);
    };
    for (const kind of kinds.length > 1 ? kinds : []) line(kind, (r) => r.byKind[kind]);
    line('overall', (r) => r.overall);
    line('dev half', (r) => r.bySplit.dev);
    line('test half', (r) => r.bySplit.test);
    const ms = (r) => (r.rows.reduce((a, x) => a + x.ms, 0) / Math.max(1, r.rows.length)).toFixed(1);
    console.log(`mean ms/query: ours ${ms(ours)}, MiniSearch ${ms(mini)}; target (test half) ${set.target}`);
    for (const mode of modes.slice(1)) {
      const r = byMode[mode];
      console.log(`mode ${mode.padEnd(11)} dev ${fmt(r.bySplit.dev)} | test ${fmt(r.bySplit.test)} | ${ms(r)} ms/query`);
    }
    if (values.diff) for (const mode of modes.slice(1)) printDiff(mode, ours, byMode[mode]);
    if (values.misses) {
      for (const r of ours.rows.filter((x) => x.recall < 1)) console.log(`  miss [${r.kind}, ${r.split}] ${r.q}\n    want: ${r.rel.join(' | ')}\n    got:  ${r.top.slice(0, k).join(' | ')}`);
    }
  } finally {
    await opened.close();
  }
}

console.log(`\nSummary (k = ${k}; tune on dev, report test)`);
console.log(`${'set'.padEnd(17)} | ${'half'.padEnd(4)} | ${'mode'.padEnd(11)} | ${'ours R@k'.padEnd(9)} ${'MRR'.padEnd(6)} | ${'MiniSearch R@k'.padEnd(15)} ${'MRR'.padEnd(6)} | target`.replace(/@k/g, `@${k}`));
for (const r of rows) {
  for (const half of ['dev', 'test']) {
    const m = r.mini.bySplit[half];
    for (const mode of modes) {
      const o = r.byMode[mode].bySplit[half];
      if (!o || !m) continue;
      console.log(`${r.name.padEnd(17)} | ${half.padEnd(4)} | ${mode.padEnd(11)} | ${o.recall.toFixed(3).padEnd(9)} ${o.mrr.toFixed(3).padEnd(6)} | ${m.recall.toFixed(3).padEnd(15)} ${m.mrr.toFixed(3).padEnd(6)} | ${half === 'test' && mode === modes[0] ? r.target : ''}`);
    }
  }
}

// deep with a model must not lose to balanced (issue 12): said per set and half, so a loss is not missed in the table.
for (const mode of modes.filter((m) => m.startsWith('deep+'))) {
  if (!modes.includes('balanced')) break;
  for (const r of rows) {
    for (const half of ['dev', 'test']) {
      const o = r.byMode[mode].bySplit[half];
      const b = r.byMode.balanced.bySplit[half];
      if (!o || !b) continue;
      const dr = o.recall - b.recall;
      const dm = o.mrr - b.mrr;
      if (dr < -1e-9 || dm < -1e-9) console.log(`${mode} below balanced: ${r.name} ${half} R@${k} ${dr.toFixed(3)}, MRR ${dm.toFixed(3)}`);
    }
  }
}
if (fakeModel) {
  console.log(`fake model requests: ${JSON.stringify(fakeModel.calls)}`);
  await fakeModel.close();
}

if (!values['skip-latency']) await latency(allQuestions);

/** Questions whose first relevant note sits at another place in `other` than in `base` (1-based, `-` beyond MRR depth). */
function printDiff(mode, base, other) {
  const place = (row) => {
    const i = row.top.findIndex((p) => row.rel.includes(p));
    return i < 0 ? '-' : String(i + 1);
  };
  other.rows.forEach((row, i) => {
    const b = base.rows[i];
    if (place(b) === place(row)) return;
    console.log(`  diff ${mode} [${row.split}] ${place(b)} -> ${place(row)}: ${row.q}\n    want: ${row.rel.join(' | ')}\n    base: ${b.top.slice(0, 6).join(' | ')}\n    ${mode}: ${row.top.slice(0, 6).join(' | ')}`);
  });
}

/**
 * Hybrid query latency on the generated 10k vault (seed 42): every question of the sets above (they are about
 * other vaults, so this measures cost, not quality), warm, through hybridSearch like search-bench.mjs.
 */
async function latency(questions) {
  const vault = path.join(root, 'bench', 'out', 'vault-10k');
  if (!existsSync(path.join(vault, '.ground-truth.json'))) generateVault({ out: vault, notes: 10000, seed: 42 });
  const opened = await lib.openNodeBrain({ vault, db: path.join(root, 'bench/out/eval-db/vault-10k'), embedder: { kind: 'builtin' } });
  try {
    await opened.brain.index();
    const deps = { engine: opened.brain.engine, embedder: opened.brain.embedder };
    for (const q of questions.slice(0, 20)) await lib.hybridSearch(deps, q, { limit: 10 });
    const wall = [];
    for (const q of questions) {
      const t0 = performance.now();
      await lib.hybridSearch(deps, q, { limit: 10 });
      wall.push(performance.now() - t0);
    }
    wall.sort((a, b) => a - b);
    const pct = (p) => wall[Math.min(wall.length - 1, Math.floor((p / 100) * wall.length))].toFixed(1);
    console.log(`\nhybrid query latency, 10k vault, ${wall.length} warm queries: p50 ${pct(50)} ms (target <= 30), p95 ${pct(95)} ms (target <= 100)`);
  } finally {
    await opened.close();
  }
}
