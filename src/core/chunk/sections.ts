// Splits a region of a note into heading sections (ATX `#` headings outside code fences), each with the
// path of headings above it, so a chunk never straddles two headings and knows where it lives.
// A cursor rather than an array of sections: a pathological note can have hundreds of thousands of
// headings, and the chunker only needs the path of the sections that have content.

import type { FencedBlock } from '../markdown/mask';

/** Parses an ATX heading in `text[pos, lineEnd)`: up to 3 spaces, 1-6 `#`, then a space or the line end. */
function parseHeading(text: string, pos: number, lineEnd: number): { level: number; title: string } | null {
  let i = pos;
  while (i < lineEnd && i - pos < 3 && text.charCodeAt(i) === 32) i++;
  let level = 0;
  while (i < lineEnd && text.charCodeAt(i) === 35 /* # */) {
    level++;
    i++;
  }
  if (level === 0 || level > 6) return null;
  if (i < lineEnd) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return null;
  }
  let title = text.slice(i, lineEnd).trim();
  // Optional closing sequence: `## Title ##`.
  let j = title.length;
  while (j > 0 && title.charCodeAt(j - 1) === 35) j--;
  if (j === 0) title = '';
  else if (j < title.length && (title.charCodeAt(j - 1) === 32 || title.charCodeAt(j - 1) === 9)) title = title.slice(0, j).trim();
  if (title.length > 200) title = title.slice(0, 200);
  return { level, title };
}

/** Walks the sections of `text[from, to)` in order. `fences`: the region's fenced blocks (absolute offsets, in order). */
export class SectionCursor {
  /** The current section: offset of its heading line (or the region start), its end, and where its body starts. */
  start = 0;
  end = 0;
  bodyStart = 0;

  private readonly starts: number[] = [];
  private readonly lineEnds: number[] = [];
  private readonly levels: number[] = [];
  private readonly titles: string[] = [];
  /** Indexes into the heading lists of the headings above (and including) the current one. */
  private readonly stack: number[] = [];
  private next = -2;

  constructor(
    text: string,
    private readonly from: number,
    private readonly to: number,
    fences: FencedBlock[],
  ) {
    let fi = 0;
    let pos = from;
    while (pos < to) {
      const nl = text.indexOf('\n', pos);
      const lineEnd = nl === -1 || nl > to ? to : nl;
      while (fi < fences.length && fences[fi]!.end <= pos) fi++;
      const fence = fences[fi];
      if (fence && pos >= fence.start && pos < fence.end) {
        pos = fence.end;
        continue;
      }
      // Cheap pre-check: a heading line starts with `#` after at most 3 spaces.
      let k = pos;
      while (k < lineEnd && k - pos < 3 && text.charCodeAt(k) === 32) k++;
      if (text.charCodeAt(k) === 35) {
        const h = parseHeading(text, pos, lineEnd);
        if (h) {
          this.starts.push(pos);
          this.lineEnds.push(lineEnd < to ? lineEnd + 1 : to);
          this.levels.push(h.level);
          this.titles.push(h.title);
        }
      }
      pos = lineEnd + 1;
    }
  }

  /** Moves to the next section; false when there is none. The part before the first heading comes first, when not empty. */
  advance(): boolean {
    const n = this.starts.length;
    if (this.next === -2) {
      this.next = 0;
      const firstStart = n > 0 ? this.starts[0]! : this.to;
      if (firstStart > this.from || n === 0) {
        this.start = this.from;
        this.end = firstStart;
        this.bodyStart = this.from;
        return this.end > this.start;
      }
    }
    const i = this.next;
    if (i >= n) return false;
    this.next++;
    const level = this.levels[i]!;
    while (this.stack.length > 0 && this.levels[this.stack[this.stack.length - 1]!]! >= level) this.stack.pop();
    this.stack.push(i);
    this.start = this.starts[i]!;
    this.end = i + 1 < n ? this.starts[i + 1]! : this.to;
    this.bodyStart = Math.min(this.lineEnds[i]!, this.end);
    return true;
  }

  /** Heading titles from the top down to the current section (empty before the first heading). */
  path(): string[] {
    const out: string[] = [];
    if (this.next <= 0) return out;
    for (const i of this.stack) {
      const t = this.titles[i]!;
      if (t.length > 0) out.push(t);
    }
    return out;
  }

  /** True when the current section is a heading line with nothing under it. */
  get hasHeading(): boolean {
    return this.next > 0;
  }
}
