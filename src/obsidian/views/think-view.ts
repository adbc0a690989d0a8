// The think pane: the model's text as it streams in, then the verified answer rendered as Markdown (its
// [[path|title]] citations open the notes), the gaps as things to act on, which notes went to the model
// provider, and one line saying why no model was used when the answer was assembled from the notes.
import { errorText } from '../plugin/error-text';
import { LOCAL } from '../plugin/brain-service';
import { ItemView, MarkdownRenderer, Modal, Notice, Setting, type App, type WorkspaceLeaf } from 'obsidian';
import { liveTargetsOf, renderAnswer } from '../../core/think/render';
import type { BrainService } from '../plugin/brain-service';
import type { ThinkGap, ThinkResponse } from '../plugin/op-results';
import { basename } from './grouping';
import { markNoteRow, paneFor, wireNoteRows } from './note-rows';
import { createLinkedNote, openLink } from './open-note';
import { THINK_VIEW } from './view-types';

/** Streamed text beyond this is not shown (the final answer still is): a runaway model cannot fill memory. */
const MAX_STREAM_CHARS = 100_000;
/** Buttons per gap: a hole linked from hundreds of notes must not bury the pane. */
const MAX_GAP_BUTTONS = 5;

export class ThinkView extends ItemView {
  private bodyEl!: HTMLElement;
  private seq = 0;
  private running: AbortController | null = null;

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
    this.bodyEl.createDiv({ cls: 'vb-muted', text: 'Use the "Think about…" command to ask a question about your notes.' });
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

  async ask(question: string): Promise<void> {
    // A new question cancels the one still streaming (the worker stops the model call).
    this.running?.abort();
    const controller = new AbortController();
    this.running = controller;
    const mine = ++this.seq;
    const body = this.bodyEl;
    body.empty();
    body.createEl('h4', { cls: 'vb-think-question', text: question });
    const status = body.createDiv({ cls: 'vb-muted vb-think-status', text: 'Thinking…' });
    const stream = new StreamedText(body.createDiv({ cls: 'vb-think-stream' }));
    let res: ThinkResponse;
    try {
      res = await this.brain.think(
        { question },
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
    await this.render(res);
  }

  private async render(res: ThinkResponse): Promise<void> {
    const body = this.bodyEl;
    if (!res.model) {
      // The one place that says why: the answer's own "no model" callout is left out below.
      const reason = res.fallbackReason ?? 'no model provider is configured';
      body.createDiv({ cls: 'vb-think-fallback', text: `No model was used: ${reason}. This answer is assembled from your notes.` });
    }
    const answer = body.createDiv({ cls: 'vb-think-answer markdown-rendered' });
    // Core made the answer inert (no HTML, remote images or links; only gathered notes linked), so rendering it
    // as Markdown fetches nothing. Without a model the pane re-renders the claims without the callout.
    const markdown = res.fallbackReason && Array.isArray(res.claims) ? renderAnswer(res.claims, undefined, liveTargetsOf(res.excerpts ?? [])) : res.answer;
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
    el.createDiv({ cls: 'vb-gap-detail', text: gap.detail });
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
