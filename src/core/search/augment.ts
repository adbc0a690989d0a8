// Graph augmentation after fusion: the notes linked to the best answers come along ("Alice Chen" brings her
// company, her meetings, her investors). Breadth-first over stored links from the anchors, 1 or 2 hops, a
// neighbour's weight decayed by hop (1/(1+hop)) and by the link's kind: a typed edge (works_at, attended) says
// more than a plain mention. Each hop keeps its best MAX_PER_HOP notes; a note is reached once (cycles end).
import type { BrainEngine, RelationEdge } from '../engine/brain-engine';
import { evidenceWeight, isPast, walked } from './graph-arm';
import type { EdgeWalked } from './types';

/** Notes kept per hop: a hub (an index note, a big company) links to hundreds. */
export const MAX_PER_HOP = 50;
/** Links read per hop; enough for the best 50, bounded for hubs. */
const EDGES_PER_HOP = 2000;
/** A plain wikilink (`mentions`) counts this much of a typed edge. */
export const MENTION_WEIGHT = 0.3;
/** A relation stated in the past counts this much ("worked at" still connects, less than "works at"). */
const PAST_WEIGHT = 0.5;

export interface Anchor {
  path: string;
  /** The anchor's final score in the result list; a neighbour inherits a decayed share of it. */
  score: number;
}

export interface Neighbour {
  path: string;
  hop: number;
  /** anchor score x 1/(1+hop) x edge weight, along the best path. */
  score: number;
  /** The anchor the best path started from, and the edge that brought the note (the last hop). */
  anchor: string;
  edge: EdgeWalked;
}

/** How much one link carries, before decay: typed edges by their evidence, mentions a fixed share. */
export function edgeWeight(e: Pick<RelationEdge, 'type' | 'source' | 'evidence'>): number {
  const base = e.type === 'mentions' ? MENTION_WEIGHT : Math.min(1, evidenceWeight(e) / 2);
  return isPast(e) ? base * PAST_WEIGHT : base;
}

export const hopDecay = (hop: number): number => 1 / (1 + hop);

/**
 * Neighbours of the anchors up to `hops` away, best first; never the anchors themselves. `typedOnly` walks
 * typed edges only (plain mentions skipped).
 */
export async function graphNeighbours(engine: BrainEngine, anchors: Anchor[], hops: number, typedOnly = false): Promise<Neighbour[]> {
  const seen = new Set(anchors.map((a) => a.path));
  let frontier = new Map(anchors.map((a) => [a.path, { score: a.score, anchor: a.path }]));
  const out: Neighbour[] = [];
  for (let hop = 1; hop <= hops && frontier.size > 0; hop++) {
    const edges = await engine.relationEdges({ paths: [...frontier.keys()], side: 'either', limit: EDGES_PER_HOP });
    const best = new Map<string, Neighbour>();
    for (const e of edges) {
      // An edge touches the frontier on one side (or both); the note on the other side is the neighbour.
      for (const [from, to] of [
        [e.subject, e.object],
        [e.object, e.subject],
      ] as const) {
        const src = frontier.get(from);
        if (!src || seen.has(to) || to === from || (typedOnly && e.type === 'mentions')) continue;
        const score = src.score * hopDecay(hop) * edgeWeight(e);
        const prev = best.get(to);
        if (!prev || score > prev.score) best.set(to, { path: to, hop, score, anchor: src.anchor, edge: walked(e) });
      }
    }
    const kept = [...best.values()].sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1)).slice(0, MAX_PER_HOP);
    for (const n of kept) seen.add(n.path);
    out.push(...kept);
    // The next hop starts from this hop's notes: edge weights multiply along a path, the hop decay does not
    // (a note two hops out is worth 1/3 of its path's weight, not 1/2 x 1/3).
    frontier = new Map(kept.map((n) => [n.path, { score: n.score / hopDecay(hop), anchor: n.anchor }]));
  }
  return out.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
}
