#!/usr/bin/env node
// Builds the fuzzy (descriptive) and misspelt-name evaluation sets over a generated people/companies vault.
//
// Exact commands that produced the committed sets:
//
//   node bench/make-fuzzy-eval.mjs --notes 300 --seed 11 --out eval/blind/fuzzy.jsonl --typos eval/blind/typo-names.jsonl
//
// The vault those questions refer to is generated with the same parameters (a different size and seed from the
// relational set, so nothing was tuned on it):
//
//   node bench/generate-vault.mjs --out bench/out/fuzzy-vault --notes 300 --seed 11
//
// A question describes a person or a company the way someone who forgot the name would ("the solutions architect
// based in Lisbon", "who would you ask about leaky bucket", "the company selling heat pump retrofits"); it never
// names the note. rel is EVERY note matching the description (the generator's plan plus the sentences written into
// each note), and only descriptions that fit 1..3 notes are kept. Names in the typo set are misspelt by fixed rules
// (one adjacent swap, one dropped letter, a truncated last name, a doubled letter), the way people mistype.
// Every line carries a deterministic `split` (dev/test, alternating within each kind).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVault } from './generate-vault.mjs';
import { createRandom } from './vault-gen/random.mjs';
import { planVault } from './vault-gen/plan.mjs';

const QUOTA = { 'role-city': 10, expertise: 10, background: 6, opinion: 5, talk: 5, product: 8, 'company-founded': 6 };
const MAX_REL = 3;

const lower = (s) => s.toLowerCase();
const article = (s) => (/^[aeiou]/i.test(s) ? 'an' : 'a');

/** Facts per note, read from the sentences the renderer wrote (the plan does not keep them). */
function textFacts(files, path, title) {
  const text = files.get(path) ?? '';
  const name = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const all = (re) => [...text.matchAll(re)].map((m) => m[1].trim());
  return {
    askAbout: all(/is a good person to ask about ([^;.]+);/g),
    consulted: [...text.matchAll(/consulting on ([^.]+?) for companies in ([^.]+)\./g)].map((m) => ({ area: m[1], city: m[2] })),
    opinions: all(/has strong opinions about ([^.]+?) and is happy to argue/g),
    talks: [...text.matchAll(/\| Spoke at (.+?) about \[\[([^\]|#]+)/g)].map((m) => ({ conf: m[1], topic: m[2] })),
    products: [
      ...all(new RegExp(`${name} (?:builds|sells|is an? [^.]*? company working on|focuses on) ([^.;]+?)(?: for mid-sized customers in [^.]+)?[.;]`, 'g')),
      ...all(/The company makes (.+?) and has about/g),
    ],
  };
}

function splitByKind(rows) {
  const seen = {};
  return rows.map((r) => {
    const n = (seen[r.kind] = (seen[r.kind] ?? -1) + 1);
    return { ...r, split: n % 2 === 0 ? 'dev' : 'test' };
  });
}

export function makeFuzzyEval({ notes = 300, seed = 11 } = {}) {
  const { files } = buildVault({ notes, seed });
  const plan = planVault(notes, createRandom(seed));
  const rnd = createRandom(seed * 7919 + 1);
  const people = plan.people.filter((p) => p.lang === 'en');
  const companies = plan.companies.filter((c) => c.lang === 'en');
  const facts = new Map([...people, ...companies].map((e) => [e.path, textFacts(files, e.path, e.title)]));
  const out = [];
  const used = new Set();
  /** Adds a question when its description fits 1..MAX_REL notes. */
  const ask = (kind, q, match, pool) => {
    if (out.filter((r) => r.kind === kind).length >= QUOTA[kind] || used.has(q)) return;
    const rel = pool.filter(match).map((e) => e.path).sort();
    if (rel.length === 0 || rel.length > MAX_REL) return;
    used.add(q);
    out.push({ q, rel, kind, lang: 'en' });
  };

  const roleForms = [
    (r, c) => `the ${lower(r)} based in ${c}`,
    (r, c) => `who is our ${lower(r)} contact in ${c}?`,
    (r, c) => `${article(r)} ${lower(r)} who lives in ${c}`,
  ];
  for (const p of rnd.shuffle([...people])) {
    if (!p.role) continue;
    const form = rnd.pick(roleForms);
    ask('role-city', form(p.role, p.city), (x) => x.role === p.role && x.city === p.city, people);
  }
  const expertForms = [
    (t) => `who would you ask about ${t}?`,
    (t) => `someone who knows a lot about ${t}`,
    (t, c) => `the person in ${c} to talk to about ${t}`,
  ];
  for (const p of rnd.shuffle([...people])) {
    for (const t of facts.get(p.path).askAbout) {
      const form = rnd.pick(expertForms);
      ask('expertise', form(t, p.city), (x) => facts.get(x.path).askAbout.includes(t) && (form.length < 2 || x.city === p.city), people);
    }
  }
  for (const p of rnd.shuffle([...people])) {
    for (const b of facts.get(p.path).consulted) {
      ask('background', `the person who used to be a consultant on ${b.area} for firms in ${b.city}`, (x) => facts.get(x.path).consulted.some((y) => y.area === b.area && y.city === b.city), people);
    }
  }
  for (const p of rnd.shuffle([...people])) {
    for (const o of facts.get(p.path).opinions) {
      ask('opinion', `who loves arguing about ${o} over coffee?`, (x) => facts.get(x.path).opinions.includes(o), people);
    }
  }
  for (const p of rnd.shuffle([...people])) {
    for (const t of facts.get(p.path).talks) {
      if (t.conf === 'a local meetup') continue;
      ask('talk', `the speaker who presented at ${t.conf} on ${lower(t.topic)}`, (x) => facts.get(x.path).talks.some((y) => y.conf === t.conf && y.topic === t.topic), people);
    }
  }
  const operating = companies.filter((c) => !c.investor);
  for (const c of rnd.shuffle([...operating])) {
    for (const pr of facts.get(c.path).products) {
      const inCity = rnd.chance(0.33);
      const q = inCity ? `the ${c.city} firm behind ${pr}` : rnd.pick([`the company selling ${pr}`, `which startup makes ${pr}?`]);
      ask('product', q, (x) => facts.get(x.path).products.includes(pr) && (!inCity || x.city === c.city), operating);
    }
  }
  for (const c of rnd.shuffle([...operating])) {
    ask('company-founded', `the ${c.industry.key} company started in ${c.foundedYear} and headquartered in ${c.city}`, (x) => x.industry.key === c.industry.key && x.foundedYear === c.foundedYear && x.city === c.city, operating);
  }
  return splitByKind(out);
}

/** One deterministic misspelling of a name: rule chosen by position so the set mixes all four. */
function misspell(name, i) {
  const [first, ...restParts] = name.split(' ');
  const last = restParts.join(' ');
  const swap = (w, at) => (w.length < 4 ? w : w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2));
  switch (i % 4) {
    case 0:
      return `${first} ${swap(last, Math.max(1, Math.floor(last.length / 2) - 1))}`;
    case 1:
      return `${first} ${last.slice(0, Math.floor(last.length / 2)) + last.slice(Math.floor(last.length / 2) + 1)}`;
    case 2:
      return `${first} ${last.slice(0, Math.max(3, last.length - 2))}`;
    default:
      return `${first.slice(0, 2)}${first[1]}${first.slice(2)} ${last}`;
  }
}

export function makeTypoEval({ notes = 300, seed = 11, count = 24 } = {}) {
  const plan = planVault(notes, createRandom(seed));
  const rnd = createRandom(seed * 104729 + 3);
  const entities = [...plan.people.filter((p) => p.lang === 'en'), ...plan.companies.filter((c) => c.lang === 'en')];
  const titles = new Set(entities.map((e) => lower(e.title)));
  const out = [];
  for (const e of rnd.shuffle([...entities])) {
    if (out.length >= count) break;
    const typo = misspell(e.title, out.length);
    if (typo === e.title || titles.has(lower(typo))) continue;
    out.push({ q: typo, rel: [e.path], kind: e.kind === 'person' ? 'typo-person' : 'typo-company', lang: 'en' });
  }
  return splitByKind(out);
}

function parseArgs(argv) {
  const args = { notes: 300, seed: 11, out: 'eval/blind/fuzzy.jsonl', typos: 'eval/blind/typo-names.jsonl' };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (k === '--notes') args.notes = Number(v);
    else if (k === '--seed') args.seed = Number(v);
    else if (k === '--out') args.out = v;
    else if (k === '--typos') args.typos = v;
    else throw new Error(`unknown argument ${k}`);
  }
  return args;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  for (const [file, rows] of [
    [args.out, makeFuzzyEval(args)],
    [args.typos, makeTypoEval(args)],
  ]) {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, rows.map((q) => JSON.stringify(q)).join('\n') + '\n');
    const kinds = {};
    for (const q of rows) kinds[q.kind] = (kinds[q.kind] ?? 0) + 1;
    console.log(`wrote ${rows.length} questions to ${file}`, kinds);
  }
}
