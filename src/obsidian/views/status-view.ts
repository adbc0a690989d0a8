// The index status view: counts, last run, every skipped or failed file and why, and a box answering
// "why isn't this note found?".
import { errorText } from '../plugin/error-text';
import { LOCAL } from '../plugin/brain-service';
import { ItemView, type WorkspaceLeaf } from 'obsidian';
import type { BrainState } from '../plugin/brain-service';
import type { VaultBrainHost } from '../plugin/host';
import type { StatsResponse, StatusResponse } from '../plugin/op-results';
import { effectiveRules, obsidianIgnoreFilters } from '../plugin/settings';
import { semanticOffText, statusText } from '../plugin/status-text';
import { describeDiagnosis, diagnoseNote } from '../plugin/why-not-found';
import { markNoteRow, wireNoteRows } from './note-rows';
import { STATUS_VIEW } from './view-types';

const fmt = (n: number): string => n.toLocaleString('en-US');

export class IndexStatusView extends ItemView {
  private summaryEl!: HTMLElement;
  private filesEl!: HTMLElement;
  private answerEl!: HTMLElement;
  private seq = 0;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: VaultBrainHost,
  ) {
    super(leaf);
  }

  override getViewType(): string {
    return STATUS_VIEW;
  }

  override getDisplayText(): string {
    return 'Brain index status';
  }

  override getIcon(): string {
    return 'activity';
  }

  override async onOpen(): Promise<void> {
    const root = this.contentEl;
    root.empty();
    root.addClass('vb-status-view');
    root.createEl('h3', { text: 'Index status' });
    this.summaryEl = root.createDiv({ cls: 'vb-status-summary' });

    const why = root.createDiv({ cls: 'vb-why' });
    why.createEl('h4', { text: 'Why isn\'t this note found?' });
    const form = why.createDiv({ cls: 'vb-why-form' });
    const input = form.createEl('input', { type: 'text', attr: { placeholder: 'Note name or path', 'aria-label': 'Note name or path' } });
    const button = form.createEl('button', { text: 'Check' });
    this.answerEl = why.createDiv({ cls: 'vb-why-answer' });
    const ask = (): void => void this.explain(input.value);
    this.registerDomEvent(button, 'click', ask);
    this.registerDomEvent(input, 'keydown', (e: KeyboardEvent) => {
      if (e.key === 'Enter') ask();
    });

    root.createEl('h4', { text: 'Skipped and failed files' });
    this.filesEl = root.createDiv({ cls: 'vb-status-files' });
    wireNoteRows(this, this.filesEl, STATUS_VIEW);
    this.register(this.host.brain.onState((s) => {
      if (s.kind === 'ready' || s.kind === 'error') void this.refresh();
    }));
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const mine = ++this.seq;
    const state = this.host.brain.state;
    if (state.kind === 'error' || state.kind === 'idle') {
      this.renderState(state);
      return;
    }
    try {
      const [status, stats] = await Promise.all([
        this.host.brain.op('status', { limit: 1000 }, LOCAL),
        this.host.brain.op('stats', {}, LOCAL),
      ]);
      if (mine !== this.seq) return;
      this.renderSummary(status, stats, this.host.brain.state);
      this.renderFiles(status);
    } catch (err) {
      if (mine !== this.seq) return;
      this.summaryEl.empty();
      this.summaryEl.createDiv({ cls: 'vb-error', text: `Could not read the index status: ${errorText(err)}` });
    }
  }

  private renderState(state: BrainState): void {
    this.summaryEl.empty();
    const t = statusText(state);
    this.summaryEl.createDiv({ cls: t.isError ? 'vb-error' : 'vb-muted', text: t.isError ? t.tooltip : t.text });
    for (const l of this.host.brain.logs.slice(-10)) this.summaryEl.createDiv({ cls: ['vb-log', `vb-log-${l.level}`], text: l.message });
    this.filesEl.empty();
  }

  private renderSummary(status: StatusResponse, stats: StatsResponse, state: BrainState): void {
    const el = this.summaryEl;
    el.empty();
    el.createDiv({ cls: 'vb-muted', text: statusText(state).text });
    const off = this.host.brain.semanticOff;
    if (off) this.renderSemanticOff(el, off);
    const table = el.createEl('table', { cls: 'vb-counts' });
    const row = (name: string, value: string): void => {
      const tr = table.createEl('tr');
      tr.createEl('th', { text: name });
      tr.createEl('td', { text: value });
    };
    row('Indexed files', fmt(status.indexed));
    row('Skipped', fmt(status.skipped));
    row('Failed', fmt(status.failed));
    row('Notes', fmt(stats.pages));
    row('Chunks', fmt(stats.chunks));
    row('Links', `${fmt(stats.links)} (${fmt(stats.typedLinks)} typed, ${fmt(stats.dangling)} to missing notes)`);
    const embedded = Object.values(stats.embeddedByModel).reduce((a, b) => a + b, 0);
    row('Embedded chunks', `${fmt(embedded)}${status.embedder ? ` (${status.embedder})` : ''}`);
    row('Last run', status.lastIndexedAt ? new Date(status.lastIndexedAt).toLocaleString() : 'never');
    const r = status.lastRecovery;
    if (r) {
      const note = el.createDiv({ cls: ['vb-log', 'vb-log-warn', 'vb-status-recovery'] });
      note.setText(`Rebuilt ${new Date(r.at).toLocaleString()}: the index database was damaged (${r.reason}); a fresh one was rebuilt from the notes.`);
    }
  }

  /** "Semantic search off: <reason>" and a Retry that asks the provider again now instead of after the pause. */
  private renderSemanticOff(parent: HTMLElement, reason: string): void {
    const box = parent.createDiv({ cls: ['vb-log', 'vb-log-warn', 'vb-semantic-off'] });
    box.createSpan({ text: semanticOffText(reason) });
    const retry = box.createEl('button', { cls: 'vb-semantic-retry', text: 'Retry' });
    this.registerDomEvent(retry, 'click', () => {
      retry.disabled = true;
      retry.setText('Retrying…');
      // The state change after the run re-renders the view with the outcome.
      void this.host.brain.retrySemantic().catch((err: unknown) => {
        retry.disabled = false;
        retry.setText('Retry');
        box.createDiv({ cls: 'vb-error', text: `Retry failed: ${errorText(err)}` });
      });
    });
  }

  private renderFiles(status: StatusResponse): void {
    const el = this.filesEl;
    el.empty();
    if (status.files.length === 0) {
      el.createDiv({ cls: 'vb-muted', text: 'Every file was indexed.' });
      return;
    }
    for (const f of status.files) {
      const item = el.createDiv({ cls: ['vb-status-file', `vb-status-${f.status}`] });
      markNoteRow(item, f.path);
      item.createSpan({ cls: 'vb-status-path', text: f.path });
      item.createSpan({ cls: 'vb-status-label', text: f.status });
      if (f.reason) item.createDiv({ cls: 'vb-status-reason', text: f.reason });
    }
  }

  async explain(query: string): Promise<string> {
    this.answerEl.setText('Checking…');
    let text: string;
    try {
      const d = await diagnoseNote(query, {
        files: this.app.vault.getFiles().map((f) => f.path),
        rules: effectiveRules(this.host.settings, this.app.vault.configDir, obsidianIgnoreFilters(this.app.vault)),
        call: (name, params) => this.host.brain.op(name, params, LOCAL),
      });
      text = describeDiagnosis(d);
    } catch (err) {
      text = `Could not check: ${errorText(err)}`;
    }
    this.answerEl.setText(text);
    return text;
  }
}
