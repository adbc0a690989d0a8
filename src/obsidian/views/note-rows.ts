// Rows that stand for a note behave like core Search and Backlinks results: a click opens the note (at its
// line), Mod-click / middle-click open it in a new tab (Mod+Alt: a split), hovering with Mod shows Obsidian's
// page preview, and dragging a row into an editor drops a link to it. A pane wires this once on its root:
// rows only carry data attributes, so re-rendering adds no listeners (one delegated listener per event type).
import { Keymap, TFile, type ItemView, type PaneType } from 'obsidian';
import { openNote } from './open-note';

/** The attributes a row carries: `data-path` (vault path), optionally `data-line` (1-based). */
export function markNoteRow(el: HTMLElement | SVGElement, path: string, line?: number | null): void {
  el.setAttribute('data-path', path);
  if (line && line > 0) el.setAttribute('data-line', String(line));
  if (el instanceof HTMLElement) el.draggable = true;
}

export function rowOf(root: HTMLElement, target: EventTarget | null): HTMLElement | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-path]') : null;
  return el && root.contains(el) ? el : null;
}

function lineOf(el: HTMLElement): number | undefined {
  const n = Number(el.getAttribute('data-line'));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** New tab, split or window for a Mod / middle click; the current tab otherwise. */
export function paneFor(evt: MouseEvent | KeyboardEvent): PaneType | false {
  const pane = Keymap.isModEvent(evt);
  return pane === true ? 'tab' : pane;
}

export function wireNoteRows(view: ItemView, root: HTMLElement, source: string): void {
  const { app } = view;
  const open = (evt: MouseEvent): void => {
    const row = rowOf(root, evt.target);
    // Controls inside a row (expand, "link it": marked data-action) act on their own.
    if (!row || (evt.target instanceof Element && evt.target.closest('summary, [data-action]'))) return;
    evt.preventDefault();
    void openNote(app, row.getAttribute('data-path') ?? '', lineOf(row), paneFor(evt));
  };
  view.registerDomEvent(root, 'click', open);
  view.registerDomEvent(root, 'auxclick', (evt) => {
    if (evt.button === 1) open(evt);
  });
  view.registerDomEvent(root, 'mouseover', (evt) => {
    const row = rowOf(root, evt.target);
    // Once per entry into a row, not per child element crossed inside it.
    if (!row || (evt.relatedTarget instanceof Node && row.contains(evt.relatedTarget))) return;
    const line = lineOf(row);
    app.workspace.trigger('hover-link', {
      event: evt,
      source,
      hoverParent: view,
      targetEl: row,
      linktext: row.getAttribute('data-path') ?? '',
      sourcePath: '',
      ...(line ? { state: { scroll: line - 1 } } : {}),
    });
  });
  view.registerDomEvent(root, 'dragstart', (evt) => {
    const row = rowOf(root, evt.target);
    const file = row ? app.vault.getAbstractFileByPath(row.getAttribute('data-path') ?? '') : null;
    if (!(file instanceof TFile) || !evt.dataTransfer) return;
    // The link the user's own link settings would write, relative to the note it lands in.
    const link = app.fileManager.generateMarkdownLink(file, app.workspace.getActiveFile()?.path ?? '');
    evt.dataTransfer.setData('text/plain', link);
    evt.dataTransfer.effectAllowed = 'copyLink';
  });
}
