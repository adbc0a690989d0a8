// Reciprocal Rank Fusion: each arm votes 1 / (k + rank) for what it ranked, so arms whose raw scores live on
// different scales (BM25, cosine, edge evidence) fuse without calibration.
import type { ArmName, ArmRank } from './types';

export const RRF_K = 60;

export function rrfContribution(rank: number, weight = 1, k = RRF_K): number {
  if (!(rank >= 1)) throw new RangeError(`rank must be >= 1, got ${rank}`);
  return weight / (k + rank);
}

export interface RankedItem {
  key: string;
  score: number;
}

export interface ArmList {
  arm: ArmName;
  weight: number;
  /** Best first. Repeated keys keep their first (best) position; ranks count distinct keys. */
  items: RankedItem[];
}

export interface Fused {
  key: string;
  rrf: number;
  arms: ArmRank[];
}

/** Fuses ranked lists into one, best first (ties: more arms, then key order, so output is deterministic). */
export function fuseRrf(lists: ArmList[], k = RRF_K): Fused[] {
  const out = new Map<string, Fused>();
  for (const list of lists) {
    const seen = new Set<string>();
    for (const item of list.items) {
      if (seen.has(item.key)) continue;
      seen.add(item.key);
      const rank = seen.size;
      const contribution = rrfContribution(rank, list.weight, k);
      let f = out.get(item.key);
      if (!f) {
        f = { key: item.key, rrf: 0, arms: [] };
        out.set(item.key, f);
      }
      f.rrf += contribution;
      f.arms.push({ arm: list.arm, rank, score: item.score, weight: list.weight, contribution });
    }
  }
  return [...out.values()].sort((a, b) => b.rrf - a.rrf || b.arms.length - a.arms.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
