// Navigation like core Search and Backlinks (Mod-click / middle-click to a new tab, Mod+Enter, hover-link page
// previews, drag a row to drop a link), one delegated set of listeners per pane however often it re-renders,
// and the first-run surfaces (ribbon icon, search pane opened on first enable, file menu, empty states).
import { App, Menu, Plugin as MockPlugin, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VaultBrainHost } from '../../src/obsidian/plugin/host';
import type { SearchHit } from '../../src/obsidian/plugin/op-results';
import { mergeSettings } from '../../src/obsidian/plugin/settings';
import { LinksView } from '../../src/obsidian/views/links-view';
import { emptyState, SearchView } from '../../src/obsidian/views/search-view';
import { IndexStatusView } from '../../src/obsidian/views/status-view';
import { ThinkView } from '../../src/obsidian/views/think-view';
import { LINKS_VIEW, SEARCH_VIEW } from '../../src/obsidian/views/view-types';
import { setupBrain, type BrainSetup } from './brain-setup';
import { FakeClient, STATS, thinkResult } from './fakes';
import { manifest, TestPlugin } from './test-plugin';

const setup = (): BrainSetup => setupBrain({ 'Meetings/Kickoff.md': '# Kickoff' });

const hit = (path: string, title: string, line: number): SearchHit => ({ path, title, score: 1, heading: null, snippet: `about ${title}`, startLine: line, endLine: line + 1, why: ['keyword'] });

function searchOps(fake: FakeClient): void {
  fake.ops.set('search', (p) => ({ query: p.query, results: [hit('People/Alice Chen.md', 'Alice Chen', 7), hit('Companies/Acme.md', 'Acme', 2)] }));
}

function linkOps(fake: FakeClient): void {
  fake.ops.set('links', (p) => ({ note: p.note, links: [{ to: 'Companies/Acme.md', raw: '[[Acme]]', type: 'works_at', source: 'wikilink', line: 3, context: 'works at [[Acme]]', targetText: 'Acme', field: null, direction: 'out' }] }));
  fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [{ from: 'Meetings/Kickoff.md', type: 'attended', context: 'with [[Alice Chen]]', line: 4, source: 'wikilink', direction: 'in' }] }));
  fake.ops.set('traverse', (p) => ({ note: p.note, nodes: [{ path: 'Companies/Acme.md', title: 'Acme', depth: 1, via: [{ linkId: 1, from: String(p.note), to: 'Companies/Acme.md', type: 'works_at' }] }] }));
}

/** Records where notes were opened: path, line state and whether a new leaf was asked for. */
function recordOpens(app: App): { path: string; state: unknown; pane: unknown }[] {
  const opened: { path: string; state: unknown; pane: unknown }[] = [];
  const getLeaf = app.workspace.getLeaf.bind(app.workspace);
  vi.spyOn(app.workspace, 'getLeaf').mockImplementation((pane) => {
    const leaf = getLeaf(pane);
    vi.spyOn(leaf, 'openFile').mockImplementation(async (file, state) => {
      opened.push({ path: file.path, state, pane: pane ?? false });
      await Promise.resolve();
    });
    return leaf;
  });
  return opened;
}

/** Counts addEventListener calls from now on (every registerDomEvent ends in one). */
function countListeners(): { readonly added: number } {
  const spy = vi.spyOn(EventTarget.prototype, 'addEventListener');
  return {
    get added() {
      return spy.mock.calls.length;
    },
  };
}

const click = (el: Element, init: MouseEventInit = {}): boolean => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));

describe('navigation like core search', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a result in place on click, in a new tab on Mod-click or middle-click, in a split on Mod+Alt-click, and in a new tab on Mod+Enter', async () => {
    const { app, fake, brain, leaf } = setup();
    await brain.start();
    searchOps(fake);
    const opened = recordOpens(app);
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    await view.setQuery('alice');
    const rows = view.contentEl.querySelectorAll('.vb-result');
    click(rows[0]!);
    click(rows[1]!, { ctrlKey: true });
    rows[0]!.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    click(rows[1]!, { ctrlKey: true, altKey: true });
    const input = view.contentEl.querySelector<HTMLInputElement>('.vb-search-input')!;
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    await vi.waitFor(() => expect(opened).toHaveLength(5));
    expect(opened).toEqual([
      { path: 'People/Alice Chen.md', state: { eState: { line: 6 } }, pane: false },
      { path: 'Companies/Acme.md', state: { eState: { line: 1 } }, pane: 'tab' },
      { path: 'People/Alice Chen.md', state: { eState: { line: 6 } }, pane: 'tab' },
      { path: 'Companies/Acme.md', state: { eState: { line: 1 } }, pane: 'split' },
      { path: 'People/Alice Chen.md', state: { eState: { line: 6 } }, pane: 'tab' },
    ]);
  });

  it('asks for a page preview on hover (once per row, at the hit line) and drops a link when a row is dragged', async () => {
    const { app, fake, brain, leaf } = setup();
    await brain.start();
    searchOps(fake);
    const hovers: Record<string, unknown>[] = [];
    app.workspace.on('hover-link', (info: unknown) => hovers.push(info as Record<string, unknown>));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    await view.setQuery('alice');
    const row = view.contentEl.querySelector<HTMLElement>('.vb-result')!;
    const snippet = row.querySelector('.vb-result-snippet')!;
    row.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    // Moving onto a child of the same row is not a new hover.
    snippet.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: row }));
    expect(hovers).toHaveLength(1);
    expect(hovers[0]).toMatchObject({ source: SEARCH_VIEW, linktext: 'People/Alice Chen.md', targetEl: row, hoverParent: view, state: { scroll: 6 } });

    expect(row.draggable).toBe(true);
    const data = new Map<string, string>();
    const drag = new Event('dragstart', { bubbles: true }) as DragEvent;
    Object.defineProperty(drag, 'dataTransfer', { value: { setData: (k: string, v: string) => data.set(k, v), effectAllowed: 'none' } });
    snippet.dispatchEvent(drag);
    expect(data.get('text/plain')).toBe('[[Alice Chen]]');
  });

  it('links pane rows and graph nodes open their note with the same modifiers', async () => {
    const { app, fake, brain, leaf } = setup();
    await brain.start();
    linkOps(fake);
    const opened = recordOpens(app);
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('People/Alice Chen.md');
    const backlink = [...view.contentEl.querySelectorAll('.vb-link-item')].find((e) => e.textContent?.includes('Kickoff'))!;
    click(backlink, { ctrlKey: true });
    click(view.contentEl.querySelector('svg [data-path="Companies/Acme.md"]')!);
    // The centre node is the open note itself: not a link.
    expect(view.contentEl.querySelector('svg .vb-node-depth-0')!.hasAttribute('data-path')).toBe(false);
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    expect(opened).toEqual([
      { path: 'Meetings/Kickoff.md', state: { eState: { line: 3 } }, pane: 'tab' },
      { path: 'Companies/Acme.md', state: undefined, pane: false },
    ]);
  });
});

describe('one delegated listener set per pane', () => {
  afterEach(() => vi.restoreAllMocks());

  it('re-rendering each pane 1,000 times adds no listeners, and the rows still work after', { timeout: 180_000 }, async () => {
    const { app, fake, brain, leaf } = setup();
    await brain.start();
    searchOps(fake);
    linkOps(fake);
    fake.ops.set('status', () => ({ lastIndexedAt: null, indexed: 1, skipped: 1, failed: 1, withWarnings: 0, files: [{ path: 'Companies/Acme.md', status: 'failed', reason: 'boom', size: 1 }, { path: 'Meetings/Kickoff.md', status: 'skipped', reason: 'big', size: 9 }], embedder: null }));
    fake.ops.set('think', () => thinkResult({ gaps: [{ kind: 'hole', detail: 'Nova Labs has no note', paths: ['People/Alice Chen.md', 'Companies/Acme.md'], target: 'Nova Labs' }] }));
    const search = new SearchView(leaf, brain, () => 'balanced');
    const links = new LinksView(WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf, brain);
    const host: VaultBrainHost = { app: app.asOriginalType__(), brain, settings: mergeSettings({}), saveSettings: () => Promise.resolve(), applyIndexSettings: () => Promise.resolve(), activateView: () => Promise.resolve(null) };
    const status = new IndexStatusView(WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf, host);
    const think = new ThinkView(WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf, brain);
    for (const v of [search, links, status, think]) await v.onOpen();
    // One render each before counting: whatever a first render sets up once is allowed.
    await search.setQuery('a');
    await links.showNote('People/Alice Chen.md');
    await status.refresh();
    await think.ask('q');
    const listeners = countListeners();
    for (let i = 0; i < 1000; i++) {
      await search.setQuery(i % 2 ? 'alice' : 'acme');
      await links.showNote(i % 2 ? 'People/Alice Chen.md' : 'Companies/Acme.md');
      await status.refresh();
    }
    for (let i = 0; i < 50; i++) await think.ask(`q${i}`);
    expect(listeners.added).toBe(0);
    // The delegated listeners serve the latest rows.
    const opened = recordOpens(app);
    click(search.contentEl.querySelectorAll('.vb-result')[1]!);
    click(status.contentEl.querySelector('.vb-status-file')!);
    click(think.contentEl.querySelector('.vb-gap-actions button[data-path]')!);
    await vi.waitFor(() => expect(opened.map((o) => o.path)).toEqual(['Companies/Acme.md', 'Companies/Acme.md', 'People/Alice Chen.md']));
  });
});

describe('first run', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function plugin(data: unknown): Promise<{ app: App; p: TestPlugin; ribbon: { icon: string; title: string; cb: (e: MouseEvent) => unknown }[] }> {
    vi.useFakeTimers();
    const app = App.createConfigured__({ files: { 'People/Alice.md': '# Alice' } });
    (app as unknown as Record<string, unknown>).appId = 'abc123';
    const p = new TestPlugin(app.asOriginalType__(), manifest);
    vi.spyOn(p, 'loadData').mockResolvedValue(data);
    const ribbon: { icon: string; title: string; cb: (e: MouseEvent) => unknown }[] = [];
    const add = p.addRibbonIcon.bind(p);
    vi.spyOn(p, 'addRibbonIcon').mockImplementation((icon, title, cb) => {
      ribbon.push({ icon, title, cb });
      return add(icon, title, cb);
    });
    await p.onload();
    return { app, p, ribbon };
  }

  it('on first enable opens the search pane in the right sidebar, revealed, and saves so it does not happen again', async () => {
    const { app, p, ribbon } = await plugin(null);
    expect(ribbon.map((r) => [r.icon, r.title])).toEqual([['brain', 'Open Vault Brain search']]);
    const right = vi.spyOn(app.workspace, 'getRightLeaf');
    const reveal = vi.spyOn(app.workspace, 'revealLeaf');
    const save = vi.spyOn(p, 'saveData');
    app.workspace.setLayoutReady__();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.workspace.getLeavesOfType(SEARCH_VIEW)).toHaveLength(1);
    expect(right).toHaveBeenCalledTimes(1);
    expect(reveal).toHaveBeenCalledWith(app.workspace.getLeavesOfType(SEARCH_VIEW)[0]);
    expect(save).toHaveBeenCalledTimes(1);
    expect(MockPlugin.fromOriginalType2__(p).hoverLinkSources__.get(SEARCH_VIEW)).toEqual({ display: 'Vault Brain', defaultMod: true });
  });

  it('opens nothing when the plugin has run before; the ribbon icon opens search and the file menu shows a note in the links pane', async () => {
    const { app, p, ribbon } = await plugin({ debounceMs: 500 });
    app.workspace.setLayoutReady__();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.workspace.getLeavesOfType(SEARCH_VIEW)).toHaveLength(0);
    linkOps(p.fake);
    await ribbon[0]!.cb(new MouseEvent('click'));
    await vi.advanceTimersByTimeAsync(0);
    expect(app.workspace.getLeavesOfType(SEARCH_VIEW)).toHaveLength(1);

    // The mock's leaves build no views: the links pane the plugin activates is a real one made here.
    const links = new LinksView(WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf, p.brain);
    await links.onOpen();
    const activate = vi.spyOn(p, 'activateView').mockResolvedValue(links);
    const menu = Menu.create2__();
    const file = app.vault.getFileByPath('People/Alice.md')!;
    app.workspace.trigger('file-menu', menu.asOriginalType2__(), file.asOriginalType__(), 'file-explorer');
    const items = menu.menuItems__;
    expect(items.map((i) => i.title__)).toEqual(['Show in Vault Brain']);
    items[0]!.onClick__!(new MouseEvent('click'));
    await vi.waitFor(() => expect(links.contentEl.querySelector('.vb-links-title')?.textContent).toBe('Alice'));
    expect(activate).toHaveBeenCalledWith(LINKS_VIEW);
    // A folder gets no entry.
    const folderMenu = Menu.create2__();
    app.workspace.trigger('file-menu', folderMenu.asOriginalType2__(), app.vault.getAbstractFileByPath('People')!.asOriginalType__(), 'file-explorer');
    expect(folderMenu.items__).toHaveLength(0);
  });

  it('the search pane says what the index is doing before a query: opening, indexing with counts, an empty vault, ready', () => {
    expect(emptyState({ kind: 'starting' })).toBe('Opening the index…');
    expect(emptyState({ kind: 'indexing', phase: 'embed', done: 1200, total: 5000 })).toMatch(/^Indexing your notes \(1,200 \/ 5,000\)\. You can search already/);
    expect(emptyState({ kind: 'ready', stats: { ...STATS, pages: 0 }, lastRun: null })).toMatch(/^Your vault has no notes to search yet/);
    expect(emptyState({ kind: 'ready', stats: STATS, lastRun: null })).toMatch(/^Search your notes by words and meaning/);
  });

  it('shows the empty state in the pane and follows the brain state while no query is typed', async () => {
    const { fake, brain, leaf } = setup();
    fake.ops.set('stats', () => ({ ...STATS, pages: 0 }));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    expect(view.contentEl.querySelector('.vb-search-empty')?.textContent).toBe('Opening the index…');
    await brain.start();
    await vi.waitFor(() => expect(view.contentEl.querySelector('.vb-search-empty')?.textContent).toMatch(/^Your vault has no notes to search yet/));
  });
});
