// Draws a graph layout as SVG (created element by element, never from markup), with a legend of the relation
// colours it uses. Edges carry a class per relation type (the stylesheet colours them) and their ends, so
// hovering a node lights its edges (one delegated listener, `wireGraphHover`); nodes carry their note's path,
// and the pane's delegated listeners (note-rows) open it.
import type { Component } from 'obsidian';
import { placeLabels } from './graph-labels';
import type { GraphLayout } from './graph-layout';
import { typeClass, typeLabel } from './grouping';
import { markNoteRow } from './note-rows';

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
    const line = svg.createSvg('line', { cls: ['vb-edge', typeClass(e.type)], attr: { x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'data-from': e.from, 'data-to': e.to } });
    line.createSvg('title').textContent = `${typeLabel(e.type)}: ${a.label} → ${b.label}`;
  }
  const labels = new Map(placeLabels(layout.nodes, layout.size).map((l) => [l.path, l]));
  for (const n of layout.nodes) {
    const g = svg.createSvg('g', { cls: ['vb-node', `vb-node-depth-${n.depth}`], attr: { 'data-node': n.path, tabindex: '0' } });
    // The centre is the note already open: only its neighbours are links.
    if (n.depth > 0) markNoteRow(g, n.path);
    g.createSvg('circle', { attr: { cx: n.x, cy: n.y, r: n.depth === 0 ? 7 : 5 } });
    const l = labels.get(n.path);
    if (l) g.createSvg('text', { cls: 'vb-node-label', attr: { x: l.x, y: l.y, 'text-anchor': l.anchor } }).textContent = l.text;
    g.createSvg('title').textContent = n.label === n.path ? n.path : `${n.label} (${n.path})`;
  }
  const types = [...new Set(layout.edges.map((e) => e.type))].sort((a, b) => Number(a === 'mentions') - Number(b === 'mentions') || a.localeCompare(b));
  if (types.length > 0) {
    const legend = parent.createDiv({ cls: 'vb-graph-legend', attr: { 'aria-label': 'Relation colours' } });
    for (const t of types) {
      const item = legend.createSpan({ cls: 'vb-legend-item' });
      item.createSpan({ cls: ['vb-legend-swatch', typeClass(t)] });
      item.appendText(typeLabel(t));
    }
  }
  return svg;
}

/** Hovering a node lights the edges that touch it and dims the rest; wired once on the pane. */
export function wireGraphHover(owner: Component, root: HTMLElement): void {
  const set = (evt: MouseEvent, on: boolean): void => {
    const node = evt.target instanceof Element ? evt.target.closest('.vb-node') : null;
    const svg = node?.closest('svg.vb-graph');
    if (!node || !svg) return;
    const path = node.getAttribute('data-node') ?? '';
    svg.classList.toggle('is-hovering', on);
    node.classList.toggle('is-hovered', on);
    for (const e of Array.from(svg.querySelectorAll('.vb-edge'))) {
      e.classList.toggle('is-lit', on && (e.getAttribute('data-from') === path || e.getAttribute('data-to') === path));
    }
  };
  owner.registerDomEvent(root, 'mouseover', (evt) => set(evt, true));
  owner.registerDomEvent(root, 'mouseout', (evt) => set(evt, false));
}
