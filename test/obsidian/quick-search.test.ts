// The quick search modal: the search op's hits as suggestions (title, heading, marked snippet, path), Enter
// opens at the hit's line, Mod+Enter in a new tab, a late answer to an older query never replaces a newer one.
import { App, Scope } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchMode } from '../../src/core/search/modes';
import type { SearchHit } from '../../src/obsidian/plugin/op-results';
import { QuickSearchModal } from '../../src/obsidian/views/quick-search';
import { setupBrain } from './brain-setup';
import { FakeClient } from './fakes';

const hit = (path: string, title: string, line: number): SearchHit => ({ path, title, score: 1, heading: 'Role', snippet: `${title} invested in Acme`, highlights: ['invested'], startLine: line, endLine: line, why: ['keyword'] });

/** `settings.searchMode` stands for the plugin's "Search mode" setting, which the modal reads at each query. */
async function setup(): Promise<{ app: App; fake: FakeClient; modal: QuickSearchModal; settings: { searchMode: SearchMode } }> {
  const { app, fake, brain } = setupBrain();
  await brain.start();
  const settings: { searchMode: SearchMode } = { searchMode: 'balanced' };
  return { app, fake, settings, modal: new QuickSearchModal(app.asOriginalType__(), brain, () => settings.searchMode) };
}

describe('quick search modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('suggests the search hits and renders each as title, heading, marked snippet and path', async () => {
    const { fake, modal } = await setup();
    fake.ops.set('search', (p) => ({ query: p.query, results: [hit('People/Alice Chen.md', 'Alice Chen', 4)] }));
    const hits = await modal.getSuggestions('  investing ');
    expect(fake.callsOf('op').filter((c) => c[0] === 'search')).toEqual([['search', { query: 'investing', limit: 20, mode: 'balanced' }]]);
    const el = document.createElement('div');
    modal.renderSuggestion(hits[0]!, el);
    expect(el.querySelector('.vb-quick-title')!.textContent).toBe('Alice Chen › Role');
    expect(el.querySelector('.vb-quick-snippet')!.textContent).toBe('Alice Chen invested in Acme');
    expect([...el.querySelectorAll('.vb-hl')].map((e) => e.textContent)).toEqual(['invested']);
    expect(el.querySelector('.vb-quick-path')!.textContent).toBe('People/Alice Chen.md');
    expect(await modal.getSuggestions('')).toEqual([]);
  });

  it('searches in the mode the setting holds when each query is typed', async () => {
    const { fake, modal, settings } = await setup();
    fake.ops.set('search', (p) => ({ query: p.query, results: [] }));
    await modal.getSuggestions('acme');
    settings.searchMode = 'deep';
    await modal.getSuggestions('acme board');
    settings.searchMode = 'fast';
    await modal.getSuggestions('acme');
    expect(fake.callsOf('op').filter((c) => c[0] === 'search').map((c) => (c[1] as { mode?: string }).mode)).toEqual(['balanced', 'deep', 'fast']);
  });

  it('draws the snippet as core gave it: a code hit\'s `::` and `__` stay, its marks on the same characters', async () => {
    const { fake, modal } = await setup();
    const code = 'def __init__(self, **kwargs): self.items = std::vector()';
    fake.ops.set('search', (p) => ({ query: p.query, results: [{ ...hit('src/app.py', 'app.py', 3), snippet: code, highlights: ['kwargs'] }] }));
    const hits = await modal.getSuggestions('kwargs');
    const el = document.createElement('div');
    modal.renderSuggestion(hits[0]!, el);
    expect(el.querySelector('.vb-quick-snippet')!.textContent).toBe(code);
    expect([...el.querySelectorAll('.vb-hl')].map((e) => e.textContent)).toEqual(['kwargs']);
  });

  it('opens at the line with Enter and in a new tab with Mod+Enter (registered on the modal scope)', async () => {
    const { app, modal } = await setup();
    const panes: unknown[] = [];
    const getLeaf = app.workspace.getLeaf.bind(app.workspace);
    vi.spyOn(app.workspace, 'getLeaf').mockImplementation((pane) => {
      const leaf = getLeaf(pane);
      vi.spyOn(leaf, 'openFile').mockImplementation(async (_f, state) => {
        panes.push([pane ?? false, state]);
        await Promise.resolve();
      });
      return leaf;
    });
    modal.onChooseSuggestion(hit('People/Alice Chen.md', 'Alice Chen', 4), new KeyboardEvent('keydown', { key: 'Enter' }));
    modal.onChooseSuggestion(hit('People/Alice Chen.md', 'Alice Chen', 4), new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }));
    await vi.waitFor(() => expect(panes).toHaveLength(2));
    expect(panes).toEqual([[false, { eState: { line: 3 } }], ['tab', { eState: { line: 3 } }]]);
    const handlers = (Scope.fromOriginalType__(modal.scope) as unknown as { handlers: { key: string; modifiers: string }[] }).handlers;
    expect(handlers.some((h) => h.key === 'Enter' && h.modifiers === 'Mod')).toBe(true);
  });

  it('a late answer to an older query gives back the newer list, and a failure says so', async () => {
    const { fake, modal } = await setup();
    const pending: ((v: unknown) => void)[] = [];
    fake.ops.set('search', (p) => new Promise((resolve) => pending.push(() => resolve({ query: p.query, results: [hit(`${String(p.query)}.md`, String(p.query), 1)] }))));
    const first = modal.getSuggestions('first');
    const second = modal.getSuggestions('second');
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!(undefined);
    expect((await second).map((h) => h.title)).toEqual(['second']);
    pending[0]!(undefined);
    expect((await first).map((h) => h.title)).toEqual(['second']);
    fake.ops.delete('search');
    expect(await modal.getSuggestions('x')).toEqual([]);
    expect(modal.emptyStateText).toBe('Search failed: unknown operation "search"');
  });
});
