// Step 3 of think: what the vault does not know, computed from the store over the notes the question touched.
import type { BrainEngine } from '../../engine/brain-engine';
import type { Claim, Gap } from '../types';
import { absentGap } from './absent';
import { findConflicts } from './conflicts';
import { GapContext, uniquePaths } from './context';
import { findHoles } from './holes';
import { findStale } from './stale';
import { findThin } from './thin';
import { findUnsourced } from './unsourced';

export interface GapInput {
  question: string;
  /** Entities named in the question (and the anchor) first, then every gathered note. */
  paths: string[];
  claims: Claim[];
  /** Model lines withheld for citing nothing. */
  withheld?: number;
  /** The question's words no visible note holds (absent.ts `absentWords`; think also opens its answer with them). */
  absent: string[];
}

export async function findGaps(engine: BrainEngine, accepts: (path: string) => boolean, input: GapInput): Promise<Gap[]> {
  const ctx = new GapContext(engine, accepts);
  const paths = uniquePaths(input.paths).filter(accepts);
  const gaps = [
    ...absentGap(input.absent),
    ...(await findHoles(ctx, input.question, paths)),
    ...(await findConflicts(ctx, paths)),
    ...(await findStale(ctx, paths)),
    ...(await findThin(ctx, paths)),
    ...findUnsourced(input.claims, input.withheld),
  ];
  // Belt and braces: a gap never names a note the user excluded.
  return gaps.map((g) => ({ ...g, paths: g.paths.filter(accepts) }));
}
