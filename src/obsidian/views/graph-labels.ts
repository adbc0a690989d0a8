// Where the local graph's names go: each label beside its node, on the side away from the centre, moved below or
// above when it would cover another label, and left out (the node's tooltip still names it) when no place is
// free. Boxes are estimated from the character count: the SVG is not measured, so this runs before it is drawn.
import type { GraphNode } from './graph-layout';

export interface PlacedLabel {
  path: string;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Average advance of the 9px label font, a little generous. */
const CHAR_W = 5.4;
const LINE_H = 12;
const MAX_CHARS = 22;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boxOf(l: PlacedLabel): Box {
  const w = Array.from(l.text).length * CHAR_W;
  const x0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { x0, y0: l.y - LINE_H + 2, x1: x0 + w, y1: l.y + 2 };
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export function shortLabel(label: string, max = MAX_CHARS): string {
  const chars = Array.from(label);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : label;
}

/** Labels for the centre and its direct neighbours (second hops are named on hover only), never overlapping. */
export function placeLabels(nodes: GraphNode[], size: number): PlacedLabel[] {
  const mid = size / 2;
  const placed: { label: PlacedLabel; box: Box }[] = [];
  // Node discs count as taken space too, so a label never sits on another node.
  const discs: Box[] = nodes.map((n) => ({ x0: n.x - 6, y0: n.y - 6, x1: n.x + 6, y1: n.y + 6 }));
  for (const n of nodes) {
    if (n.depth > 1) continue;
    const right = n.x >= mid;
    const side: PlacedLabel['anchor'] = n.depth === 0 ? 'middle' : Math.abs(n.x - mid) < 8 ? 'middle' : right ? 'start' : 'end';
    const dx = side === 'start' ? 9 : side === 'end' ? -9 : 0;
    // Beside the node, above it, below it; then the same with a shorter name.
    const tries: PlacedLabel[] = [MAX_CHARS, 12].flatMap((max) => {
      const text = shortLabel(n.label, max);
      return [
        { path: n.path, text, x: n.x + dx, y: side === 'middle' ? n.y - 10 : n.y + 4, anchor: side },
        { path: n.path, text, x: n.x, y: n.y - 10, anchor: 'middle' as const },
        { path: n.path, text, x: n.x, y: n.y + 18, anchor: 'middle' as const },
      ];
    });
    for (const t of tries) {
      const box = boxOf(t);
      const inside = box.x0 >= 0 && box.x1 <= size && box.y0 >= 0 && box.y1 <= size;
      const own = discs.filter((d, i) => nodes[i] !== n);
      if (inside && !placed.some((p) => overlaps(p.box, box)) && !own.some((d) => overlaps(d, box))) {
        placed.push({ label: t, box });
        break;
      }
    }
  }
  return placed.map((p) => p.label);
}

/** Whether two placed labels overlap (for tests and for callers that add their own). */
export function labelsOverlap(a: PlacedLabel, b: PlacedLabel): boolean {
  return overlaps(boxOf(a), boxOf(b));
}
