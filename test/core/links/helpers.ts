import { extractLinks, type LinkExtractionInput } from '../../../src/core/links/extract-links';
import type { ExtractedLink } from '../../../src/core/types';

/** Extracts links from a body-only note (no frontmatter). */
export function linksOf(text: string, pageType = 'note', extra: Partial<LinkExtractionInput> = {}): ExtractedLink[] {
  return extractLinks({
    path: 'notes/a.md',
    text,
    frontmatter: {},
    frontmatterText: '',
    frontmatterStartLine: 0,
    bodyStart: 0,
    pageType,
    ...extra,
  });
}

/** The single link in `text`; fails the test when there is not exactly one. */
export function onlyLink(text: string, pageType = 'note', extra: Partial<LinkExtractionInput> = {}): ExtractedLink {
  const links = linksOf(text, pageType, extra);
  if (links.length !== 1) throw new Error(`expected 1 link in ${JSON.stringify(text)}, got ${links.length}: ${JSON.stringify(links.map((l) => l.raw))}`);
  return links[0]!;
}

/**
 * CPU milliseconds `fn` takes (best of `runs`). CPU time rather than wall time, so a machine busy with
 * other work does not make a linear algorithm look quadratic, while a real blow-up still fails.
 */
export function cpuMs<T>(fn: () => T, runs = 2): { ms: number; result: T } {
  let best = Infinity;
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    result = fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: best, result: result as T };
}
