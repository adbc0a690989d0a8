// The links pane's unlinked mentions and related notes: each place is listed with a "Link it" that asks the
// `link_mention` op to rewrite that one place (the fake worker serves it through the plugin's own vault writer, as
// the real worker's call reaches it: the rest of the note untouched), a place edited since is refused with a
// notice, and related notes show why they are related. A failing extra never hides the links.
import { describe, expect, it } from 'vitest';
import { findUnlinkedMentions } from '../../src/core/links/unlinked-mentions';
import { ObsidianNoteWriter } from '../../src/obsidian/bridge/obsidian-note-writer';
import { LinksView } from '../../src/obsidian/views/links-view';
import { setupBrain } from './brain-setup';

const SYNC = '# Sync\n\nWe met Acme today; acme will ship. See `Acme` and [[Acme]].\n';

function noLinks(fake: ReturnType<typeof setupBrain>['fake']): void {
  fake.ops.set('links', (p) => ({ note: p.note, links: [] }));
  fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [] }));
  fake.ops.set('traverse', (p) => ({ note: p.note, nodes: [] }));
}

/** `link_mention` as the worker's op reaches the plugin: the place is rewritten by the plugin's vault writer. */
function linkMentionThroughVault({ app, fake }: ReturnType<typeof setupBrain>): void {
  const writer = new ObsidianNoteWriter(app.vault as never);
  fake.ops.set('link_mention', async (p) => {
    await writer.linkMention(p.note as string, { line: p.line as number, column: p.column as number, text: p.text as string }, 'Acme');
    return { path: p.note, target: p.target, linked: true };
  });
}

describe('links pane: unlinked mentions', () => {
  it('lists each unlinked place and links exactly the one clicked, through the vault', async () => {
    const setup = setupBrain({ 'Meetings/Sync.md': SYNC });
    const { app, fake, brain, leaf } = setup;
    await brain.start();
    noLinks(fake);
    linkMentionThroughVault(setup);
    fake.ops.set('unlinked_mentions', (p) => ({
      note: p.note,
      names: ['Acme'],
      linktext: 'Acme',
      notes: [{ path: 'Meetings/Sync.md', title: 'Sync', mentions: findUnlinkedMentions(SYNC, ['Acme']) }],
    }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('Companies/Acme.md');
    const sec = view.contentEl.querySelector('.vb-unlinked')!;
    expect(sec.querySelector('.vb-section-title')!.textContent).toBe('Unlinked mentions (2)');
    const places = [...sec.querySelectorAll('.vb-mention')];
    expect(places.map((e) => e.getAttribute('data-line'))).toEqual(['3', '3']);
    expect(places[1]!.textContent).toContain('acme will ship');
    places[1]!.querySelector<HTMLElement>('[data-action="link-mention"]')!.click();
    await new Promise((r) => setTimeout(r, 10));
    const file = app.vault.getFileByPath('Meetings/Sync.md')!;
    expect(await app.vault.read(file)).toBe('# Sync\n\nWe met Acme today; [[acme]] will ship. See `Acme` and [[Acme]].\n');
    expect(places[1]!.classList.contains('is-linked')).toBe(true);
    expect(fake.callsOf('op').filter(([name]) => name === 'link_mention')[0]![1]).toEqual({ note: 'Meetings/Sync.md', target: 'Companies/Acme.md', line: 3, column: 19, text: 'acme' });
    // The clicked button is not a row: the note was not opened in place of the pane's leaf.
    expect(app.workspace.getActiveFile()?.path ?? null).not.toBe('Meetings/Sync.md');

    // The first place, from the list read before the edit, is still where it was: linking it works too.
    places[0]!.querySelector<HTMLElement>('[data-action="link-mention"]')!.click();
    await new Promise((r) => setTimeout(r, 10));
    expect(await app.vault.read(file)).toBe('# Sync\n\nWe met [[Acme]] today; [[acme]] will ship. See `Acme` and [[Acme]].\n');
  });

  it('refuses a place that changed since the list was read, leaving the note as it is', async () => {
    const setup = setupBrain({ 'Meetings/Sync.md': SYNC });
    const { app, fake, brain, leaf } = setup;
    await brain.start();
    noLinks(fake);
    linkMentionThroughVault(setup);
    fake.ops.set('unlinked_mentions', (p) => ({ note: p.note, names: ['Acme'], linktext: 'Acme', notes: [{ path: 'Meetings/Sync.md', title: 'Sync', mentions: findUnlinkedMentions(SYNC, ['Acme']) }] }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('Companies/Acme.md');
    const file = app.vault.getFileByPath('Meetings/Sync.md')!;
    const edited = SYNC.replace('We met Acme', 'Yesterday we met Acme');
    await app.vault.modify(file, edited);
    const button = view.contentEl.querySelector<HTMLElement>('[data-action="link-mention"]')!;
    button.click();
    await new Promise((r) => setTimeout(r, 10));
    expect(await app.vault.read(file)).toBe(edited);
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});

describe('links pane: related notes', () => {
  it('shows related notes with why, each row opening its note, and keeps the links when an extra fails', async () => {
    const { fake, brain, leaf } = setupBrain({ 'Notes/Robots.md': '# Robots' });
    await brain.start();
    noLinks(fake);
    fake.ops.set('unlinked_mentions', () => {
      throw new Error('boom');
    });
    fake.ops.set('related_notes', (p) => ({
      note: p.note,
      embedder: 'builtin:x',
      warnings: [],
      notes: [{ path: 'Notes/Robots.md', title: 'Robots', score: 0.9, similarity: 0.7, sharedLinks: [], sharedTags: ['robots'], why: 'similar text (70%); shared tags #robots' }],
    }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('Companies/Acme.md');
    expect(view.contentEl.querySelector('.vb-empty')!.textContent).toBe('This note has no links yet.');
    expect(view.contentEl.querySelector('.vb-unlinked')).toBeNull();
    const row = view.contentEl.querySelector('.vb-related .vb-related-item')!;
    expect(row.getAttribute('data-path')).toBe('Notes/Robots.md');
    expect(row.querySelector('.vb-link-name')!.textContent).toBe('Robots');
    expect(row.querySelector('.vb-related-why')!.textContent).toBe('similar text (70%); shared tags #robots');
  });
});
