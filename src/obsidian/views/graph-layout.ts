// A radial layout for a note's 1-2 hop neighbourhood: the note in the centre, direct neighbours on an inner
// ring, their neighbours on an outer ring next to the neighbour they were reached through.
import type { TraverseNode } from '../plugin/op-results';

export interface GraphNode {
  path: string;
  label: string;
  depth: number;
  x: number;
  y: number;
}

export interface GraphEdge {
  from: string;
  to: string;
  type: string;
}

export interface GraphLayout {
  size: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export function layoutGraph(center: string, centerLabel: string, reached: TraverseNode[], options: { size?: number; maxNodes?: number } = {}): GraphLayout {
  const size = options.size ?? 300;
  const maxNodes = options.maxNodes ?? 30;
  const mid = size / 2;
  const eligible = reached.filter((n) => n.path !== center && n.depth >= 1 && n.depth <= 2);
  // Direct neighbours first; whatever room is left goes to second hops.
  const direct = eligible.filter((n) => n.depth === 1);
  const second = eligible.filter((n) => n.depth === 2).slice(0, maxNodes - Math.min(direct.length, Math.ceil(maxNodes / 2)));
  const kept = [...direct.slice(0, maxNodes - second.length), ...second];
  const keptPaths = new Set([center, ...kept.map((n) => n.path)]);
  const edges = new Map<string, GraphEdge>();
  for (const n of kept) {
    for (const s of n.via) {
      if (!keptPaths.has(s.from) || !keptPaths.has(s.to) || s.from === s.to) continue;
      edges.set(`${s.from}\u0000${s.to}\u0000${s.type}`, { from: s.from, to: s.to, type: s.type });
    }
  }

  const nodes: GraphNode[] = [{ path: center, label: centerLabel, depth: 0, x: mid, y: mid }];
  const angle = new Map<string, number>([[center, 0]]);
  const inner = kept.filter((n) => n.depth === 1);
  inner.forEach((n, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, inner.length) - Math.PI / 2;
    angle.set(n.path, a);
    nodes.push(place(n, a, size * 0.28, mid));
  });
  // Outer nodes sit in the angular order of the direct neighbour they were reached through.
  const parentAngle = (n: TraverseNode): number => {
    for (const step of n.via) {
      const other = step.from === n.path ? step.to : step.to === n.path ? step.from : null;
      const a = other === null ? undefined : angle.get(other);
      if (a !== undefined && other !== center) return a;
    }
    return 0;
  };
  const outer = kept
    .filter((n) => n.depth === 2)
    .map((n) => ({ n, parent: parentAngle(n) }))
    .sort((a, b) => a.parent - b.parent);
  outer.forEach(({ n }, i) => {
    const a = (2 * Math.PI * (i + 0.5)) / Math.max(1, outer.length) - Math.PI / 2;
    nodes.push(place(n, a, size * 0.44, mid));
  });
  return { size, nodes, edges: [...edges.values()] };
}

function place(n: TraverseNode, a: number, r: number, mid: number): GraphNode {
  return { path: n.path, label: n.title ?? n.path.replace(/^.*\//, '').replace(/\.md$/i, ''), depth: n.depth, x: round(mid + r * Math.cos(a)), y: round(mid + r * Math.sin(a)) };
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
