// The recursive splitter, done on offsets. A range that fits the target stays whole; otherwise each chunk
// ends at the strongest boundary (paragraph > line > sentence > clause > word > character) found in the
// window between half the target and the target, so a finer boundary is used only when the piece is too
// big for a coarser one. This is the recursive split-then-merge scheme without building substrings, so
// offsets stay exact and the cost stays linear (each character is looked at a bounded number of times).

import { countTokens, indexTokens, isCjkCode, isCjkHighSurrogate, isCjkPunctCode, isSpaceCode, upperBound } from './text-metrics';

export const LEVEL_CHAR = 0;
export const LEVEL_WORD = 1;
export const LEVEL_CLAUSE = 2;
export const LEVEL_SENTENCE = 3;
export const LEVEL_LINE = 4;
export const LEVEL_PARAGRAPH = 5;

export interface SplitLimits {
  /** Target tokens per chunk. */
  target: number;
  /** Tokens repeated from the end of one chunk at the start of the next (0: none). */
  overlap: number;
  /** No chunk is longer than this many characters. */
  maxChars: number;
  /** Code has no sentences or clauses: `.` and `,` there are not prose punctuation. */
  code?: boolean;
}

export type Range = [number, number];

/**
 * Trims a range: leading blank lines and spaces go (indentation stays when the range starts at a line start),
 * trailing whitespace goes. Returns null when nothing but whitespace is left.
 */
export function trimRange(text: string, start: number, end: number): Range | null {
  let s = start;
  let lineStart = start === 0 || text.charCodeAt(start - 1) === 10 ? start : -1;
  while (s < end && isSpaceCode(text.charCodeAt(s))) {
    if (text.charCodeAt(s) === 10) lineStart = s + 1;
    s++;
  }
  if (s >= end) return null;
  if (lineStart >= 0) s = lineStart;
  let e = end;
  while (e > s && isSpaceCode(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

const CLOSERS = new Set([0x22, 0x27, 0x29, 0x5d, 0x7d, 0x2019, 0x201d, 0x300d, 0x300f, 0xff09, 0x3011, 0xff02, 0x300b, 0x3009]);

function isLineBlank(text: string, lineStart: number, limit: number): boolean {
  for (let i = lineStart; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) return true;
    if (!isSpaceCode(c)) return false;
  }
  return true;
}

function isCjkAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return isCjkCode(c) || isCjkPunctCode(c) || isCjkHighSurrogate(c);
}

/** Strength of a break at `p` (the chunk before ends at p, the next starts at p), or -1 when p splits a surrogate pair. */
export function boundaryLevel(text: string, p: number, limit: number, code: boolean): number {
  const before = text.charCodeAt(p - 1);
  const at = text.charCodeAt(p);
  if (before === 10) {
    // A blank line on either side makes this a paragraph break.
    if (isLineBlank(text, p, limit)) return LEVEL_PARAGRAPH;
    let q = p - 2;
    while (q >= 0 && text.charCodeAt(q) !== 10 && isSpaceCode(text.charCodeAt(q))) q--;
    if (q < 0 || text.charCodeAt(q) === 10) return LEVEL_PARAGRAPH;
    return LEVEL_LINE;
  }
  if (at >= 0xdc00 && at <= 0xdfff && before >= 0xd800 && before <= 0xdbff) return -1;
  const atSpace = p >= limit || isSpaceCode(at);
  if (!code) {
    // Skip closing quotes and brackets back to the punctuation mark.
    let q = p - 1;
    let c = before;
    while (q > 0 && CLOSERS.has(c) && p - q < 4) {
      q--;
      c = text.charCodeAt(q);
    }
    if (c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0xff0e) return LEVEL_SENTENCE; // 。！？．
    if ((c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026) && atSpace) return LEVEL_SENTENCE;
    if (c === 0xff0c || c === 0xff1b || c === 0xff1a || c === 0x3001) return LEVEL_CLAUSE; // ，；：、
    if ((c === 0x2c || c === 0x3b || c === 0x3a) && atSpace) return LEVEL_CLAUSE;
  }
  if (atSpace && !isSpaceCode(before)) return LEVEL_WORD;
  if (!atSpace && !isSpaceCode(before) && (isCjkAt(text, p) || isCjkAt(text, p - 1))) return LEVEL_WORD;
  return LEVEL_CHAR;
}

/**
 * Best break in [lo, hi]: the strongest level; among equals the one nearest `prefer`.
 * Scans from the preferred end so the first paragraph break found can stop the scan.
 */
function bestBreak(text: string, lo: number, hi: number, limit: number, code: boolean, preferHigh: boolean): number {
  let best = -1;
  let bestLevel = -1;
  const step = preferHigh ? -1 : 1;
  for (let p = preferHigh ? hi : lo; preferHigh ? p >= lo : p <= hi; p += step) {
    const level = boundaryLevel(text, p, limit, code);
    if (level > bestLevel) {
      bestLevel = level;
      best = p;
      if (level === LEVEL_PARAGRAPH) break;
    }
  }
  return best;
}

/** Splits `text[from, to)` into trimmed, non-empty chunk ranges within the limits. */
export function splitRange(text: string, from: number, to: number, limits: SplitLimits): Range[] {
  const trimmed = trimRange(text, from, to);
  if (!trimmed) return [];
  const [a, b] = trimmed;
  const target = Math.max(1, Math.floor(limits.target));
  const maxChars = Math.max(16, Math.floor(limits.maxChars));
  const code = limits.code === true;
  const total = countTokens(text, a, b);
  if (b - a <= maxChars && total <= target) return [[a, b]];

  const toks = indexTokens(text, a, b, total);
  const n = toks.count;
  const overlap = Math.max(0, Math.min(Math.floor(limits.overlap), Math.floor(target / 3)));
  const out: Range[] = [];
  let start = a;
  while (start < b) {
    // First token that ends after `start` (a token cut by a character split still counts).
    const ti = upperBound(toks.ends, n, start);
    if (n - ti <= target && b - start <= maxChars) {
      const last = trimRange(text, start, b);
      if (last) out.push(last);
      break;
    }
    let hi = ti + target - 1 < n ? toks.ends[ti + target - 1]! : b;
    hi = Math.min(hi, start + maxChars, b);
    const minTok = Math.max(1, Math.ceil(target / 2));
    const loByTokens = ti + minTok - 1 < n ? toks.ends[ti + minTok - 1]! : hi;
    const lo = Math.max(start + 1, Math.min(loByTokens, start + ((hi - start) >> 1)));
    let end = bestBreak(text, lo, hi, b, code, true);
    if (end <= start) end = hi;
    const piece = trimRange(text, start, end);
    if (piece) out.push(piece);
    start = overlap > 0 ? overlapStart(text, toks.starts, n, start, end, overlap, maxChars, b, code) : end;
  }
  return out;
}

/** Where the chunk after [start, end) begins: about `overlap` tokens before `end`, at the strongest nearby break. */
function overlapStart(
  text: string,
  starts: Int32Array,
  n: number,
  start: number,
  end: number,
  overlap: number,
  maxChars: number,
  limit: number,
  code: boolean,
): number {
  const k = upperBound(starts, n, end - 1); // tokens [.., k) start before `end`
  const first = upperBound(starts, n, start); // tokens starting strictly after `start`
  const far = k - Math.round(overlap * 1.5);
  const near = k - Math.max(1, Math.round(overlap * 0.5));
  if (near < first) return end;
  let lo = starts[Math.max(far, first)]!;
  const hi = starts[near]!;
  lo = Math.max(lo, end - (maxChars >> 2));
  if (lo > hi) return end;
  // Prefer the break closest to exactly `overlap` tokens back: scan from there outwards by trying both halves.
  const ideal = starts[Math.max(k - overlap, first)]!;
  const left = bestBreak(text, lo, Math.min(Math.max(ideal, lo), hi), limit, code, true);
  const right = bestBreak(text, Math.min(Math.max(ideal, lo), hi), hi, limit, code, false);
  const ll = left > start ? boundaryLevel(text, left, limit, code) : -1;
  const rl = right > start ? boundaryLevel(text, right, limit, code) : -1;
  const pick = rl > ll || (rl === ll && right - ideal < ideal - left) ? right : left;
  return pick > start && pick < end ? pick : end;
}
