// Typo tolerance for names: a query word counts as a misspelling of a word when it is within a small edit
// distance of it (adjacent swaps count as one edit, as people type them), or as a truncation when it is a prefix
// of it. The budget grows with the word: one edit up to 5 letters, two beyond (the usual rule of fuzzy search
// engines, since a longer word can absorb more mistakes before it looks like another word).

/** Edits a word of this many characters may absorb. */
export function editBudget(length: number): number {
  if (length < 3) return 0;
  return length <= 5 ? 1 : 2;
}

/** Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), stopping early past `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = new Array<number>(n + 1);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[n]!;
}

/** True when `typed` is a misspelling (within its edit budget) or a truncation (a 3+ letter prefix) of `word`. */
export function closeWord(typed: string, word: string): boolean {
  if (typed === word) return true;
  if (typed.length >= 3 && word.startsWith(typed)) return true;
  const budget = editBudget(Math.min(typed.length, word.length));
  return budget > 0 && editDistance(typed, word, budget) <= budget;
}

/**
 * How well a typed name matches a name, both as space-separated word keys: 0 unless every typed word is close to
 * a different word of the name; then the share of the name's words so matched (1 = every word).
 */
export function nameCloseness(typed: string, name: string): number {
  const want = typed.split(' ').filter(Boolean);
  const have = name.split(' ').filter(Boolean);
  if (want.length === 0 || have.length === 0) return 0;
  const used = new Set<number>();
  for (const w of want) {
    const i = have.findIndex((h, idx) => !used.has(idx) && closeWord(w, h));
    if (i < 0) return 0;
    used.add(i);
  }
  return used.size / have.length;
}
