import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildVault } from '../../../bench/generate-vault.mjs';
import { parseMarkdown } from '../../../src/core/markdown/parse-markdown';
import { parseSimpleYaml } from '../../../src/core/markdown/simple-yaml';

/** What the full parser path makes of the YAML: the same options as frontmatter.ts, null documents as {}. */
function viaYaml(yaml: string): { value: unknown; errors: number } {
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
  const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
  return { value: value ?? {}, errors: doc.errors.length };
}

/**
 * Same prototypes, same own keys in the same order, primitives equal by Object.is (so -0 and NaN count).
 * Hand-written because matchers read `constructor`, which a frontmatter key may shadow.
 */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k]));
}

/** The fast path either declines or agrees exactly with `yaml` (types, -0, NaN, key order, no errors). */
function expectAgrees(yaml: string): boolean {
  const fast = parseSimpleYaml(yaml);
  if (fast === undefined) return false;
  const full = viaYaml(yaml);
  expect(full.errors, `yaml reports errors for accepted input ${JSON.stringify(yaml)}`).toBe(0);
  if (!same(fast, full.value)) expect(fast, JSON.stringify(yaml)).toEqual(full.value);
  expect(same(fast, full.value), JSON.stringify(yaml)).toBe(true);
  return true;
}

function frontmatterOf(text: string): string | undefined {
  const m = /^\uFEFF?---[ \t\r]*\n([\s\S]*?\n)?(?:---|\.\.\.)[ \t\r]*(?:\n|$)/.exec(text);
  return m ? (m[1] ?? '') : undefined;
}

/** Small deterministic PRNG (mulberry32), so a failure is reproducible. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = [
  'title', 'type', 'tags', 'a b', 'company', 'date', 'x1', 'snake_case', 'kebab-key', '标题', 'ключ', 'a,b', 'a[0]',
  'true', 'False', 'null', '~', '1', '0x1F', '1e3', '.5', '__proto__', 'constructor', 'toString', '-x', '.x', 'a:b',
  'a#b', 'a #b', '"q"', "'q'", '?k', '<<', '&a', '*a', '!t', 'k ', ' k', 'Straße', 'emoji😀',
];

const SCALARS = [
  'hello', 'Hello World', 'two  spaces', 'Toronto', '2024-01-15', '2024-01-15T10:00:00Z', '10:30', '1:2:3', '12:30:00',
  '0', '-0', '+0', '007', '42', '-17', '+5', '0o17', '0o8', '0x1F', '0xG', '1e3', '1E-3', '-1.5e+10', '.5', '1.', '1.0',
  '3.14159', '1_000', '12345678901234567890', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', 'NaN', 'Infinity', '~', 'null',
  'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y', 'n',
  '"double"', '"with # hash"', '"with: colon"', '"[[Link]]"', '"[[Link|Alias]]"', '""', '"a\\nb"', '"a\\"b"', '"unterminated',
  "'single'", "'it''s'", "''", "'a \" b'", "'unterminated", "'[[Link]]'", '"a" b', '"a"#c', '"a" # c',
  '[[Link]]', '[a, b]', '[a,b]', '[ a , b ]', '[]', '[ ]', '[a, b,]', '[a,, b]', '[a: b]', '[a:b]', '[http://x]', '[[a], b]',
  '[a, [b]]', '["[[A]]", "[[B]]"]', "['a', 'b''c']", '[1, 2.5, true, null, ~]', '[a b, c d]', '[a #c]', '[a] # c', '[a]#c',
  '[a', '[a] b', '[-a, -1]', '[-]', '[- a]', '[?a]', '[&x a]', '[*x]', '[!t a]', '[a, "b" c]', '["a":1]', '[a"b]',
  '{a: 1}', '{}', '&anchor a', '*alias', '!!str 1', '!tag x', '|', '|-', '>', '>-', '- a', '-', '-5', '-foo', '--', '---',
  '...', 'a #comment', 'a#nocomment', 'a: b', 'a:', 'a :b', 'a:b', 'http://example.com/x?y=1#z', '@x', '`x`', '%x', '?x',
  '? x', ':x', ',x', ']x', '}x', '#', '# only', 'a\tb', '\u00a0nbsp\u00a0', 'x\u2028y', 'x\u0085y', 'x\ufeffy', 'x\u0007y',
  '😀 emoji', 'lone \ud800 surrogate', '中文 值', 'x [y] {z}', 'a, b, c', "it's", 'say "hi"', 'a ] b', 'trailing ',
];

const ITEMS = ['a', '"[[Link]]"', '42', 'true', '~', '', '# c', '[x, y]', 'k: v', 'k:', '- nested', '"q" x', '&a x', 'a #c', '|'];

// Pieces the fast path accepts on their own: documents built mostly from them reach its deeper branches.
const SAFE_KEYS = KEYS.filter((k) => parseSimpleYaml(`${k}: 1\n`) !== undefined);
const SAFE_SCALARS = SCALARS.filter((v) => parseSimpleYaml(`k: ${v}\n`) !== undefined);
const SAFE_ITEMS = ITEMS.filter((v) => parseSimpleYaml(`k:\n  - ${v}\n`) !== undefined);

function randomYaml(r: () => number): string {
  const nasty = [0, 0.03, 0.3][Math.floor(r() * 3)]!;
  const anyOf = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const pick = <T>(xs: readonly T[]): T => {
    if (r() < nasty) return anyOf(xs);
    const safe: readonly unknown[] = xs === (KEYS as unknown) ? SAFE_KEYS : xs === (SCALARS as unknown) ? SAFE_SCALARS : xs === (ITEMS as unknown) ? SAFE_ITEMS : xs;
    return anyOf(safe as readonly T[]);
  };
  const lines: string[] = [];
  const n = 1 + Math.floor(r() * 6);
  for (let k = 0; k < n; k++) {
    const roll = r();
    const sep = r() < 1 - nasty ? ': ' : anyOf([':', ' : ', ':  ', ':\t', ': \t']);
    if (roll < 0.6) lines.push(pick(KEYS) + sep + pick(SCALARS));
    else if (roll < 0.8) {
      lines.push(pick(KEYS) + ':' + (r() < 0.2 ? ' # c' : ''));
      const indent = pick(['', '  ', '  ', '    ', ' ']);
      const items = Math.floor(r() * 4);
      for (let j = 0; j < items; j++) {
        const itemIndent = r() < 0.9 ? indent : pick(['', ' ', '   ']);
        lines.push(itemIndent + (r() < 0.95 ? '- ' : '-') + pick(ITEMS));
      }
    } else if (roll < 0.87) lines.push(pick(['', '   ', '# comment', '  # indented comment', '#']));
    else if (roll < 0.87 + nasty) lines.push(anyOf(['  continued line', 'bare words', '- top item', '  nested: x', '\tx: 1', '--- x', '%YAML 1.2']));
    else if (r() < nasty + 0.05) lines.push(lines[Math.floor(r() * Math.max(1, lines.length))] ?? 'dup: 1'); // duplicates
    else lines.push(`k${k}: ${pick(SCALARS)}`);
  }
  const eol = r() < 0.15 ? '\r\n' : '\n';
  return lines.join(eol) + (r() < 0.9 ? eol : '');
}

describe('parseSimpleYaml (frontmatter fast path)', () => {
  it('reads the common flat shapes', () => {
    const yaml = [
      'type: person',
      'aliases: [Aaron]',
      'tags: [person, fintech]',
      'company: "[[Thistle Payments]]"',
      'attendees: ["[[A]]", "[[B|Bee]]"]',
      'updated: 2022-03-13',
      'founded_year: 2011',
      'rating: 4.5',
      'done: false',
      'empty:',
      'related:',
      '  - "[[X]]"',
      '  - plain item',
      'cssclasses:',
      '- wide',
      'note: it is # a comment',
      "quote: 'it''s'",
      '',
    ].join('\n');
    expect(parseSimpleYaml(yaml)).toStrictEqual({
      type: 'person',
      aliases: ['Aaron'],
      tags: ['person', 'fintech'],
      company: '[[Thistle Payments]]',
      attendees: ['[[A]]', '[[B|Bee]]'],
      updated: '2022-03-13',
      founded_year: 2011,
      rating: 4.5,
      done: false,
      empty: null,
      related: ['[[X]]', 'plain item'],
      cssclasses: ['wide'],
      note: 'it is',
      quote: "it's",
    });
    expect(expectAgrees(yaml)).toBe(true);
  });

  it('declines what it does not fully understand', () => {
    for (const yaml of [
      'a: 1\na: 2\n', // duplicate key: the full parser warns
      'a: &x 1\nb: *x\n',
      'a: {b: 1}\n',
      'a: |\n  text\n',
      'a: long\n  continued\n',
      'a:\n  b: 1\n',
      'a: "esc\\n"\n',
      'a:\tb\n',
      'a: [[Link]]\n',
      'a: [x,\n  y]\n',
      '- just\n- a list\n',
      'plain words\n',
      'a: b: c\n',
      '__proto__: x\n',
      'true: x\n',
      '  indented: 1\n',
    ]) {
      expect(parseSimpleYaml(yaml), JSON.stringify(yaml)).toBeUndefined();
    }
  });

  it('agrees with the yaml package on hand-written edge cases', () => {
    let accepted = 0;
    for (const key of KEYS) for (const value of SCALARS) if (expectAgrees(`${key}: ${value}\n`)) accepted++;
    for (const item of ITEMS) {
      for (const shape of [`k:\n  - ${item}\n`, `k:\n- ${item}\nz: 1\n`, `k: # c\n  - ${item}\n\n  - b\n# c\nz:\n`, `k:\n  -${item}\n`]) {
        if (expectAgrees(shape)) accepted++;
      }
    }
    for (const yaml of ['', '# c\n', '\n\n', 'a:\n', 'a:\n\nb:\n', 'a: 1\r\nb:\r\n  - x\r\n', 'a: 1\rb: 2\n', 'k:\n  - a\n - b\n']) {
      expectAgrees(yaml);
    }
    expect(accepted).toBeGreaterThan(1500);
  });

  it('agrees with the yaml package on thousands of generated frontmatters', () => {
    const r = rng(20240115);
    let accepted = 0;
    const total = 6000;
    for (let k = 0; k < total; k++) if (expectAgrees(randomYaml(r))) accepted++;
    // The generator mixes in a lot of invalid input; enough must still take the fast path to test it.
    expect(accepted).toBeGreaterThan(total / 4);
  });

  it('agrees on every frontmatter of the generated bench vault and takes the fast path for all of them', () => {
    const { files } = buildVault({ notes: 1000, seed: 42 });
    let seen = 0;
    for (const [path, text] of files) {
      if (!path.endsWith('.md')) continue;
      const yaml = frontmatterOf(text);
      if (yaml === undefined) continue;
      seen++;
      expect(expectAgrees(yaml), path).toBe(true);
    }
    expect(seen).toBeGreaterThan(500);
  });

  it('agrees on the frontmatter of the Markdown fixtures in the repository', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (name.endsWith('.md')) files.push(p);
      }
    };
    walk('test');
    walk('examples');
    let seen = 0;
    for (const file of files) {
      const yaml = frontmatterOf(readFileSync(file, 'utf8'));
      if (yaml === undefined) continue;
      seen++;
      expectAgrees(yaml);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('leaves warnings to the full parser: duplicate keys and malformed YAML keep their lines', () => {
    const dup = parseMarkdown('n.md', '---\ntitle: a\ntags: [x]\ntitle: b\n---\nbody\n');
    expect(dup.warnings.map((w) => [w.code, w.line])).toEqual([['yaml-duplicate-key', 4]]);
    const bad = parseMarkdown('n.md', '---\ntitle: ok\nlist: [a, b\nother: 1\n---\nbody\n');
    expect(bad.warnings.length).toBeGreaterThan(0);
    expect(bad.warnings[0]!.code).toBe('yaml-invalid');
    expect(bad.warnings[0]!.line).toBeGreaterThanOrEqual(3);
  });

  it('stays linear on a huge flat frontmatter', () => {
    const yaml = Array.from({ length: 2000 }, (_, k) => `key${k}: [${'v, '.repeat(3)}"[[L${k}]]"]`).join('\n');
    const t0 = performance.now();
    const out = parseSimpleYaml(yaml);
    expect(Object.keys(out ?? {}).length).toBe(2000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
