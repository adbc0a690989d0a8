// The think pane: a question's answer rendered as Markdown (so [[links]] work), the gaps the brain found as
// things to act on, which notes went to the model provider, and the fallback line when no model was used.
import { ItemView, MarkdownRenderer, Modal, Setting, type App, type WorkspaceLeaf } from 'obsidian';
import type { BrainService } from '../plugin/brain-service';
import type { ThinkGap, ThinkResponse } from '../plugin/op-results';
import { basename } from './grouping';
import { openLink, openNote } from './open-note';
import { THINK_VIEW } from './view-types';

export class ThinkView extends ItemView {
  private bodyEl!: HTMLElement;
  private seq = 0;

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
    await Promise.resolve();
  }

  override async onClose(): Promise<void> {
    this.seq++;
    await Promise.resolve();
  }

  async ask(question: string): Promise<void> {
    const mine = ++this.seq;
    const body = this.bodyEl;
    body.empty();
    body.createEl('h4', { cls: 'vb-think-question', text: question });
    const waiting = body.createDiv({ cls: 'vb-muted', text: 'Thinking…' });
    let res: ThinkResponse;
    try {
      res = await this.brain.op<ThinkResponse>('think', { question });
    } catch (err) {
      if (mine !== this.seq) return;
      waiting.setText(`Could not answer: ${err instanceof Error ? err.message : String(err)}`);
      waiting.addClass('vb-error');
      return;
    }
    if (mine !== this.seq) return;
    waiting.remove();
    await this.render(res);
  }

  private async render(res: ThinkResponse): Promise<void> {
    const body = this.bodyEl;
    const answer = body.createDiv({ cls: 'vb-think-answer markdown-rendered' });
    await MarkdownRenderer.render(this.app, res.answer, answer, '', this);

    if (res.gaps.length > 0) {
      const gaps = body.createDiv({ cls: 'vb-think-gaps' });
      gaps.createEl('h5', { text: 'Gaps' });
      for (const gap of res.gaps) this.renderGap(gaps, gap);
    }

    const meta = body.createDiv({ cls: 'vb-think-meta' });
    if (res.fallbackReason || !res.model) {
      meta.createDiv({ cls: 'vb-think-fallback', text: `No model was used${res.fallbackReason ? `: ${res.fallbackReason}` : ''}. This answer is assembled from your notes.` });
    } else {
      meta.createDiv({ cls: 'vb-muted', text: `Answered by ${res.model}.` });
    }
    const sent = res.sentToProvider ?? [];
    const details = meta.createEl('details', { cls: 'vb-think-sent' });
    details.createEl('summary', { text: sent.length > 0 ? `Notes sent to the model provider (${sent.length})` : 'No note was sent to a model provider' });
    for (const p of sent) {
      const item = details.createDiv({ cls: 'vb-link-item', text: p });
      this.registerDomEvent(item, 'click', () => void openNote(this.app, p));
    }
  }

  private renderGap(parent: HTMLElement, gap: ThinkGap): void {
    const el = parent.createDiv({ cls: ['vb-gap', `vb-gap-${gap.kind.replace(/[^a-z0-9-]/gi, '-')}`] });
    el.createDiv({ cls: 'vb-gap-detail', text: gap.detail });
    const actions = el.createDiv({ cls: 'vb-gap-actions' });
    for (const p of gap.paths.slice(0, 10)) {
      const exists = this.app.vault.getAbstractFileByPath(p) !== null;
      const button = actions.createEl('button', { text: exists ? `Open ${basename(p)}` : `Create ${basename(p)}` });
      this.registerDomEvent(button, 'click', () => void (exists ? openNote(this.app, p) : openLink(this.app, p.replace(/\.md$/i, ''), '')));
    }
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
