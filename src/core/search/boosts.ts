// Multipliers applied after fusion. Kept mild: RRF already ranks; boosts break near-ties the way a person
// would (the note named exactly, the well-linked note).
//
// Timeline chunks are not demoted: a person's dated log is often the only place a rare event is written ("Spoke
// at Web Summit about …"), and a ×0.85 factor on the note whose best chunk was its timeline put a note ranked
// first by both keyword and vector arms seventh (blind fuzzy dev half R@5 0.788 -> 0.904, MRR 0.719 -> 0.776
// without it; every other dev half unchanged).
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
  secondChunk: 0.5,
} as const;

export interface BoostInput {
  exactTitle: boolean;
  backlinks: number;
}

export function boostsFor(input: BoostInput): Boost[] {
  const out: Boost[] = [];
  if (input.exactTitle) out.push({ name: 'title-exact', factor: BOOST.titleExact });
  if (input.backlinks > 0) {
    const factor = Math.min(BOOST.backlinkCap, 1 + BOOST.backlinkSlope * Math.log(1 + input.backlinks));
    out.push({ name: 'backlinks', factor, detail: `${input.backlinks} backlinks` });
  }
  return out;
}

export function applyBoosts(score: number, boosts: Boost[]): number {
  return boosts.reduce((s, b) => s * b.factor, score);
}
