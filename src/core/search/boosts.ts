// Multipliers applied after fusion. Kept mild: RRF already ranks; boosts break near-ties the way a person
// would (the note named exactly, the well-linked note, the current view over the dated log).
import type { ChunkKind } from '../types';
import type { Boost } from './types';

export const BOOST = {
  titleExact: 1.5,
  /**
   * Per natural-log unit of backlinks, capped: a tie-breaker only. Hub notes (Settings, an index) collect
   * backlinks without answering more questions; at 0.04 this boost cost R@5 0.87 -> 0.83 and MRR 0.74 -> 0.65 on
   * the Obsidian Help set and MRR 0.96 -> 0.83 on the Chinese set; at 0.005 it is neutral.
   */
  backlinkSlope: 0.005,
  backlinkCap: 1.05,
  timeline: 0.85,
  secondChunk: 0.5,
} as const;

export interface BoostInput {
  exactTitle: boolean;
  backlinks: number;
  kind: ChunkKind | null;
  /** A relation question: timeline lines are evidence there, not noise. */
  relational: boolean;
}

export function boostsFor(input: BoostInput): Boost[] {
  const out: Boost[] = [];
  if (input.exactTitle) out.push({ name: 'title-exact', factor: BOOST.titleExact });
  if (input.backlinks > 0) {
    const factor = Math.min(BOOST.backlinkCap, 1 + BOOST.backlinkSlope * Math.log(1 + input.backlinks));
    out.push({ name: 'backlinks', factor, detail: `${input.backlinks} backlinks` });
  }
  if (input.kind === 'timeline' && !input.relational) out.push({ name: 'timeline', factor: BOOST.timeline });
  return out;
}

export function applyBoosts(score: number, boosts: Boost[]): number {
  return boosts.reduce((s, b) => s * b.factor, score);
}
