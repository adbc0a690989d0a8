// The quick search modal (what Omnisearch users reach for): the same engine as the search pane in a
// SuggestModal. Type, move with the arrow keys, Enter opens the note at the matching line, Mod+Enter opens it
// in a new tab. Only the answer to the latest query is shown.
import { SuggestModal, type App } from 'obsidian';
import { LOCAL, type BrainService } from '../plugin/brain-service';
import type { SearchMode } from '../../core/search/modes';
import { errorText } from '../plugin/error-text';
import type { SearchHit, SearchResponse } from '../plugin/op-results';
import { headingUnderTitle } from './grouping';
import { highlightRuns } from './highlight';
import { paneFor } from './note-rows';
import { openNote } from './open-note';

const LIMIT = 20;

export class QuickSearchModal extends SuggestModal<SearchHit> {
  private seq = 0;
  /** The list for the newest query answered so far: what a late, older answer is replaced with. */
  private latest: SearchHit[] = [];

  constructor(
    app: App,
    private readonly brain: BrainService,
    /** The "Search mode" setting, as the search pane reads it. */
    private readonly mode: () => SearchMode,
  ) {
    super(app);
    this.setPlaceholder('Search your notes…');
    this.setInstructions([
      { command: '↑↓', purpose: 'to move' },
      { command: '↵', purpose: 'to open at the line' },
      { command: 'Mod ↵', purpose: 'to open in a new tab' },
      { command: 'esc', purpose: 'to close' },
    ]);
    // Mod+Enter picks the highlighted hit like Enter; onChooseSuggestion reads the modifier from the event.
    this.scope.register(['Mod'], 'Enter', (evt) => {
      this.selectActiveSuggestion(evt);
      return false;
    });
  }

  async getSuggestions(query: string): Promise<SearchHit[]> {
    const q = query.trim();
    const mine = ++this.seq;
    if (!q) return [];
    try {
      const res = (await this.brain.op('search', { query: q, limit: LIMIT, mode: this.mode() }, LOCAL)) as SearchResponse;
      // A slower answer to an older query must not replace the newer one's list.
      if (mine !== this.seq) return this.latest;
      this.latest = res.results;
      return res.results;
    } catch (err) {
      this.emptyStateText = `Search failed: ${errorText(err)}`;
      return [];
    }
  }

  renderSuggestion(hit: SearchHit, el: HTMLElement): void {
    el.addClass('vb-quick-hit');
    const head = el.createDiv({ cls: 'vb-quick-title' });
    const title = hit.title || hit.path;
    head.createSpan({ text: title });
    const heading = headingUnderTitle(hit.heading, title);
    if (heading) head.createSpan({ cls: 'vb-quick-heading', text: ` › ${heading}` });
    const snippet = el.createDiv({ cls: 'vb-quick-snippet' });
    // Core's display text, marked as given (as in the search pane).
    for (const run of highlightRuns(hit.snippet, hit.highlights ?? [], true)) {
      if (run.match) snippet.createSpan({ cls: 'vb-hl', text: run.text });
      else snippet.appendText(run.text);
    }
    el.createDiv({ cls: 'vb-quick-path', text: hit.path });
  }

  onChooseSuggestion(hit: SearchHit, evt: MouseEvent | KeyboardEvent): void {
    void openNote(this.app, hit.path, hit.startLine, paneFor(evt));
  }
}
