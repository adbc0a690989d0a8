// The links pane's sections beyond links: unlinked mentions (each place another note names this one without a
// link, with a "Link it" button) and related notes (not linked yet, each with why). "Link it" calls the
// `link_mention` op, as an agent would: the worker checks the words name this note and picks the link text, the
// plugin rewrites that one place through the vault API (Vault.process, so the app, its cache and sync see the
// user's own edit), and the op indexes the note as written.
import { Notice } from 'obsidian';
import { errorText } from '../plugin/error-text';
import type { OpResult } from '../../core/ops';
import { LOCAL, type BrainService } from '../plugin/brain-service';
import { basename } from './grouping';
import { markNoteRow } from './note-rows';

export type UnlinkedMentionsResponse = OpResult<'unlinked_mentions'>;
export type RelatedNotesResponse = OpResult<'related_notes'>;

/** One row per mentioning note, each place below it with its context and a "Link it" button. */
export function renderMentions(root: HTMLElement, r: UnlinkedMentionsResponse): void {
  if (r.notes.length === 0) return;
  const count = r.notes.reduce((n, note) => n + note.mentions.length, 0);
  const sec = root.createDiv({ cls: 'vb-links-section vb-unlinked' });
  sec.createDiv({ cls: 'vb-section-title', text: `Unlinked mentions (${count})` });
  for (const note of r.notes) {
    const item = sec.createDiv({ cls: 'vb-link-item' });
    markNoteRow(item, note.path, note.mentions[0]?.line ?? null);
    const head = item.createDiv({ cls: 'vb-link-head' });
    head.createSpan({ cls: 'vb-link-name', text: basename(note.path) });
    if (note.mentions.length > 1) head.createSpan({ cls: 'vb-link-count', text: String(note.mentions.length), attr: { 'aria-label': `${note.mentions.length} mentions` } });
    for (const m of note.mentions) {
      const el = item.createDiv({ cls: 'vb-link-context vb-mention' });
      markNoteRow(el, note.path, m.line);
      el.appendText(m.context);
      el.createEl('button', {
        cls: 'vb-link-it',
        text: 'Link it',
        attr: {
          'data-action': 'link-mention',
          'data-line': String(m.line),
          'data-column': String(m.column),
          'data-text': m.text,
          'aria-label': `Link "${m.text}" to ${basename(r.note)}`,
        },
      });
    }
  }
}

/** Related notes, best first: the note, a score bar and why it is related. */
export function renderRelated(root: HTMLElement, r: RelatedNotesResponse): void {
  if (r.notes.length === 0) return;
  const sec = root.createDiv({ cls: 'vb-links-section vb-related' });
  sec.createDiv({ cls: 'vb-section-title', text: `Related notes (${r.notes.length})` });
  for (const n of r.notes) {
    const item = sec.createDiv({ cls: 'vb-link-item vb-related-item' });
    markNoteRow(item, n.path);
    const head = item.createDiv({ cls: 'vb-link-head' });
    head.createSpan({ cls: 'vb-link-name', text: n.title || basename(n.path) });
    if (n.why) item.createDiv({ cls: 'vb-link-context vb-related-why', text: n.why });
  }
}

/**
 * Handles a click on "Link it": rewrites that one place of the mentioning note to a link to `target`. Returns
 * true when the note was changed; a place that moved (the note was edited since the list was read) is said.
 */
export async function linkItClicked(brain: BrainService, button: HTMLElement, target: string): Promise<boolean> {
  const note = button.closest<HTMLElement>('[data-path]')?.getAttribute('data-path');
  if (!note) return false;
  const at = {
    line: Number(button.getAttribute('data-line')),
    column: Number(button.getAttribute('data-column')),
    text: button.getAttribute('data-text') ?? '',
  };
  button.setAttribute('disabled', 'true');
  try {
    await brain.op('link_mention', { note, target, ...at }, LOCAL);
    button.closest('.vb-mention')?.addClass('is-linked');
    button.setText('Linked');
    return true;
  } catch (err) {
    button.removeAttribute('disabled');
    new Notice(`Vault Brain: ${errorText(err)}`);
    return false;
  }
}
