// The links pane: for the active note, backlinks and outgoing links grouped by relation type with the words
// around each link, links to notes that do not exist yet, and a small graph of the 1-2 hop neighbourhood.
import { errorText } from '../plugin/error-text';
import { LOCAL } from '../plugin/brain-service';
import { ItemView, TFile, type WorkspaceLeaf } from 'obsidian';
import type { BrainService } from '../plugin/brain-service';
import type { BacklinkRow, BacklinksResponse, LinksResponse, OutgoingRow, TraverseResponse } from '../plugin/op-results';
import { layoutGraph } from './graph-layout';
import { plainSnippet } from './highlight';
import { basename, groupByType, typeClass, typeLabel } from './grouping';
import { drawGraph } from './local-graph';
import { markNoteRow, paneFor, wireNoteRows } from './note-rows';
import { openLink } from './open-note';
import { LINKS_VIEW } from './view-types';

const NOTE_EXTENSIONS = new Set(['md', 'markdown']);

export class LinksView extends ItemView {
  private notePath: string | null = null;
  private seq = 0;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly brain: BrainService,
  ) {
    super(leaf);
  }

  override getViewType(): string {
    return LINKS_VIEW;
  }

  override getDisplayText(): string {
    return 'Brain links';
  }

  override getIcon(): string {
    return 'git-fork';
  }

  override async onOpen(): Promise<void> {
    this.contentEl.addClass('vb-links-view');
    // Rows carry data attributes; these listeners on the pane serve every render.
    wireNoteRows(this, this.contentEl, LINKS_VIEW);
    this.registerDomEvent(this.contentEl, 'click', (evt) => {
      const el = evt.target instanceof Element ? evt.target.closest<HTMLElement>('[data-linktext]') : null;
      if (el && this.notePath) void openLink(this.app, el.getAttribute('data-linktext') ?? '', this.notePath, paneFor(evt));
    });
    this.registerEvent(this.app.workspace.on('file-open', (file) => void this.showFile(file)));
    this.registerEvent(this.app.workspace.on('active-leaf-change', () => void this.showFile(this.app.workspace.getActiveFile())));
    await this.showFile(this.app.workspace.getActiveFile());
  }

  override async onClose(): Promise<void> {
    this.seq++;
    await Promise.resolve();
  }

  private async showFile(file: TFile | null): Promise<void> {
    // Focusing this pane makes no note active: keep showing the last one.
    if (!file || !NOTE_EXTENSIONS.has(file.extension)) {
      if (this.notePath === null) this.renderEmpty('Open a note to see its links.');
      return;
    }
    if (file.path === this.notePath) return;
    await this.showNote(file.path);
  }

  /** Shows the links of a note (by vault path). */
  async showNote(path: string): Promise<void> {
    this.notePath = path;
    const mine = ++this.seq;
    try {
      const [out, back, graph] = await Promise.all([
        this.brain.op('links', { note: path }, LOCAL),
        this.brain.op('backlinks', { note: path }, LOCAL),
        this.brain.op('traverse', { note: path, depth: 2, direction: 'both', limit: 60 }, LOCAL).catch(() => null),
      ]);
      if (mine !== this.seq) return;
      this.render(path, out, back, graph);
    } catch (err) {
      if (mine !== this.seq) return;
      this.renderEmpty(`No links for ${basename(path)}: ${errorText(err)}`);
    }
  }

  private renderEmpty(message: string): void {
    this.contentEl.empty();
    this.contentEl.createDiv({ cls: 'vb-empty', text: message });
  }

  private render(path: string, out: LinksResponse, back: BacklinksResponse, graph: TraverseResponse | null): void {
    const root = this.contentEl;
    root.empty();
    const title = basename(path);
    root.createEl('h4', { cls: 'vb-links-title', text: title });

    if (graph && graph.nodes.length > 0) {
      const layout = layoutGraph(path, title, graph.nodes, { size: 300, maxNodes: 20 });
      drawGraph(root.createDiv({ cls: 'vb-graph-wrap' }), layout);
    }

    const resolved = out.links.filter((l) => l.to !== null);
    const dangling = out.links.filter((l) => l.to === null);
    this.section(root, 'Outgoing links', resolved, (row) => ({
      label: basename(row.to ?? row.targetText),
      context: row.context,
      path: row.to ?? row.targetText,
    }));
    this.section(root, 'Backlinks', back.backlinks, (row: BacklinkRow) => ({
      label: basename(row.from),
      context: row.context,
      path: row.from,
      line: row.line,
    }));

    if (dangling.length > 0) {
      const sec = root.createDiv({ cls: 'vb-links-section vb-dangling' });
      sec.createDiv({ cls: 'vb-section-title', text: `Notes to create (${countDistinct(dangling)})` });
      const seen = new Set<string>();
      for (const row of dangling) {
        if (seen.has(row.targetText)) continue;
        seen.add(row.targetText);
        const item = sec.createDiv({ cls: 'vb-link-item vb-link-missing', attr: { 'aria-label': `Create ${row.targetText}`, 'data-linktext': row.targetText } });
        item.createSpan({ cls: 'vb-link-name', text: row.targetText });
        item.createSpan({ cls: ['vb-type-chip', typeClass(row.type)], text: typeLabel(row.type) });
      }
    }
    if (resolved.length === 0 && back.backlinks.length === 0 && dangling.length === 0) {
      root.createDiv({ cls: 'vb-empty', text: 'This note has no links yet.' });
    }
  }

  private section<T extends OutgoingRow | BacklinkRow>(
    root: HTMLElement,
    title: string,
    rows: T[],
    describe: (row: T) => { label: string; context: string; path: string; line?: number },
  ): void {
    if (rows.length === 0) return;
    const sec = root.createDiv({ cls: 'vb-links-section' });
    sec.createDiv({ cls: 'vb-section-title', text: `${title} (${rows.length})` });
    for (const group of groupByType(rows)) {
      const g = sec.createDiv({ cls: 'vb-type-group', attr: { 'data-type': group.type } });
      const head = g.createDiv({ cls: 'vb-type-head' });
      head.createSpan({ cls: ['vb-type-chip', typeClass(group.type)], text: typeLabel(group.type) });
      head.createSpan({ cls: 'vb-type-count', text: String(group.items.length) });
      for (const row of group.items) {
        const d = describe(row);
        const item = g.createDiv({ cls: 'vb-link-item' });
        markNoteRow(item, d.path, d.line);
        item.createDiv({ cls: 'vb-link-name', text: d.label });
        if (d.context) item.createDiv({ cls: 'vb-link-context', text: plainSnippet(d.context) });
      }
    }
  }
}

function countDistinct(rows: OutgoingRow[]): number {
  return new Set(rows.map((r) => r.targetText)).size;
}
