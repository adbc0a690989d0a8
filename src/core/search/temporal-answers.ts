// Answers to a question that names a time: timeline entries and dated notes (daily notes, meetings, a
// frontmatter `date`) inside the window, in date order. When the question says more than the time ("meetings
// with Acme in March 2024"), only dated notes that the other arms also found lead; the rest stay where
// fusion put them.
import type { BrainEngine } from '../engine/brain-engine';
import type { TimeWindow } from './temporal';

/** Dated notes read per window; a year of daily notes is 365. */
const DATED_CAP = 400;

export interface DatedHit {
  path: string;
  /** The earliest date of the note inside the window. */
  date: string;
  /** The timeline line that dated it, when a timeline entry did. */
  line: number | null;
  source: 'timeline' | 'note-date';
  summary?: string;
}

/**
 * Every note with a timeline entry or a date inside the window, earliest first; none whose path matches `hidden`
 * (what the caller may not see: left out of the reads, so it neither takes a place under the cap nor is counted).
 */
export async function datedInWindow(engine: BrainEngine, window: TimeWindow, hidden?: string[]): Promise<DatedHit[]> {
  const [entries, pages] = await Promise.all([
    engine.timeline({ since: window.since, until: window.until, limit: DATED_CAP, hidden }),
    engine.datedPages({ since: window.since, until: window.until, limit: DATED_CAP, hidden }),
  ]);
  const best = new Map<string, DatedHit>();
  const offer = (h: DatedHit): void => {
    const prev = best.get(h.path);
    if (!prev || h.date < prev.date || (h.date === prev.date && prev.line === null && h.line !== null)) best.set(h.path, h);
  };
  for (const e of entries) offer({ path: e.path, date: e.date, line: e.line, source: 'timeline', summary: e.summary });
  for (const p of pages) offer({ path: p.path, date: p.date, line: null, source: 'note-date' });
  return [...best.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The dated notes that lead the answer, in date order. `topical` says whether the query has topic words besides
 * the time and question words; then a dated note must also be among `matched` (found by another arm).
 */
export function leadingDated(dated: DatedHit[], topical: boolean, matched: Set<string>): DatedHit[] {
  return topical ? dated.filter((d) => matched.has(d.path)) : dated;
}

/** Added to a leading note's score: above any fused score (< 1), one step per place so date order holds. */
export function temporalLead(index: number, count: number): number {
  return 1 + (count - index);
}
