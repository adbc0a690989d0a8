// The graph view: one edge per (subject, object) pair carrying the strongest relation stated anywhere for it
// (founded > invested_in > advises > works_at > attended > mentions), the number of links stating it, and
// whether it is over. Field relations (frontmatter keys, inline fields, related_to) keep their own names and
// are not ranked against the built-in verbs, so each distinct field type stays its own edge.
import type { EdgeRow } from '../engine/brain-engine';
import { RELATION_RANK } from './entity-kinds';

/** A stored link as the graph reads it. */
export type StoredEdge = EdgeRow;

export interface PairEdge extends StoredEdge {
  /** How many links state this pair's relation (its evidence); every one stays in the store with its line. */
  evidence: number;
}

/** The subject and object a stored link stands for; a missing note is named by its link text. */
function ends(e: StoredEdge): { subject: string; object: string } {
  const target = e.to ?? `\u0001${e.targetText.toLowerCase()}`;
  return e.direction === 'out' ? { subject: e.from, object: target } : { subject: target, object: e.from };
}

export function strongestPerPair(edges: readonly StoredEdge[]): PairEdge[] {
  const groups = new Map<string, { best: StoredEdge; count: number; current: boolean }>();
  const order: string[] = [];
  for (const e of edges) {
    const { subject, object } = ends(e);
    const ranked = Object.prototype.hasOwnProperty.call(RELATION_RANK, e.type);
    // Built-in relations compete for one slot per pair of notes, whichever way round they are written (a meeting
    // that mentions Elena and says she attended is one attended edge); a field relation has a slot of its own.
    const key = ranked ? `${[subject, object].sort().join('\u0000')}\u0000` : `${subject}\u0000${object}\u0000${e.type}`;
    const g = groups.get(key);
    if (!g) {
      groups.set(key, { best: e, count: 1, current: !e.past });
      order.push(key);
      continue;
    }
    g.count++;
    if (ranked && RELATION_RANK[e.type]! < RELATION_RANK[g.best.type]!) {
      g.best = e;
      g.current = !e.past;
    } else if (e.type === g.best.type && !e.past) g.current = true;
  }
  return order.map((k) => {
    const g = groups.get(k)!;
    return { ...g.best, past: !g.current, evidence: g.count };
  });
}
