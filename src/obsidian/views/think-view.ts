// The think pane, a thread: a question box, then each question with the model's text as it streams in and the
// verified answer rendered as Markdown (its [[path|title]] citations open the notes), the gaps as things to act
// on, which notes went to the model provider, one line saying why no model was used when the answer was
// assembled from the notes, and "Save as note". Answers stay until cleared or Obsidian restarts; a follow-up
// may take the previous answer's first cited note as its anchor.
import { errorText } from '../plugin/error-text';
import { LOCAL } from '../plugin/brain-service';
import { ItemView, MarkdownRenderer, Modal, Notice, Setting, type App, type WorkspaceLeaf } from 'obsidian';
import { liveTargetsOf, renderAnswer } from '../../core/think/render';
import { DEFAULT_LLM_SETTINGS } from '../../core/think/settings';
import { synthesisNote } from '../../core/think/synthesis-note';
import type { BrainService } from '../plugin/brain-service';
import type { ThinkGap, ThinkResponse } from '../plugin/op-results';
import { basename } from './grouping';
import { plainSnippet } from './highlight';
import { markNoteRow, paneFor, wireNoteRows } from './note-rows';
import { createLinkedNote, openLink } from './open-note';
import { THINK_VIEW } from './view-types';

/** Streamed text beyond this is not shown (the final answer still is): a runaway model cannot fill memory. */
const MAX_STREAM_CHARS = 100_000;
/** Buttons per gap: a hole linked from hundreds of notes must not bury the pane. */
const MAX_GAP_BUTTONS = 5;

interface Turn {
  question: string;
  el: HTMLElement;
  res: ThinkResponse | null;
}

export class ThinkView extends ItemView {
  private bodyEl!: HTMLElement;
  private boxEl!: HTMLTextAreaElement;
  private followEl!: HTMLInputElement;
  private seq = 0;
  private running: AbortController | null = null;
  private readonly turns: Turn[] = [];

  constructor(
    leaf: WorkspaceLeaf,
    private readonly brain: BrainService,
  ) {
    super(leaf);
  }

  override getViewType(): string {
    return THINK_VIEW;
  }

  override getDisplayText(): string {
    return 'Brain think';
  }

  override getIcon(): string {
    return 'brain';
  }

  override async onOpen(): Promise<void> {
    this.contentEl.empty();
    this.contentEl.addClass('vb-think-view');
    this.bodyEl = this.contentEl.createDiv({ cls: 'vb-think-body' });
    this.bodyEl.createDiv({ cls: 'vb-muted vb-think-empty', text: 'Ask a question about your notes: the answer cites the notes it comes from.' });
    const form = this.contentEl.createDiv({ cls: 'vb-think-ask' });
    this.boxEl = form.createEl('textarea', { cls: 'vb-think-box', attr: { rows: '3', placeholder: 'Ask your notes… (Enter to ask, Shift+Enter for a new line)', 'aria-label': 'Question' } });
    const row = form.createDiv({ cls: 'vb-think-ask-row' });
    const follow = row.createEl('label', { cls: 'vb-think-follow' });
    this.followEl = follow.createEl('input', { type: 'checkbox' });
    follow.appendText('Follow up on the last answer');
    row.createEl('button', { cls: 'vb-think-clear', text: 'Clear', attr: { 'data-action': 'clear' } });
    row.createEl('button', { cls: 'mod-cta vb-think-submit', text: 'Ask', attr: { 'data-action': 'ask' } });
    this.registerDomEvent(this.boxEl, 'keydown', (e: KeyboardEvent) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        this.submit();
      }
    });
    this.registerDomEvent(form, 'click', (e) => {
      const action = e.target instanceof Element ? e.target.closest('[data-action]')?.getAttribute('data-action') : null;
      if (action === 'ask') this.submit();
      else if (action === 'clear') this.clear();
    });
    // Rendered Markdown in a custom view does not follow its own links: one delegated handler does, and the
    // rows and buttons of every answer carry data attributes for the same few listeners.
    this.registerDomEvent(this.bodyEl, 'click', (evt) => this.onClick(evt));
    wireNoteRows(this, this.bodyEl, THINK_VIEW);
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.seq++;
    this.running?.abort();
    this.running = null;
    await Promise.resolve();
  }

  private submit(): void {
    const q = this.boxEl.value.trim();
    if (!q) return;
    this.boxEl.value = '';
    void this.ask(q, { followUp: this.followEl.checked });
  }

  /** Forgets the thread (a running question is cancelled). */
  clear(): void {
    this.running?.abort();
    this.running = null;
    this.seq++;
    this.turns.length = 0;
    this.bodyEl.empty();
    this.bodyEl.createDiv({ cls: 'vb-muted vb-think-empty', text: 'Ask a question about your notes: the answer cites the notes it comes from.' });
  }

  /** The questions asked so far, oldest first (with their answers once they came). */
  get thread(): readonly { question: string; res: ThinkResponse | null }[] {
    return this.turns;
  }

  async ask(question: string, options: { followUp?: boolean } = {}): Promise<void> {
    // A new question cancels the one still streaming (the worker stops the model call) and drops its turn.
    this.running?.abort();
    const last = this.turns.at(-1);
    if (last && !last.res) {
      last.el.remove();
      this.turns.pop();
    }
    const controller = new AbortController();
    this.running = controller;
    const mine = ++this.seq;
    // A follow-up is about the note the previous answer cited first.
    const anchor = options.followUp ? this.turns.at(-1)?.res?.citations[0]?.path : undefined;
    this.bodyEl.querySelector('.vb-think-empty')?.remove();
    const body = this.bodyEl.createDiv({ cls: 'vb-think-turn' });
    const turn: Turn = { question, el: body, res: null };
    this.turns.push(turn);
    body.createEl('h4', { cls: 'vb-think-question', text: question });
    if (anchor) body.createDiv({ cls: 'vb-muted vb-think-anchor', text: `Following up on ${basename(anchor)}` });
    const status = body.createDiv({ cls: 'vb-muted vb-think-status', text: 'Thinking…' });
    const stream = new StreamedText(body.createDiv({ cls: 'vb-think-stream' }));
    body.scrollIntoView({ block: 'end' });
    let res: ThinkResponse;
    try {
      res = await this.brain.think(
        anchor ? { question, anchor } : { question },
        {
          ...LOCAL,
          signal: controller.signal,
          onDelta: (text) => {
            if (mine !== this.seq) return;
            if (stream.length === 0) status.setText('The model is answering…');
            stream.append(text);
          },
        },
      );
    } catch (err) {
      if (mine !== this.seq) return;
      stream.el.remove();
      status.setText(`Could not answer: ${errorText(err)}`);
      status.removeClass('vb-muted');
      status.addClass('vb-error');
      return;
    } finally {
      if (this.running === controller) this.running = null;
    }
    if (mine !== this.seq) return;
    status.remove();
    stream.el.remove();
    turn.res = res;
    await this.render(res, body);
    body.createDiv({ cls: 'vb-think-actions' }).createEl('button', { cls: 'vb-think-save', text: 'Save as note', attr: { 'data-action': 'save', 'data-turn': String(this.turns.indexOf(turn)) } });
  }

  /** Writes one answer as a synthesis note (the CLI's `think --save` format) and opens it. */
  private async save(button: HTMLButtonElement, index: number): Promise<void> {
    const res = this.turns[index]?.res;
    if (!res) return;
    button.disabled = true;
    try {
      const gaps = res.markdown.startsWith(res.answer) ? res.markdown.slice(res.answer.length).trim() : '';
      const note = synthesisNote(res, DEFAULT_LLM_SETTINGS.saveFolder, new Date(), gaps);
      const { vault } = this.app;
      const dir = note.path.includes('/') ? note.path.slice(0, note.path.lastIndexOf('/')) : '';
      if (dir && !vault.getAbstractFileByPath(dir)) await vault.createFolder(dir);
      // Never overwrite: a second save of the same question on the same day gets a number.
      let path = note.path;
      for (let i = 2; vault.getAbstractFileByPath(path); i++) path = note.path.replace(/\.md$/, ` ${i}.md`);
      const file = await vault.create(path, note.text);
      button.setText(`Saved to ${file.path}`);
      button.removeAttribute('data-action');
      markNoteRow(button, file.path);
    } catch (err) {
      new Notice(`Could not save the answer: ${errorText(err)}`);
      button.disabled = false;
    }
  }

  private async render(res: ThinkResponse, body: HTMLElement): Promise<void> {
    if (!res.model) {
      // The one place that says why: the answer's own "no model" callout is left out below.
      const reason = res.fallbackReason ?? 'no model provider is configured';
      body.createDiv({ cls: 'vb-think-fallback', text: `No model was used: ${reason}. This answer is assembled from your notes.` });
    }
    const answer = body.createDiv({ cls: 'vb-think-answer markdown-rendered' });
    // Core made the answer inert (no HTML, remote images or links; only gathered notes linked), so rendering it
    // as Markdown fetches nothing. Without a model the pane re-renders the claims without the callout.
    const markdown = res.fallbackReason && Array.isArray(res.claims) ? renderAnswer(res.claims, undefined, liveTargetsOf(res.excerpts ?? []), 0, res.gaps.find((g) => g.kind === 'absent')?.terms ?? []) : res.answer;
    await MarkdownRenderer.render(this.app, markdown, answer, '', this);
    const withheld = res.withheld ?? [];
    if (withheld.length > 0) {
      // Uncited model lines may be injected by a note: shown only on request, and only as plain text.
      const details = body.createEl('details', { cls: 'vb-think-withheld' });
      details.createEl('summary', { text: `Unsourced, not shown (${withheld.length})` });
      for (const line of withheld) details.createEl('p', { cls: 'vb-muted', text: line });
    }

    if (res.gaps.length > 0) {
      const gaps = body.createDiv({ cls: 'vb-think-gaps' });
      gaps.createEl('h5', { text: 'What your notes do not say' });
      const list = gaps.createEl('ul', { cls: 'vb-gap-list' });
      for (const gap of res.gaps) this.renderGap(list, gap);
    }

    const meta = body.createDiv({ cls: 'vb-think-meta' });
    if (res.model) meta.createDiv({ cls: 'vb-muted vb-think-model', text: `Answered by ${res.model}.` });
    if (res.droppedCitations > 0) {
      meta.createDiv({ cls: 'vb-muted', text: `${res.droppedCitations} citation${res.droppedCitations === 1 ? '' : 's'} to notes that were not gathered removed.` });
    }
    const sent = res.sentToProvider ?? [];
    const details = meta.createEl('details', { cls: 'vb-think-sent' });
    details.createEl('summary', { text: sent.length > 0 ? `Notes sent to the model provider (${sent.length})` : 'No note was sent to a model provider' });
    for (const p of sent) {
      markNoteRow(details.createDiv({ cls: 'vb-link-item', text: p }), p);
    }
  }

  private renderGap(list: HTMLElement, gap: ThinkGap): void {
    const el = list.createEl('li', { cls: ['vb-gap', `vb-gap-${gap.kind.replace(/[^a-z0-9-]/gi, '-')}`] });
    // Gap details name notes in link syntax ("[[Nova Labs]] is linked from 1 note"): shown as the names, as text.
    el.createDiv({ cls: 'vb-gap-detail', text: plainSnippet(gap.detail) });
    const actions = el.createDiv({ cls: 'vb-gap-actions' });
    const target = gap.kind === 'hole' ? gap.target?.trim() : undefined;
    if (target) {
      // A hole's paths are the notes that link to the missing one; the note to create is its target.
      const source = gap.paths[0] ?? '';
      const existing = this.app.metadataCache.getFirstLinkpathDest(target, source);
      actions.createEl('button', {
        cls: 'vb-gap-create',
        text: existing ? `Open ${existing.basename}` : `Create ${target}`,
        attr: { 'data-action': 'create', 'data-target': target, 'data-source': source },
      });
    }
    for (const p of gap.paths.slice(0, MAX_GAP_BUTTONS)) {
      if (this.app.vault.getAbstractFileByPath(p) === null) continue;
      markNoteRow(actions.createEl('button', { text: `Open ${basename(p)}` }), p);
    }
  }

  private async createOrOpen(button: HTMLButtonElement, target: string, source: string): Promise<void> {
    button.disabled = true;
    try {
      const file = await createLinkedNote(this.app, target, source);
      button.setText(`Open ${file.basename}`);
    } catch (err) {
      new Notice(`Could not create "${target}": ${errorText(err)}`);
    } finally {
      button.disabled = false;
    }
  }

  private onClick(evt: MouseEvent): void {
    const target = evt.target instanceof Element ? evt.target : null;
    const save = target?.closest<HTMLButtonElement>('button[data-action="save"]');
    if (save) {
      void this.save(save, Number(save.getAttribute('data-turn')));
      return;
    }
    const create = target?.closest<HTMLButtonElement>('button[data-action="create"]');
    if (create) {
      void this.createOrOpen(create, create.getAttribute('data-target') ?? '', create.getAttribute('data-source') ?? '');
      return;
    }
    const link = target?.closest('a.internal-link');
    if (!link) return;
    const href = link.getAttribute('data-href') ?? link.getAttribute('href');
    if (!href) return;
    evt.preventDefault();
    void openLink(this.app, href, '', paneFor(evt));
  }
}

/** The model's raw text as it arrives, as plain text line by line (never parsed as Markdown or HTML). */
class StreamedText {
  private line: HTMLElement | null = null;
  length = 0;

  constructor(readonly el: HTMLElement) {}

  append(text: string): void {
    if (this.length >= MAX_STREAM_CHARS) return;
    const piece = text.slice(0, MAX_STREAM_CHARS - this.length);
    this.length += piece.length;
    piece.split('\n').forEach((part, i) => {
      if (i > 0 || !this.line) this.line = this.el.createDiv({ cls: 'vb-think-stream-line' });
      if (part) this.line.appendText(part);
    });
  }
}

/** Asks for the question (prefilled with the editor selection). */
export class ThinkModal extends Modal {
  constructor(
    app: App,
    private readonly initial: string,
    private readonly onSubmit: (question: string) => void,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.titleEl.setText('Think about…');
    let value = this.initial;
    const area = this.contentEl.createEl('textarea', { cls: 'vb-think-input', attr: { rows: '4', placeholder: 'What changed in our plans this month?' } });
    area.value = value;
    area.addEventListener('input', () => (value = area.value));
    const submit = (): void => {
      const q = value.trim();
      if (!q) return;
      this.close();
      this.onSubmit(q);
    };
    area.addEventListener('keydown', (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        submit();
      }
    });
    new Setting(this.contentEl).addButton((b) => b.setButtonText('Think').setCta().onClick(submit));
    area.focus();
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}
