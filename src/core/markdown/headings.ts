// ATX headings (`# Title` .. `###### Title`) of a note body. Scans the masked body, so headings inside
// fenced code, comments or math are never seen; offsets are file offsets.

export interface Heading {
  level: number;
  /** Offset of the heading line's first character. */
  start: number;
  /** Offset just past the heading line (after its newline, or the end of the text). */
  next: number;
  /** Offsets of the heading text, without the `#` markers, closing `#`s or surrounding blanks. */
  textStart: number;
  textEnd: number;
}

/**
 * Headings in `masked` (a masked copy of the text starting at file offset `base`), in order.
 * Offsets returned are `base` + offsets in `masked`.
 */
export function findHeadings(masked: string, base: number): Heading[] {
  const headings: Heading[] = [];
  let pos = 0;
  while (pos < masked.length) {
    const nl = masked.indexOf('\n', pos);
    const end = nl === -1 ? masked.length : nl;
    const h = parseHeadingLine(masked, pos, end);
    if (h) {
      headings.push({
        level: h.level,
        start: base + pos,
        next: base + (nl === -1 ? masked.length : nl + 1),
        textStart: base + h.textStart,
        textEnd: base + h.textEnd,
      });
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  return headings;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/** Parses one line [start, end) as an ATX heading (CommonMark: <= 3 spaces indent, 1-6 `#`, then a blank). */
export function parseHeadingLine(
  s: string,
  start: number,
  end: number,
): { level: number; textStart: number; textEnd: number } | null {
  let i = start;
  while (i < end && i - start < 3 && s.charCodeAt(i) === 32) i++;
  let level = 0;
  while (i < end && s.charCodeAt(i) === 35 /* # */) {
    level++;
    i++;
  }
  if (level === 0 || level > 6) return null;
  if (i < end && !isBlank(s.charCodeAt(i))) return null;
  let ts = i;
  let te = end;
  while (ts < te && isBlank(s.charCodeAt(ts))) ts++;
  while (te > ts && isBlank(s.charCodeAt(te - 1))) te--;
  // Optional closing sequence: `## Title ##`. It must be preceded by a blank to count.
  let j = te;
  while (j > ts && s.charCodeAt(j - 1) === 35) j--;
  if (j === ts) te = ts;
  else if (j < te && isBlank(s.charCodeAt(j - 1))) {
    te = j;
    while (te > ts && isBlank(s.charCodeAt(te - 1))) te--;
  }
  return { level, textStart: ts, textEnd: te };
}
