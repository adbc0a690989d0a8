// Word-ish token counting that works for scripts written without spaces. Latin-like text counts runs of
// non-space characters; each CJK ideograph or kana counts as one token (a Chinese sentence has no spaces,
// so counting runs would make a whole page "one word" and defeat every size limit).
// All loops are over char codes: this runs on every note of a large vault.

/** Whitespace, including the ideographic space and the Unicode space separators. */
export function isSpaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x3000 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x1680 ||
    c === 0xfeff
  );
}

/** CJK ideographs and Japanese kana (BMP). Supplementary-plane ideographs are handled via their high surrogate. */
export function isCjkCode(c: number): boolean {
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x31f0 && c <= 0x31ff) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xff66 && c <= 0xff9f)
  );
}

/** High surrogates of planes 2-3 (CJK extensions B-H). */
export function isCjkHighSurrogate(c: number): boolean {
  return c >= 0xd840 && c <= 0xd888;
}

/** CJK and full-width punctuation: separates tokens, never counts as one. */
export function isCjkPunctCode(c: number): boolean {
  return (
    (c >= 0x3001 && c <= 0x303f) ||
    (c >= 0xff01 && c <= 0xff0f) ||
    (c >= 0xff1a && c <= 0xff20) ||
    (c >= 0xff3b && c <= 0xff40) ||
    (c >= 0xff5b && c <= 0xff65)
  );
}

/** Token classes of one code unit. */
const SPACE = 0;
const CJK = 1;
const CJK_PAIR = 2;
const WORD = 3;

let classTable: Uint8Array | null = null;

/** Class of every BMP code unit, built once (64 KB) so the hot loops are a table lookup. */
function classes(): Uint8Array {
  if (classTable) return classTable;
  const t = new Uint8Array(65536).fill(WORD);
  for (let c = 0; c < 65536; c++) {
    if (isSpaceCode(c) || isCjkPunctCode(c)) t[c] = SPACE;
    else if (isCjkCode(c)) t[c] = CJK;
    else if (isCjkHighSurrogate(c)) t[c] = CJK_PAIR;
  }
  classTable = t;
  return t;
}

/** Number of word-ish tokens in `text[from, to)`. */
export function countTokens(text: string, from = 0, to = text.length): number {
  const table = classes();
  let n = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const k = table[text.charCodeAt(i)]!;
    if (k === WORD) {
      if (!inWord) {
        n++;
        inWord = true;
      }
    } else {
      inWord = false;
      if (k === CJK) n++;
      else if (k === CJK_PAIR) {
        n++;
        i++;
      }
    }
  }
  return n;
}

/** Start/end offsets of every token in a range, for word-accurate window sizing on long sections. */
export interface TokenIndex {
  starts: Int32Array;
  ends: Int32Array;
  count: number;
}

/** `knownCount` (the countTokens of the same range) saves a pass when the caller has it. */
export function indexTokens(text: string, from: number, to: number, knownCount?: number): TokenIndex {
  const table = classes();
  const count = knownCount ?? countTokens(text, from, to);
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let n = 0;
  let wordStart = -1;
  for (let i = from; i < to; i++) {
    const k = table[text.charCodeAt(i)]!;
    if (k === WORD) {
      if (wordStart < 0) wordStart = i;
      continue;
    }
    if (wordStart >= 0) {
      starts[n] = wordStart;
      ends[n++] = i;
      wordStart = -1;
    }
    if (k === CJK) {
      starts[n] = i;
      ends[n++] = i + 1;
    } else if (k === CJK_PAIR) {
      starts[n] = i;
      ends[n++] = Math.min(i + 2, to);
      i++;
    }
  }
  if (wordStart >= 0) {
    starts[n] = wordStart;
    ends[n++] = to;
  }
  return { starts, ends, count: n };
}

/** First index i in `arr[0, n)` with arr[i] > value (arr ascending). */
export function upperBound(arr: Int32Array, n: number, value: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** First index i in `arr[0, n)` with arr[i] >= value (arr ascending). */
export function lowerBound(arr: Int32Array, n: number, value: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! >= value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
