#!/usr/bin/env node
// Validates search-quality query sets (JSONL) against the vault they are written for.
//
//   node eval/check-eval.mjs <queries.jsonl> <vaultDir> [<queries.jsonl> <vaultDir> ...]
//
// Each line must be a JSON object {"q": string, "rel": [vault-relative .md paths], "kind"?: string, "split"?: "dev" | "test"}.
// Checks: valid JSON per line, non-empty q, rel is a non-empty list of distinct relative paths that
// exist in the vault with exactly that case (macOS/Windows file systems would otherwise hide a
// case mismatch that breaks the metric on Linux), no duplicate questions within or across the
// given sets. Prints per-kind counts; exits 1 on any error.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0 || args.includes('-h') || args.includes('--help')) {
  console.error('usage: node eval/check-eval.mjs <queries.jsonl> <vaultDir> [<queries.jsonl> <vaultDir> ...]');
  process.exit(2);
}

const dirListings = new Map();
function listDir(dir) {
  if (!dirListings.has(dir)) {
    let names = null;
    try {
      names = new Set(readdirSync(dir));
    } catch {
      names = null;
    }
    dirListings.set(dir, names);
  }
  return dirListings.get(dir);
}

// Walks the path one segment at a time so the comparison is case-exact on every file system.
function existsExactly(vault, relPath) {
  let dir = vault;
  const parts = relPath.split('/');
  for (const [i, part] of parts.entries()) {
    const names = listDir(dir);
    if (!names || !names.has(part)) return false;
    dir = join(dir, part);
    if (i < parts.length - 1 && !statSync(dir).isDirectory()) return false;
  }
  return statSync(dir).isFile();
}

function normalizeQuestion(q) {
  return q.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function relPathProblem(p) {
  if (typeof p !== 'string' || p.trim() === '') return 'empty or non-string path';
  if (p !== p.trim()) return 'leading/trailing whitespace';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p)) return 'absolute path (must be vault-relative)';
  if (p.includes('\\')) return 'backslash in path (use /)';
  if (p.split('/').some((s) => s === '' || s === '.' || s === '..')) return 'empty, . or .. segment';
  if (!p.endsWith('.md')) return 'not a .md note';
  return null;
}

let errors = 0;
const seenQuestions = new Map(); // normalized question -> "file:line"

function fail(where, msg) {
  errors += 1;
  console.error(`ERROR ${where}: ${msg}`);
}

for (let a = 0; a < args.length; a += 2) {
  const file = args[a];
  const vault = resolve(args[a + 1]);
  let vaultOk = false;
  try {
    vaultOk = statSync(vault).isDirectory();
  } catch {
    vaultOk = false;
  }
  if (!vaultOk) {
    fail(file, `vault directory not found: ${vault}`);
    continue;
  }
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    fail(file, `cannot read: ${e.message}`);
    continue;
  }

  const kinds = new Map();
  const relNotes = new Set();
  let count = 0;
  let relTotal = 0;
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  lines.forEach((raw, idx) => {
    const where = `${file}:${idx + 1}`;
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') {
      if (idx !== lines.length - 1) fail(where, 'blank line');
      return;
    }
    let obj;
    try {
      obj = JSON.parse(line);
    } catch (e) {
      fail(where, `invalid JSON: ${e.message}`);
      return;
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) {
      fail(where, 'line is not a JSON object');
      return;
    }
    count += 1;
    const { q, rel, kind, split } = obj;
    if (typeof q !== 'string' || q.trim() === '') {
      fail(where, 'q must be a non-empty string');
    } else {
      const key = normalizeQuestion(q);
      const prev = seenQuestions.get(key);
      if (prev) fail(where, `duplicate question (first at ${prev}): ${q}`);
      else seenQuestions.set(key, where);
    }
    if (kind !== undefined && (typeof kind !== 'string' || kind.trim() === '')) {
      fail(where, 'kind, when present, must be a non-empty string');
    }
    if (split !== undefined && split !== 'dev' && split !== 'test') fail(where, 'split, when present, must be "dev" or "test"');
    kinds.set(kind ?? '(none)', (kinds.get(kind ?? '(none)') ?? 0) + 1);
    if (!Array.isArray(rel) || rel.length === 0) {
      fail(where, 'rel must be a non-empty array of vault-relative paths');
      return;
    }
    const seenRel = new Set();
    for (const p of rel) {
      const problem = relPathProblem(p);
      if (problem) {
        fail(where, `rel ${JSON.stringify(p)}: ${problem}`);
        continue;
      }
      if (seenRel.has(p)) fail(where, `rel lists ${p} twice`);
      seenRel.add(p);
      if (!existsExactly(vault, p)) fail(where, `rel not found in vault (exact case): ${p}`);
      relNotes.add(p);
      relTotal += 1;
    }
    if (kind === 'multi' && rel.length < 2) fail(where, 'kind "multi" needs at least 2 rel notes');
  });

  if (count === 0) fail(file, 'no queries');
  const kindText = [...kinds.entries()].map(([k, n]) => `${k}=${n}`).join(', ');
  console.log(
    `${file}: ${count} queries (${kindText}); ${relTotal} rel entries over ${relNotes.size} distinct notes; vault ${vault}`,
  );
}

if (errors > 0) {
  console.error(`${errors} error(s)`);
  process.exit(1);
}
console.log('OK');
