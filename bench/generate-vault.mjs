#!/usr/bin/env node
// Synthetic vault generator for benchmarks, the demo and evaluations.
//
//   node bench/generate-vault.mjs --out <dir> [--notes 10000] [--seed 42] [--truth <file>]
//
// Deterministic: the same --notes and --seed always give byte-identical files (own mulberry32
// PRNG, no clock, no locale). Writes <notes> Markdown notes plus a few code files under code/,
// and the planted typed facts to <out>/.ground-truth.json (a dot-file, so indexers that skip
// hidden files never treat it as a note; --truth puts it elsewhere instead).
//
// Ground truth shape (all paths vault-relative):
//   works_at / founded / invested_in / advises / attended / former_works_at:
//     [subjectPath, objectPath, sourcePath]  -- sourcePath is the note whose text states the fact
//   entities: { people, companies, meetings, projects, concepts } with path, title, lang, ...
//   dangling: [{ from, target }]   links to notes that do not exist
//   cycles:   [[pathA, pathB, ...]] concept "See also" rings (A -> B -> ... -> A)
//   links:    { fromPath: [toPath, ...] } every link to an existing note, as written
//
// Refuses to write into a non-empty directory that is not a previous generator output.

import { mkdirSync, writeFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRandom } from './vault-gen/random.mjs';
import { planVault } from './vault-gen/plan.mjs';
import { renderVault } from './vault-gen/render.mjs';

export const GROUND_TRUTH_FILE = '.ground-truth.json';

/** Builds the vault in memory: files (path -> text) and the ground truth object. */
export function buildVault({ notes = 1000, seed = 42 } = {}) {
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  const rnd = createRandom(seed);
  const plan = planVault(notes, rnd);
  const { files, index, facts } = renderVault(plan, rnd);

  const person = (p) => ({ path: p.path, title: p.title, lang: p.lang, aliases: p.aliases });
  const links = {};
  for (const [from, out] of index.links) links[from] = [...out].sort();
  const countBy = {};
  for (const e of [...plan.people, ...plan.companies, ...plan.meetings, ...plan.concepts, ...plan.daily, ...plan.projects, ...plan.snippets, ...plan.reading]) {
    const key = e.lang === 'zh' ? `${e.kind}_zh` : e.kind;
    countBy[key] = (countBy[key] ?? 0) + 1;
  }
  countBy.code_files = plan.codeFiles.length;

  const truth = {
    version: 1,
    generator: 'bench/generate-vault.mjs',
    seed,
    notes,
    counts: countBy,
    ...facts,
    entities: {
      people: plan.people.map(person),
      companies: plan.companies.map((c) => ({ path: c.path, title: c.title, lang: c.lang, aliases: c.aliases, investor: c.investor, founded_year: c.foundedYear })),
      meetings: plan.meetings.map((m) => ({ path: m.path, title: m.title, lang: m.lang, date: m.date })),
      projects: plan.projects.map((p) => ({ path: p.path, title: p.title, company: p.company.path, owner: p.owner.path })),
      concepts: plan.concepts.map((c) => ({ path: c.path, title: c.title, lang: c.lang, topic: c.topic.title })),
    },
    dangling: index.dangling,
    cycles: plan.cycles.map((g) => g.map((c) => c.path)),
    links,
  };
  return { files, truth };
}

/** Writes a generated vault to disk. Returns what was written and how long it took. */
export function generateVault({ out, notes = 1000, seed = 42, truth } = {}) {
  if (!out) throw new Error('out directory is required');
  const started = performance.now();
  const dir = resolve(out);
  if (existsSync(dir)) {
    const entries = readdirSync(dir);
    if (entries.length > 0 && !entries.includes(GROUND_TRUTH_FILE)) {
      throw new Error(`${dir} is not empty and is not a generated vault; refusing to overwrite it`);
    }
    rmSync(dir, { recursive: true, force: true });
  }
  const built = buildVault({ notes, seed });
  const made = new Set();
  let bytes = 0;
  for (const [path, text] of built.files) {
    const file = join(dir, path);
    const parent = dirname(file);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  const truthPath = truth ? resolve(truth) : join(dir, GROUND_TRUTH_FILE);
  mkdirSync(dirname(truthPath), { recursive: true });
  writeFileSync(truthPath, JSON.stringify(built.truth));
  return { out: dir, truthPath, files: built.files.size, bytes, ms: Math.round(performance.now() - started), truth: built.truth };
}

function parseArgs(argv) {
  const args = { notes: 10000, seed: 42 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = argv[i + 1];
    if (key === '--out') args.out = value;
    else if (key === '--notes') args.notes = Number(value);
    else if (key === '--seed') args.seed = Number(value);
    else if (key === '--truth') args.truth = value;
    else if (key === '--help' || key === '-h') return null;
    else throw new Error(`unknown argument ${key}`);
    i++;
  }
  return args;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = parseArgs(process.argv.slice(2));
    if (!args || !args.out) {
      console.log('usage: node bench/generate-vault.mjs --out <dir> [--notes 10000] [--seed 42] [--truth <file>]');
      process.exit(args ? 1 : 0);
    }
    const r = generateVault(args);
    const mb = (r.bytes / 1e6).toFixed(1);
    console.log(`wrote ${r.files} files (${mb} MB) to ${r.out} in ${r.ms} ms; ground truth: ${r.truthPath}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
