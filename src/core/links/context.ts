// Text windows around a match: the stored context (±120 chars) and the clause that verb rules read.
import { wordEdge } from '../text/word-boundary';

export const CONTEXT_RADIUS = 120;
/** How far a verb may sit from its link, in characters. */
export const CLAUSE_RADIUS = 80;

/** About ±`radius` characters around [start, end) of `text`, whitespace folded to single spaces. */
export function contextAround(text: string, start: number, end: number, radius = CONTEXT_RADIUS, lo = 0, hi = text.length): string {
  // `lo`/`hi` keep the context inside its region: a body link's context never shows the frontmatter.
  // Whole words at both ends ("internally", not "nally"): the window grows to the edges of the words it cut.
  let from = Math.max(lo, start - radius);
  let to = Math.min(hi, end + radius);
  if (from > lo) from = wordEdge(text, from, -1, lo, hi);
  if (to < hi) to = wordEdge(text, to, 1, lo, hi);
  // Never cut a surrogate pair in half.
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from--;
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to++;
  return foldWhitespace(text, from, to);
}

/**
 * The part of [lo, hi) a link's context may show: not across a level-1 heading line. A note's H1 is nearly
 * always its title, which every surface prints beside the context already, and folded onto one line it ran into
 * the first sentence ("# Alice Chen Alice Chen founded…"). Lower headings stay: "## Founders" says what a
 * list of links under it means. Only headings within `radius` of the link matter (the window is no wider).
 */
export function withinTitleHeadings(text: string, start: number, end: number, lo: number, hi: number, radius = CONTEXT_RADIUS): [number, number] {
  let from = lo;
  let to = hi;
  const before = headingLineBefore(text, start, Math.max(lo, start - radius - 1));
  if (before >= 0) {
    const lineEnd = text.indexOf('\n', before);
    if (lineEnd >= 0 && lineEnd < start) from = Math.max(from, lineEnd + 1);
  }
  const after = text.indexOf('\n# ', end);
  if (after >= 0 && after <= end + radius) to = Math.min(to, after);
  return [from, to];
}

/** Start of the last `# ` line that begins at or after `floor` and before `pos`, or -1. */
function headingLineBefore(text: string, pos: number, floor: number): number {
  const nl = text.lastIndexOf('\n# ', pos - 1);
  // The heading line itself may begin right at `floor` (the body's first line, after the frontmatter).
  if (nl >= 0 && nl + 1 >= floor) return nl + 1;
  return floor === 0 && text.startsWith('# ') ? 0 : -1;
}

/**
 * `text.slice(from, to).replace(/\s+/g, ' ').trim()` in one pass without a regex: this runs for every link,
 * and most contexts have only a few runs to fold.
 */
export function foldWhitespace(text: string, from: number, to: number): string {
  while (from < to && isJsWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isJsWhitespace(text.charCodeAt(to - 1))) to--;
  let out = '';
  let segment = from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if ((c > 32 && c < 0x80) || !isJsWhitespace(c)) continue;
    // A single space already is the folded form.
    if (c === 32 && !isJsWhitespace(text.charCodeAt(i + 1))) continue;
    let j = i + 1;
    while (j < to && isJsWhitespace(text.charCodeAt(j))) j++;
    out += text.slice(segment, i) + ' ';
    segment = j;
    i = j - 1;
  }
  return segment === from ? text.slice(from, to) : out + text.slice(segment, to);
}

/** The characters `\s` and String.prototype.trim treat as whitespace (WhiteSpace and LineTerminator). */
function isJsWhitespace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

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
