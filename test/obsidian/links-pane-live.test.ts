// The links pane beyond its first render: mentions expand, the graph has a legend and labels that never
// overlap, hovering a node lights its edges, and the pane re-reads when the index takes in an edit (and indexes
// the shown note as soon as Obsidian's metadata cache says it changed).
import { describe, expect, it } from 'vitest';
import { labelsOverlap, placeLabels } from '../../src/obsidian/views/graph-labels';
import { layoutGraph } from '../../src/obsidian/views/graph-layout';
import { LinksView } from '../../src/obsidian/views/links-view';
import { setupBrain } from './brain-setup';

const link = (line: number, context: string, type = 'mentions') => ({ to: 'Companies/Acme.md', raw: '[[Acme]]', type, source: 'wikilink', line, context, targetText: 'Acme', field: null, direction: 'out' });

describe('links pane', () => {
  it('expands a note row to every mention, each opening its own line', async () => {
    const { fake, brain, leaf } = setupBrain();
    await brain.start();
    fake.ops.set('links', (p) => ({ note: p.note, links: [link(3, 'works at [[Acme]]', 'works_at'), link(8, 'the [[Acme]] offsite'), link(12, 'left [[Acme]] notes')] }));
    fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [] }));
    fake.ops.set('traverse', (p) => ({ note: p.note, nodes: [] }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('People/Alice Chen.md');
    const row = view.contentEl.querySelector('.vb-link-item')!;
    expect(row.querySelector('.vb-link-count')!.textContent).toBe('3');
    const more = row.querySelector('.vb-link-more')!;
    expect(more.classList.contains('is-collapsed')).toBe(true);
    const button = row.querySelector<HTMLElement>('[data-action="expand"]')!;
    expect(button.textContent).toBe('2 more');
    button.click();
    expect(more.classList.contains('is-collapsed')).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect([...row.querySelectorAll('.vb-link-context')].map((e) => [e.textContent, e.getAttribute('data-line')])).toEqual([
      ['works at Acme', '3'],
      ['the Acme offsite', '8'],
      ['left Acme notes', '12'],
    ]);
    button.click();
    expect(more.classList.contains('is-collapsed')).toBe(true);
  });

  it('re-reads the links when the index takes in an edit', async () => {
    const { fake, brain, leaf } = setupBrain();
    await brain.start();
    let links = [link(3, 'works at [[Acme]]', 'works_at')];
    fake.ops.set('links', (p) => ({ note: p.note, links }));
    fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [] }));
    fake.ops.set('traverse', (p) => ({ note: p.note, nodes: [] }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('People/Alice Chen.md');
    expect(view.contentEl.querySelector('.vb-link-count')).toBeNull();
    links = [...links, link(9, 'met [[Acme]] again')];
    await brain.update(['People/Alice Chen.md']);
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(view.contentEl.querySelector('.vb-link-count')?.textContent).toBe('2');
  });

  it("indexes the shown note as soon as Obsidian has parsed its edit (metadataCache 'changed'), then re-reads", async () => {
    const { app, fake, brain, leaf } = setupBrain();
    await brain.start();
    let links = [link(3, 'works at [[Acme]]', 'works_at')];
    fake.ops.set('links', (p) => ({ note: p.note, links }));
    fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [] }));
    fake.ops.set('traverse', (p) => ({ note: p.note, nodes: [] }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('People/Alice Chen.md');
    const settle = async (): Promise<void> => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    };
    // Another note's edit is the change batcher's business, not the pane's.
    app.metadataCache.trigger('changed', app.vault.getFileByPath('Companies/Acme.md'), '# Acme', {});
    await settle();
    expect(fake.callsOf('update')).toEqual([]);

    links = [...links, link(9, 'met [[Acme]] again')];
    app.metadataCache.trigger('changed', app.vault.getFileByPath('People/Alice Chen.md'), '# Alice', {});
    await settle();
    expect(fake.callsOf('update')).toEqual([[['People/Alice Chen.md']]]);
    expect(view.contentEl.querySelector('.vb-link-count')?.textContent).toBe('2');
  });

  it('draws a legend of the relation colours used, and hovering a node lights only its edges', async () => {
    const { fake, brain, leaf } = setupBrain();
    await brain.start();
    fake.ops.set('links', (p) => ({ note: p.note, links: [link(3, 'works at [[Acme]]', 'works_at')] }));
    fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [] }));
    fake.ops.set('traverse', (p) => ({
      note: p.note,
      nodes: [
        { path: 'Companies/Acme.md', title: 'Acme', depth: 1, via: [{ linkId: 1, from: 'People/Alice Chen.md', to: 'Companies/Acme.md', type: 'works_at' }] },
        { path: 'Meetings/K.md', title: 'Kickoff', depth: 1, via: [{ linkId: 2, from: 'Meetings/K.md', to: 'People/Alice Chen.md', type: 'attended' }] },
      ],
    }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('People/Alice Chen.md');
    const legend = view.contentEl.querySelector('.vb-graph-legend')!;
    expect([...legend.querySelectorAll('.vb-legend-item')].map((e) => e.textContent)).toEqual(['attended', 'works at']);
    expect(legend.querySelector('.vb-legend-swatch.vb-type-attended')).not.toBeNull();
    const svg = view.contentEl.querySelector('svg.vb-graph')!;
    const acme = svg.querySelector('[data-node="Companies/Acme.md"] circle')!;
    acme.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(svg.classList.contains('is-hovering')).toBe(true);
    expect([...svg.querySelectorAll('.vb-edge.is-lit')].map((e) => e.getAttribute('data-to'))).toEqual(['Companies/Acme.md']);
    acme.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    expect(svg.querySelectorAll('.vb-edge.is-lit')).toHaveLength(0);
  });

  it('places graph labels so that none overlap, even for many neighbours with long names', () => {
    const nodes = Array.from({ length: 16 }, (_, i) => ({
      path: `N/${i}.md`,
      title: `A rather long company name ${i}`,
      depth: 1,
      via: [{ linkId: i, from: 'c.md', to: `N/${i}.md`, type: 'mentions' }],
    }));
    const layout = layoutGraph('c.md', 'Centre note', nodes, { size: 300, maxNodes: 20 });
    const labels = placeLabels(layout.nodes, layout.size);
    expect(labels.length).toBeGreaterThan(4);
    for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) expect(labelsOverlap(labels[i]!, labels[j]!)).toBe(false);
    // A few neighbours all get their names.
    const few = layoutGraph('c.md', 'Centre', nodes.slice(0, 4), { size: 300 });
    expect(placeLabels(few.nodes, few.size)).toHaveLength(5);
  });
});
