// Offset -> 1-based line lookup, private to links/.
// TODO(lead): merge into src/core/markdown/line-index.ts once it lands; this copy exists only so the
// links module did not have to wait for it.

export class LinksLineLookup {
  private built: number[] | null = null;

  constructor(private readonly text: string) {}

  /** Line starts, computed on first use (notes without links never pay for them). */
  private get starts(): number[] {
    if (this.built) return this.built;
    const starts = [0];
    const text = this.text;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
    this.built = starts;
    return starts;
  }

  /** 1-based line containing `offset` (offsets past the end map to the last line). */
  lineOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Offset of the first character of 1-based `line`, or -1 when the line does not exist. */
  startOf(line: number): number {
    return this.starts[line - 1] ?? -1;
  }
}
