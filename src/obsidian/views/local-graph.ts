// Draws a graph layout as SVG (created element by element, never from markup). Edges carry a class per
// relation type, so the stylesheet colours them; nodes carry their note's path, and the pane's delegated
// listeners (note-rows) open it.
import type { GraphLayout } from './graph-layout';
import { markNoteRow } from './note-rows';
import { typeClass, typeLabel } from './grouping';

export function drawGraph(parent: HTMLElement, layout: GraphLayout): SVGSVGElement {
  const svg = parent.createSvg('svg', {
    cls: 'vb-graph',
    attr: { viewBox: `0 0 ${layout.size} ${layout.size}`, role: 'img', 'aria-label': 'Local graph' },
  });
  const pos = new Map(layout.nodes.map((n) => [n.path, n]));
  for (const e of layout.edges) {
    const a = pos.get(e.from);
    const b = pos.get(e.to);
    if (!a || !b) continue;
    const line = svg.createSvg('line', { cls: ['vb-edge', typeClass(e.type)], attr: { x1: a.x, y1: a.y, x2: b.x, y2: b.y } });
    line.createSvg('title').textContent = `${typeLabel(e.type)}: ${a.label} → ${b.label}`;
  }
  for (const n of layout.nodes) {
    const g = svg.createSvg('g', { cls: ['vb-node', `vb-node-depth-${n.depth}`], attr: { 'data-node': n.path, tabindex: '0' } });
    // The centre is the note already open: only its neighbours are links.
    if (n.depth > 0) markNoteRow(g, n.path);
    g.createSvg('circle', { attr: { cx: n.x, cy: n.y, r: n.depth === 0 ? 7 : 5 } });
    // Second-hop names would crowd the picture: they show on hover (the title) instead.
    if (n.depth <= 1) {
      const label = g.createSvg('text', { attr: { x: n.x, y: n.y - 9, 'text-anchor': 'middle' } });
      label.textContent = n.label.length > 22 ? `${n.label.slice(0, 21)}…` : n.label;
    }
    g.createSvg('title').textContent = n.label === n.path ? n.path : `${n.label} (${n.path})`;
  }
  return svg;
}
