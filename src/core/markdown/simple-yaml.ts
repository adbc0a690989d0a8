// A fast reader for the flat frontmatter nearly every note carries (`key: scalar`, `key: [a, "b"]`, `key:` then
// `- item` lines, quotes, comments). The `yaml` package costs about half of a note's parse time; this reader
// gives exactly what `parseDocument(...).toJS()` gives for that subset and returns undefined for anything else
// (anchors, tags, flow maps, block or multi-line scalars, escapes, nesting, duplicate keys, odd characters), so
// the caller falls back to the full parser, which also produces the warnings.
//
// Plain scalars are typed by the `yaml` package's own core-schema tags (null, bool, int, float in its order),
// so numbers, booleans and nulls are resolved by the same code as in the full parser.

import { isScalar, Schema, type ScalarTag } from 'yaml';

const CORE_SCALAR_TAGS: ScalarTag[] = new Schema({ schema: 'core' }).tags.filter(
  (t): t is ScalarTag => t.default === true && !t.collection && t.test !== undefined,
);

/** Characters that may not start a plain scalar (or that this reader leaves to the full parser). */
const NOT_PLAIN_START = new Set('-?:,[]{}#&*!|>\'"%@`.< ');

/** Implicit keys longer than this are left to the full parser (YAML caps them at 1024 characters). */
const MAX_KEY_LENGTH = 512;

/** Parsed value, or undefined when the YAML is outside the subset this reader handles. */
export function parseSimpleYaml(yaml: string): Record<string, unknown> | undefined {
  if (!hasOnlySimpleChars(yaml)) return undefined;
  const lines = yaml.split('\n');
  const out: Record<string, unknown> = {};
  let i = 0;
  while (i < lines.length) {
    const line = withoutCr(lines[i]!);
    i++;
    if (isBlankOrComment(line)) continue;
    // Only top-level keys start at column 0; anything else indented belongs to a shape we do not read.
    if (line.charCodeAt(0) === 32) return undefined;
    const colon = keyColon(line);
    if (colon <= 0) return undefined;
    const key = readKey(line.slice(0, colon));
    if (key === undefined || Object.prototype.hasOwnProperty.call(out, key)) return undefined;
    const rest = trimSpaces(line.slice(colon + 1));
    if (rest === '' || rest.charCodeAt(0) === 35 /* # */) {
      const list = readBlockList(lines, i);
      if (list === undefined) return undefined;
      out[key] = list.items;
      i = list.next;
    } else {
      const value = readInlineValue(rest);
      if (value === undefined) return undefined;
      out[key] = value.value;
    }
  }
  return out;
}

/**
 * Printable characters only: no tabs, no control characters, CR only before LF, no BOM or Unicode line
 * separators, no lone surrogates.
 */
function hasOnlySimpleChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 32 && c < 127) continue;
    if (c === 10) continue;
    if (c === 13 && s.charCodeAt(i + 1) === 10) continue;
    if (c < 160) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = s.charCodeAt(i + 1);
      if (!(low >= 0xdc00 && low <= 0xdfff)) return false;
      i++;
      continue;
    }
    if ((c >= 0xdc00 && c <= 0xdfff) || c === 0x2028 || c === 0x2029 || c === 0xfeff || c > 0xfffd) return false;
  }
  return true;
}

function withoutCr(line: string): string {
  return line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}

/** YAML whitespace is only space (tabs are rejected up front); String.trim would also eat NBSP and friends. */
function trimSpaces(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) === 32) a++;
  while (b > a && s.charCodeAt(b - 1) === 32) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

function isBlankOrComment(line: string): boolean {
  const t = trimSpaces(line);
  return t === '' || t.charCodeAt(0) === 35 /* # */;
}

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 32) n++;
  return n;
}

/** Offset of the first `:` followed by a space or the line end, or -1. */
function keyColon(line: string): number {
  let from = 0;
  for (;;) {
    const k = line.indexOf(':', from);
    if (k === -1) return -1;
    const next = line.charCodeAt(k + 1);
    if (Number.isNaN(next) || next === 32) return k;
    from = k + 1;
  }
}

/** The key as toJS names it, when it is a plain scalar that resolves to a string; else undefined. */
function readKey(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > MAX_KEY_LENGTH) return undefined;
  if (NOT_PLAIN_START.has(raw[0]!) || raw.charCodeAt(raw.length - 1) === 32) return undefined;
  if (raw.includes('#') || raw.includes(':') || raw === '__proto__') return undefined;
  return typeof resolvePlain(raw) === 'string' ? raw : undefined;
}

/** A plain scalar's value under the core schema, via the `yaml` package's own tags. */
function resolvePlain(s: string): unknown {
  for (const tag of CORE_SCALAR_TAGS) {
    if (tag.test!.test(s)) {
      const res = tag.resolve(s, () => undefined, {});
      return isScalar(res) ? res.value : res;
    }
  }
  return s;
}

/**
 * A one-line value (trimmed, not empty, not a comment): quoted string, flow list of scalars or plain scalar.
 * Boxed so that a null value is told apart from "not understood".
 */
function readInlineValue(s: string): { value: unknown } | undefined {
  const c = s[0]!;
  if (c === '"' || c === "'") {
    const q = readQuoted(s, 0);
    return q && isLineTail(s, q.end) ? { value: q.value } : undefined;
  }
  if (c === '[') return readFlowList(s);
  if (!isPlainStart(s)) return undefined;
  // A comment starts at ` #`; the scalar ends before it.
  const hash = s.indexOf(' #');
  const plain = hash === -1 ? s : trimSpaces(s.slice(0, hash));
  // `a: b` inside a value is a nested mapping (an error in YAML); a trailing `:` is one too.
  if (plain.includes(': ') || plain.endsWith(':')) return undefined;
  return { value: resolvePlain(plain) };
}

/** `-` is a plain scalar start only when followed by a non-space (`-5`, `-foo`); the other indicators never. */
function isPlainStart(s: string): boolean {
  const c = s[0]!;
  if (c === '-') {
    const next = s.charCodeAt(1);
    return !Number.isNaN(next) && next !== 32 && next !== 44 && next !== 93;
  }
  return !NOT_PLAIN_START.has(c);
}

/** A single-line quoted string at `from`: double quotes without escapes, or single quotes with `''`. */
function readQuoted(s: string, from: number): { value: string; end: number } | undefined {
  const quote = s[from]!;
  if (quote === '"') {
    const close = s.indexOf('"', from + 1);
    if (close === -1) return undefined;
    const value = s.slice(from + 1, close);
    return value.includes('\\') ? undefined : { value, end: close + 1 };
  }
  let value = '';
  let pos = from + 1;
  for (;;) {
    const close = s.indexOf("'", pos);
    if (close === -1) return undefined;
    value += s.slice(pos, close);
    if (s[close + 1] !== "'") return { value, end: close + 1 };
    value += "'";
    pos = close + 2;
  }
}

/** Nothing after `end` but spaces, or spaces and a comment. */
function isLineTail(s: string, end: number): boolean {
  if (end === s.length) return true;
  if (s.charCodeAt(end) !== 32) return false;
  const t = trimSpaces(s.slice(end));
  return t === '' || t.charCodeAt(0) === 35;
}

/** `[a, "b", 'c', 3]` on one line, items being quoted or plain scalars without `:`, `#` or brackets. */
function readFlowList(s: string): { value: unknown[] } | undefined {
  const items: unknown[] = [];
  let pos = 1;
  for (;;) {
    while (s.charCodeAt(pos) === 32) pos++;
    if (s[pos] === ']' && items.length === 0) return isLineTail(s, pos + 1) ? { value: items } : undefined;
    const c = s[pos];
    if (c === undefined) return undefined;
    if (c === '"' || c === "'") {
      const q = readQuoted(s, pos);
      if (!q) return undefined;
      items.push(q.value);
      pos = q.end;
      while (s.charCodeAt(pos) === 32) pos++;
    } else {
      let end = pos;
      while (end < s.length && s[end] !== ',' && s[end] !== ']') end++;
      const plain = trimSpaces(s.slice(pos, end));
      if (plain === '' || !isPlainStart(plain) || /[[\]{}:#"']/.test(plain)) return undefined;
      items.push(resolvePlain(plain));
      pos = end;
    }
    const sep = s[pos];
    if (sep === ']') return isLineTail(s, pos + 1) ? { value: items } : undefined;
    if (sep !== ',') return undefined;
    pos++;
    // A trailing comma (`[a, ]`) is left to the full parser.
    while (s.charCodeAt(pos) === 32) pos++;
    if (s[pos] === ']') return undefined;
  }
}

/**
 * The block list under a key with an empty value: `- item` lines all at one indent (0 is allowed), each item a
 * one-line value. No list at all gives null. `next` is the first line after it.
 */
function readBlockList(lines: string[], from: number): { items: unknown; next: number } | undefined {
  let i = from;
  let indent = -1;
  const items: unknown[] = [];
  while (i < lines.length) {
    const line = withoutCr(lines[i]!);
    if (isBlankOrComment(line)) {
      i++;
      continue;
    }
    const n = indentOf(line);
    const isItem = line.charCodeAt(n) === 45 /* - */ && (n + 1 === line.length || line.charCodeAt(n + 1) === 32);
    if (indent === -1 ? !isItem : n !== indent || !isItem) {
      // The next top-level key ends the list (or means the key had no value); other shapes are not ours.
      if (n === 0 && !isItem) break;
      return undefined;
    }
    indent = n;
    const rest = trimSpaces(line.slice(n + 1));
    if (rest === '' || rest.charCodeAt(0) === 35) items.push(null);
    else {
      const value = readInlineValue(rest);
      if (value === undefined) return undefined;
      items.push(value.value);
    }
    i++;
  }
  // Blank and comment lines after the list belong to the top level; resuming there is equivalent.
  return { items: indent === -1 ? null : items, next: i };
}
