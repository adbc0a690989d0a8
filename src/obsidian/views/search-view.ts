// The search pane: searches as you type (debounced, stale answers dropped), groups hits by note, highlights
// the query's words, shows why each hit matched, and opens the note at the hit's line.
import { errorText } from '../plugin/error-text';
import { LOCAL } from '../plugin/brain-service';
import { ItemView, type PaneType, type WorkspaceLeaf } from 'obsidian';
import type { BrainService, BrainState } from '../plugin/brain-service';
import type { OpInput } from '../../core/ops';
import type { SearchMode } from '../../core/search/modes';
import type { SearchHit, SearchResponse } from '../plugin/op-results';
import { evidenceBadge } from './evidence-badge';
import { groupByNote, headingUnderTitle } from './grouping';
import { highlightRuns, queryTerms } from './highlight';
import { markNoteRow, paneFor, wireNoteRows } from './note-rows';
import { openNote } from './open-note';
import { SEARCH_VIEW } from './view-types';

export const SEARCH_DEBOUNCE_MS = 250;
const LIMIT = 30;

export class SearchView extends ItemView {
  private inputEl!: HTMLInputElement;
  private folderEl!: HTMLInputElement;
  private tagEl!: HTMLInputElement;
  private typeEl!: HTMLInputElement;
  private messageEl!: HTMLElement;
  private resultsEl!: HTMLElement;
  private timer: number | null = null;
  /** Only the answer to the latest request is shown. */
  private seq = 0;
  private hitEls: { el: HTMLElement; hit: SearchHit }[] = [];
  private selected = -1;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly brain: BrainService,
    /** The "Search mode" setting, read at each query so a change applies to the next one. */
    private readonly mode: () => SearchMode,
  ) {
    super(leaf);
  }

  override getViewType(): string {
    return SEARCH_VIEW;
  }

  override getDisplayText(): string {
    return 'Brain search';
  }

  override getIcon(): string {
    return 'search';
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass('vb-search-view');
    const form = root.createDiv({ cls: 'vb-search-form' });
    this.inputEl = form.createEl('input', { type: 'search', cls: 'vb-search-input', attr: { placeholder: 'Search your notes…', 'aria-label': 'Search query' } });
    const filters = form.createDiv({ cls: 'vb-search-filters' });
    this.folderEl = filters.createEl('input', { type: 'text', cls: 'vb-filter', attr: { placeholder: 'Folder', 'aria-label': 'Folder filter' } });
    this.tagEl = filters.createEl('input', { type: 'text', cls: 'vb-filter', attr: { placeholder: 'Tag', 'aria-label': 'Tag filter' } });
    this.typeEl = filters.createEl('input', { type: 'text', cls: 'vb-filter', attr: { placeholder: 'Type', 'aria-label': 'Type filter' } });
    this.messageEl = root.createDiv({ cls: 'vb-search-message' });
    this.resultsEl = root.createDiv({ cls: 'vb-search-results', attr: { role: 'listbox' } });

    for (const el of [this.inputEl, this.folderEl, this.tagEl, this.typeEl]) {
      this.registerDomEvent(el, 'input', () => this.schedule());
      this.registerDomEvent(el, 'keydown', (e: KeyboardEvent) => this.onKey(e));
    }
    // One set of listeners for every result row, however often the results re-render.
    wireNoteRows(this, this.resultsEl, SEARCH_VIEW);
    this.register(() => this.cancelTimer());
    // The empty state follows the index (starting, indexing, empty vault, ready) while no query is typed.
    this.register(this.brain.onState(() => {
      if (!this.inputEl.value.trim()) this.render(null, '');
    }));
    this.render(null, '');
    this.inputEl.focus();
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.cancelTimer();
    this.seq++;
    await Promise.resolve();
  }

  /** Sets the query (e.g. from the editor selection) and searches at once. */
  async setQuery(query: string): Promise<void> {
    this.inputEl.value = query;
    this.cancelTimer();
    await this.runSearch();
  }

  private schedule(): void {
    this.cancelTimer();
    this.timer = window.setTimeout(() => {
      this.timer = null;
      void this.runSearch();
    }, SEARCH_DEBOUNCE_MS);
  }

  private cancelTimer(): void {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
  }

  private params(): OpInput<'search'> & { query: string } {
    const p: OpInput<'search'> & { query: string } = { query: this.inputEl.value.trim(), limit: LIMIT, mode: this.mode() };
    const folder = this.folderEl.value.trim().replace(/^\/+|\/+$/g, '');
    const tag = this.tagEl.value.trim().replace(/^#/, '');
    const type = this.typeEl.value.trim();
    if (folder) p.folder = folder;
    if (tag) p.tag = tag;
    if (type) p.type = type;
    return p;
  }

  async runSearch(): Promise<void> {
    const params = this.params();
    const mine = ++this.seq;
    if (!params.query) {
      this.render(null, params.query);
      return;
    }
    this.messageEl.setText('Searching…');
    try {
      // A local call answers with full hits (only remote callers get compact ones).
      const res = (await this.brain.op('search', { ...params }, LOCAL)) as SearchResponse;
      if (mine !== this.seq) return;
      this.render(res, params.query);
    } catch (err) {
      if (mine !== this.seq) return;
      this.resultsEl.empty();
      this.hitEls = [];
      this.messageEl.setText(`Search failed: ${errorText(err)}`);
    }
  }

  private render(res: SearchResponse | null, query: string): void {
    this.resultsEl.empty();
    this.hitEls = [];
    this.selected = -1;
    if (!res) {
      this.messageEl.setText('');
      this.resultsEl.createDiv({ cls: 'vb-empty vb-search-empty', text: emptyState(this.brain.state) });
      return;
    }
    const groups = groupByNote(res.results);
    const partial = this.brain.state.kind === 'indexing' || this.brain.state.kind === 'starting' ? ' (the index is still being built)' : '';
    this.messageEl.setText(groups.length === 0 ? `No matching notes${partial}.` : `${res.results.length} results in ${groups.length} notes${partial}`);
    const terms = queryTerms(query);
    for (const g of groups) {
      const groupEl = this.resultsEl.createDiv({ cls: 'vb-result-group' });
      const head = groupEl.createDiv({ cls: 'vb-result-note' });
      head.createSpan({ cls: 'vb-result-title', text: g.title });
      if (g.title !== g.path) head.createSpan({ cls: 'vb-result-path', text: g.path });
      for (const hit of g.hits) {
        const el = groupEl.createDiv({ cls: 'vb-result', attr: { role: 'option', tabindex: '-1' } });
        markNoteRow(el, hit.path, hit.startLine);
        const heading = headingUnderTitle(hit.heading, g.title);
        if (heading) el.createDiv({ cls: 'vb-result-heading', text: heading });
        const snippet = el.createDiv({ cls: 'vb-result-snippet' });
        // The words the engine matched (stems, CJK bigrams); the typed words for hits that do not say. The snippet is
        // core's display text already, marked as given: the words were found in it, and code in it stays as written.
        for (const run of highlightRuns(hit.snippet, hit.highlights ?? terms, hit.highlights !== undefined)) {
          if (run.match) snippet.createSpan({ cls: 'vb-hl', text: run.text });
          else snippet.appendText(run.text);
        }
        const badges = el.createDiv({ cls: 'vb-badges' });
        const sure = evidenceBadge(hit.evidence);
        // A typed link is already named by its why-badge ("linked: invested_in"): no second badge for it.
        if (sure && !(sure.kind === 'graph_edge' && hit.why.some(isGraphWhy))) badges.createSpan({ cls: ['vb-evidence', `vb-evidence-${sure.kind}`], text: sure.text, attr: { 'aria-label': sure.tip } });
        for (const why of hit.why) badges.createSpan({ cls: ['vb-badge', badgeClass(why)], text: why });
        this.hitEls.push({ el, hit });
      }
    }
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (this.hitEls.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      this.select((this.selected + step + this.hitEls.length) % this.hitEls.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = this.hitEls[Math.max(0, this.selected)];
      // Mod+Enter opens in a new tab, as in core search.
      if (chosen) void this.open(chosen.hit, paneFor(e));
      else {
        this.cancelTimer();
        void this.runSearch();
      }
    }
  }

  private select(i: number): void {
    this.hitEls[this.selected]?.el.removeClass('is-selected');
    this.selected = i;
    const cur = this.hitEls[i];
    if (!cur) return;
    cur.el.addClass('is-selected');
    cur.el.scrollIntoView({ block: 'nearest' });
  }

  private async open(hit: SearchHit, pane: PaneType | false = false): Promise<void> {
    await openNote(this.app, hit.path, hit.startLine, pane);
  }
}

/** What the pane says before a query: what the index is doing, or how to start. */
export function emptyState(state: BrainState): string {
  switch (state.kind) {
    case 'idle':
    case 'starting':
      return 'Opening the index…';
    case 'indexing':
      return state.total > 0
        ? `Indexing your notes (${state.done.toLocaleString('en-US')} / ${state.total.toLocaleString('en-US')}). You can search already: results cover what is indexed so far.`
        : 'Indexing your notes. You can search already: results cover what is indexed so far.';
    case 'error':
      return 'The index could not open. Open the index status from the status bar for details.';
    case 'ready':
      if (state.stats && state.stats.pages === 0) return 'Your vault has no notes to search yet. Notes you write are indexed as you save them.';
      return 'Search your notes by words and meaning. Mod-click a result to open it in a new tab; drag it into a note to link it.';
  }
}

/** The why-badges of the graph arm and of graph augmentation ("graph: works_at", "linked: invested_in"). */
function isGraphWhy(why: string): boolean {
  return why.startsWith('graph') || why.startsWith('linked');
}

function badgeClass(why: string): string {
  if (isGraphWhy(why)) return 'vb-badge-graph';
  if (why === 'semantic') return 'vb-badge-semantic';
  if (why === 'keyword') return 'vb-badge-keyword';
  if (why === 'title') return 'vb-badge-title';
  return 'vb-badge-other';
}
