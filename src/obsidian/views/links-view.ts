// The links pane: for the active note, one row per linked and linking note with its relation types, mention
// count and the words around each link (frontmatter links name their property), links to notes that do not
// exist yet, a small graph of the 1-2 hop neighbourhood with a colour legend, the places other notes name this one
// without linking it ("Link it" makes that one a link) and related notes not linked yet. It follows edits live.
import { errorText } from '../plugin/error-text';
import { LOCAL } from '../plugin/brain-service';
import { ItemView, TFile, type WorkspaceLeaf } from 'obsidian';
import type { BrainService } from '../plugin/brain-service';
import type { BacklinksResponse, LinksResponse, OutgoingRow, TraverseResponse } from '../plugin/op-results';
import { layoutGraph } from './graph-layout';
import { basename, typeClass, typeLabel } from './grouping';
import { drawGraph, wireGraphHover } from './local-graph';
import { backlinksByNote, outgoingByNote, type Mention, type RelatedNote } from './related-rows';
import { markNoteRow, paneFor, wireNoteRows } from './note-rows';
import { openLink } from './open-note';
import { linkItClicked, renderMentions, renderRelated, type RelatedNotesResponse, type UnlinkedMentionsResponse } from './mention-sections';
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
      this.toggle(evt);
      const linkIt = evt.target instanceof Element ? evt.target.closest<HTMLElement>('[data-action="link-mention"]') : null;
      if (linkIt && this.notePath) void linkItClicked(this.brain, linkIt, this.notePath);
      const el = evt.target instanceof Element ? evt.target.closest<HTMLElement>('[data-linktext]') : null;
      if (el && this.notePath) void openLink(this.app, el.getAttribute('data-linktext') ?? '', this.notePath, paneFor(evt));
    });
    wireGraphHover(this, this.contentEl);
    // Live: the pane re-reads when the index has taken in an edit, of this note or of any other (which can add
    // or drop a backlink).
    this.register(this.brain.onUpdated((paths) => {
      if (this.notePath && paths.length > 0) void this.showNote(this.notePath);
    }));
    // And like core's Backlinks, it follows metadataCache 'changed' of the note it shows: once Obsidian has parsed
    // a save of that note, the note is indexed at once instead of after the change delay, and the update above
    // re-renders the pane. (Re-reading straight on 'changed' would show the links from before the edit: the index,
    // which types them, has not taken it in yet.) A failed run is left to the change batcher, which has the path too.
    this.registerEvent(
      this.app.metadataCache.on('changed', (file) => {
        if (file.path === this.notePath) this.brain.update([file.path]).catch(() => undefined);
      }),
    );
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
      // Mentions and related notes are extras: the links still show when either fails.
      const [out, back, graph, mentions, related] = await Promise.all([
        this.brain.op('links', { note: path }, LOCAL),
        this.brain.op('backlinks', { note: path }, LOCAL),
        this.brain.op('traverse', { note: path, depth: 2, direction: 'both', limit: 60 }, LOCAL).catch(() => null),
        this.brain.op('unlinked_mentions', { note: path, limit: 30 }, LOCAL).catch(() => null),
        this.brain.op('related_notes', { note: path, limit: 8 }, LOCAL).catch(() => null),
      ]);
      if (mine !== this.seq) return;
      this.render(path, out, back, graph, { mentions, related });
    } catch (err) {
      if (mine !== this.seq) return;
      this.renderEmpty(`No links for ${basename(path)}: ${errorText(err)}`);
    }
  }

  private renderEmpty(message: string): void {
    this.contentEl.empty();
    this.contentEl.createDiv({ cls: 'vb-empty', text: message });
  }

  private render(
    path: string,
    out: LinksResponse,
    back: BacklinksResponse,
    graph: TraverseResponse | null,
    extra: { mentions: UnlinkedMentionsResponse | null; related: RelatedNotesResponse | null },
  ): void {
    const root = this.contentEl;
    root.empty();
    const title = basename(path);
    root.createEl('h4', { cls: 'vb-links-title', text: title });

    if (graph && graph.nodes.length > 0) {
      const layout = layoutGraph(path, title, graph.nodes, { size: 300, maxNodes: 20 });
      drawGraph(root.createDiv({ cls: 'vb-graph-wrap' }), layout);
    }

    const dangling = out.links.filter((l) => l.to === null);
    const outgoing = outgoingByNote(out.links, path);
    const incoming = backlinksByNote(back.backlinks);
    this.section(root, 'Outgoing links', outgoing);
    this.section(root, 'Backlinks', incoming);

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
    if (outgoing.length === 0 && incoming.length === 0 && dangling.length === 0) {
      root.createDiv({ cls: 'vb-empty', text: 'This note has no links yet.' });
    }
    if (extra.mentions) renderMentions(root, extra.mentions);
    if (extra.related) renderRelated(root, extra.related);
  }

  /** One row per related note: its relations, how often it is linked, the first context, the rest on request. */
  private section(root: HTMLElement, title: string, notes: RelatedNote[]): void {
    if (notes.length === 0) return;
    const sec = root.createDiv({ cls: 'vb-links-section' });
    sec.createDiv({ cls: 'vb-section-title', text: `${title} (${notes.length})` });
    for (const n of notes) {
      const item = sec.createDiv({ cls: 'vb-link-item', attr: { 'data-types': n.types.join(' ') } });
      // A backlink row opens the linking note where it first links here.
      const first = n.mentions[0];
      markNoteRow(item, n.path, first?.path === n.path ? first.line : null);
      const head = item.createDiv({ cls: 'vb-link-head' });
      head.createSpan({ cls: 'vb-link-name', text: basename(n.path) });
      for (const t of n.types) head.createSpan({ cls: ['vb-type-chip', typeClass(t)], text: typeLabel(t) });
      if (n.mentions.length > 1) head.createSpan({ cls: 'vb-link-count', text: String(n.mentions.length), attr: { 'aria-label': `${n.mentions.length} mentions` } });
      const rest = n.mentions.slice(1);
      if (first) this.mention(item, first);
      if (rest.length === 0) continue;
      item.createEl('button', { cls: 'vb-link-expand', text: `${rest.length} more`, attr: { 'data-action': 'expand', 'aria-expanded': 'false' } });
      const more = item.createDiv({ cls: 'vb-link-more is-collapsed' });
      for (const m of rest) this.mention(more, m);
    }
  }

  private mention(parent: HTMLElement, m: Mention): void {
    if (!m.text && !m.property) return;
    const el = parent.createDiv({ cls: 'vb-link-context' });
    markNoteRow(el, m.path, m.line);
    if (m.property) el.createSpan({ cls: 'vb-link-field', text: m.property });
    el.appendText(m.text);
  }

  private toggle(evt: MouseEvent): void {
    const button = evt.target instanceof Element ? evt.target.closest<HTMLElement>('[data-action="expand"]') : null;
    const more = button?.nextElementSibling;
    if (!button || !more) return;
    const open = more.classList.toggle('is-collapsed') === false;
    button.setAttribute('aria-expanded', String(open));
    button.setText(open ? 'Show less' : `${more.childElementCount} more`);
  }
}

function countDistinct(rows: OutgoingRow[]): number {
  return new Set(rows.map((r) => r.targetText)).size;
}
