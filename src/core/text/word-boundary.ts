// Cutting text for display without splitting a word: a cut inside a Latin-script word moves to the word's
// edge; CJK text has no spaces, so any character boundary is a word boundary there.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]/u;
const LETTER = /[\p{L}\p{N}\p{M}]/u;
/** How far a cut may move to reach a word's edge before it gives up (one very long token). */
export const BOUNDARY_SLACK = 30;

const latin = (c: string | undefined): boolean => c !== undefined && LETTER.test(c) && !CJK.test(c);

/** True when position `i` of `s` falls between two letters of one Latin-script word. */
export function insideWord(s: string, i: number): boolean {
  return latin(s[i - 1]) && latin(s[i]);
}

/**
 * `i` moved forward (dir 1) or back (-1) to the nearest word edge, staying within [lo, hi] and the slack;
 * `i` unchanged when no edge is that close. Never lands inside a surrogate pair.
 */
export function wordEdge(s: string, i: number, dir: 1 | -1, lo = 0, hi = s.length): number {
  let j = i;
  for (let k = 0; k < BOUNDARY_SLACK && j > lo && j < hi && insideWord(s, j); k++) j += dir;
  if (insideWord(s, j)) return i;
  if (j > lo && j < hi && /[\uDC00-\uDFFF]/.test(s[j] ?? '')) j += dir;
  return j;
}
