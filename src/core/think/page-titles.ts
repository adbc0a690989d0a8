// Page titles looked up once per question: gathering reads the same notes' titles many times.
import type { BrainEngine } from '../engine/brain-engine';

/** A lookup of a page's title (its path when the page is not stored), cached for one question. */
export function pageTitles(engine: Pick<BrainEngine, 'getPage'>, known: [string, string][] = []): (path: string) => Promise<string> {
  const titles = new Map<string, string>(known);
  return async (path) => {
    let t = titles.get(path);
    if (t === undefined) {
      t = (await engine.getPage(path))?.title ?? path;
      titles.set(path, t);
    }
    return t;
  };
}
