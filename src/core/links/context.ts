// Text windows around a match: the stored context (±120 chars) and the clause that verb rules read.

export const CONTEXT_RADIUS = 120;
/** How far a verb may sit from its link, in characters. */
export const CLAUSE_RADIUS = 80;

/** About ±`radius` characters around [start, end) of `text`, whitespace folded to single spaces. */
export function contextAround(text: string, start: number, end: number, radius = CONTEXT_RADIUS, lo = 0, hi = text.length): string {
  // `lo`/`hi` keep the context inside its region: a body link's context never shows the frontmatter.
  let from = Math.max(lo, start - radius);
  let to = Math.min(hi, end + radius);
  // Never cut a surrogate pair in half.
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from--;
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to++;
  const slice = text.slice(from, to);
  // Most contexts need no folding; testing first avoids building a new string for each link.
  return NEEDS_FOLD.test(slice) ? slice.replace(/\s+/g, ' ').trim() : slice.trim();
}

const NEEDS_FOLD = /[^\S ]| {2}/;

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * True when the character at `k` ends a sentence (or, with `clauses`, a clause). `.!?` only count when
 * followed by whitespace or the end, so `Acme.com`, `Note.md` and `3.5` do not split a sentence.
 */
export function isBoundaryAt(text: string, k: number, clauses: boolean): boolean {
  const c = text[k];
  switch (c) {
    case '\n':
    case '。':
    case '！':
    case '？':
    case '|':
      return true;
    case ';':
    case '；':
    case ',':
    case '，':
      return clauses;
    case '.':
    case '!':
    case '?': {
      const next = text[k + 1];
      return next === undefined || /\s/.test(next);
    }
    default:
      return false;
  }
}

/** Text from the clause start (bounded by `floor` and `radius`) up to `pos`. */
export function windowBefore(text: string, pos: number, floor: number, clauses = true, radius = CLAUSE_RADIUS): string {
  const min = Math.max(floor, pos - radius, 0);
  let i = pos;
  while (i > min && !isBoundaryAt(text, i - 1, clauses)) i--;
  return text.slice(i, pos);
}

/** Text from `pos` up to the clause end (bounded by `ceiling` and `radius`). */
export function windowAfter(text: string, pos: number, ceiling: number, clauses = true, radius = CLAUSE_RADIUS): string {
  const max = Math.min(ceiling, pos + radius, text.length);
  let i = pos;
  while (i < max && !isBoundaryAt(text, i, clauses)) i++;
  return text.slice(pos, i);
}
