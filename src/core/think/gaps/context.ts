// What every gap check reads: the store, the user's filter, and small per-run caches (a check may look at the
// same page or timeline many times).
import type { BrainEngine, PageRow } from '../../engine/brain-engine';

export class GapContext {
  private readonly pages = new Map<string, Promise<PageRow | null>>();
  private readonly timelines = new Map<string, Promise<Map<number, string>>>();

  constructor(
    readonly engine: BrainEngine,
    readonly accepts: (path: string) => boolean,
  ) {}

  page(path: string): Promise<PageRow | null> {
    let p = this.pages.get(path);
    if (!p) {
      p = this.engine.getPage(path);
      this.pages.set(path, p);
    }
    return p;
  }

  /** Timeline entries of a note by line: a link on one of these lines is history, not current text. */
  timelineLines(path: string): Promise<Map<number, string>> {
    let t = this.timelines.get(path);
    if (!t) {
      t = this.engine.timeline({ path, limit: 10_000 }).then((rows) => new Map(rows.map((r) => [r.line, r.date])));
      this.timelines.set(path, t);
    }
    return t;
  }

  async title(path: string): Promise<string> {
    return (await this.page(path))?.title ?? path;
  }
}

export function uniquePaths(paths: string[]): string[] {
  return [...new Set(paths)];
}
