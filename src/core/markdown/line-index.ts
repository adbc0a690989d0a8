// Offset -> line lookups for a whole note. Links, chunks and timeline entries all report 1-based lines,
// so the newline table is built once per text and each lookup is a binary search.

export class LineIndex {
  /** Offset of the first character of each line; lineStarts[0] === 0. */
  private readonly lineStarts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    let nl = text.indexOf('\n');
    while (nl !== -1) {
      starts.push(nl + 1);
      nl = text.indexOf('\n', nl + 1);
    }
    this.lineStarts = starts;
  }

  /** Number of lines (a text ending in a newline has an empty last line). */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** 1-based line containing `offset`; offsets outside the text are clamped. */
  lineAt(offset: number): number {
    const starts = this.lineStarts;
    if (!(offset > 0)) return 1;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Offset where 1-based `line` starts (clamped to the text). */
  lineStart(line: number): number {
    if (line <= 1) return 0;
    return this.lineStarts[Math.min(line, this.lineStarts.length) - 1]!;
  }
}

/** 1-based line of `offset` in `text`, for one-off lookups (build a LineIndex for many). */
export function lineAt(text: string, offset: number): number {
  const end = Math.min(Math.max(offset, 0), text.length);
  let line = 1;
  let nl = text.indexOf('\n');
  while (nl !== -1 && nl < end) {
    line++;
    nl = text.indexOf('\n', nl + 1);
  }
  return line;
}
