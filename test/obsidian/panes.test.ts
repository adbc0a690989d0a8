// The panes in obsidian-test-mocks, fed by a fake client: what they render from op responses and what they
// do on input, keys and clicks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VaultBrainHost } from '../../src/obsidian/plugin/host';
import type { SearchHit } from '../../src/obsidian/plugin/op-results';
import { mergeSettings } from '../../src/obsidian/plugin/settings';
import { LinksView } from '../../src/obsidian/views/links-view';
import { SearchView, SEARCH_DEBOUNCE_MS } from '../../src/obsidian/views/search-view';
import { IndexStatusView } from '../../src/obsidian/views/status-view';
import { setupBrain } from './brain-setup';

const hit = (path: string, title: string, snippet: string, why: string[], line = 3, heading: string | null = null): SearchHit => ({ path, title, score: 1, heading, snippet, startLine: line, endLine: line + 2, why });

const texts = (root: Element, sel: string): string[] => [...root.querySelectorAll(sel)].map((e) => e.textContent ?? '');

function type(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

function key(el: HTMLElement, k: string): void {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
}

describe('search pane', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('searches as you type after a pause, groups by note, highlights terms and shows why each hit matched', async () => {
    const { leaf, fake, brain } = setupBrain();
    await brain.start();
    fake.ops.set('search', (p) => ({
      query: p.query,
      results: [
        // Heading paths start with the note's H1, its title: shown without it ("Role"), or not at all.
        hit('People/Alice Chen.md', 'Alice Chen', 'Alice works at Acme as CTO.', ['keyword', 'graph: works_at'], 4, 'Alice Chen > Role'),
        hit('Companies/Acme.md', 'Acme', 'Founded by <b>Bob</b>; acme builds rockets', ['semantic', 'title'], 1, 'Acme'),
        hit('People/Alice Chen.md', 'Alice Chen', 'Met at the Acme offsite', ['keyword'], 12),
      ],
    }));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    const root = view.contentEl;
    const input = root.querySelector<HTMLInputElement>('.vb-search-input')!;
    type(input, 'ac');
    type(input, 'acme cto');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 10);
    expect(fake.callsOf('op').filter((c) => c[0] === 'search')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    const searches = fake.callsOf('op').filter((c) => c[0] === 'search');
    expect(searches).toEqual([['search', { query: 'acme cto', limit: 30, mode: 'balanced' }]]);

    expect(texts(root, '.vb-result-title')).toEqual(['Alice Chen', 'Acme']);
    const groups = root.querySelectorAll('.vb-result-group');
    expect(groups[0]!.querySelectorAll('.vb-result')).toHaveLength(2);
    expect(texts(root, '.vb-result-heading')).toEqual(['Role']);
    expect(texts(groups[0]!, '.vb-badge')).toEqual(['keyword', 'graph: works_at', 'keyword']);
    expect(groups[0]!.querySelector('.vb-badge-graph')?.textContent).toBe('graph: works_at');
    expect(groups[1]!.querySelector('.vb-badge-semantic')).not.toBeNull();
    // Document order: both Alice hits (grouped), then Acme's.
    expect(texts(root, '.vb-hl')).toEqual(['Acme', 'CTO', 'Acme', 'acme']);
    // Snippet text is text, never markup.
    expect(root.querySelector('b')).toBeNull();
    expect(groups[1]!.querySelector('.vb-result-snippet')!.textContent).toBe('Founded by <b>Bob</b>; acme builds rockets');
    expect(root.querySelector('.vb-search-message')!.textContent).toBe('3 results in 2 notes');
  });

  it('shows the strongest evidence of each hit as one badge in words, with the tag in its tooltip', async () => {
    const { leaf, fake, brain } = setupBrain();
    await brain.start();
    fake.ops.set('search', (p) => ({
      query: p.query,
      results: [
        { ...hit('People/Alice Chen.md', 'Alice Chen', 'Alice works at Acme', ['keyword']), evidence: ['rare_term', 'graph_edge:works_at', 'keyword_exact'] },
        { ...hit('Companies/Acme.md', 'Acme', 'rockets', ['semantic']), evidence: ['weak_semantic'] },
        hit('Notes/Plain.md', 'Plain', 'plain', ['keyword']),
      ],
    }));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    type(view.contentEl.querySelector<HTMLInputElement>('.vb-search-input')!, 'acme');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10);
    const groups = view.contentEl.querySelectorAll('.vb-result-group');
    expect(texts(groups[0]!, '.vb-evidence')).toEqual(['all words']);
    expect(groups[0]!.querySelector('.vb-evidence')!.getAttribute('aria-label')).toContain('(keyword_exact)');
    expect(groups[1]!.querySelector('.vb-evidence-weak_semantic')?.textContent).toBe('loose match');
    expect(groups[2]!.querySelector('.vb-evidence')).toBeNull();
  });

  it('marks the words the engine matched (stems) when the hit names them, whole words only', async () => {
    const { leaf, fake, brain } = setupBrain();
    await brain.start();
    fake.ops.set('search', (p) => ({
      query: p.query,
      results: [{ ...hit('People/Alice Chen.md', 'Alice Chen', 'Alice invested in reinvested funds', ['keyword']), highlights: ['invested'] }],
    }));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    await view.setQuery('investing');
    expect(texts(view.contentEl, '.vb-hl')).toEqual(['invested']);
  });

  it('draws the snippet as the engine gave it: a code hit keeps its `__` and `::`, marks on the same words', async () => {
    const { leaf, fake, brain } = setupBrain();
    await brain.start();
    const code = 'def __init__(self, **kwargs): v = std::vector';
    fake.ops.set('search', (p) => ({ query: p.query, results: [{ ...hit('src/app.py', 'app.py', code, ['keyword']), highlights: ['kwargs'] }] }));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    await view.setQuery('kwargs');
    expect(view.contentEl.querySelector('.vb-result-snippet')!.textContent).toBe(code);
    expect(texts(view.contentEl, '.vb-hl')).toEqual(['kwargs']);
  });

  it('passes filters and drops stale answers that arrive after a newer query', async () => {
    const { leaf, fake, brain } = setupBrain();
    await brain.start();
    const pending: ((v: unknown) => void)[] = [];
    fake.ops.set('search', (p) => new Promise((resolve) => pending.push(() => resolve({ query: p.query, results: [hit(`${String(p.query)}.md`, String(p.query), 'x', ['keyword'])] }))));
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    const root = view.contentEl;
    const [folder, tag, typeEl] = [...root.querySelectorAll<HTMLInputElement>('.vb-filter')];
    type(folder!, '/People/');
    type(tag!, '#team');
    type(typeEl!, 'person');
    type(root.querySelector<HTMLInputElement>('.vb-search-input')!, 'first');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 5);
    type(root.querySelector<HTMLInputElement>('.vb-search-input')!, 'second');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 5);
    expect(fake.callsOf('op').filter((c) => c[0] === 'search').map((c) => c[1])).toEqual([
      { query: 'first', limit: 30, mode: 'balanced', folder: 'People', tag: 'team', type: 'person' },
      { query: 'second', limit: 30, mode: 'balanced', folder: 'People', tag: 'team', type: 'person' },
    ]);
    pending[1]!(undefined);
    await vi.advanceTimersByTimeAsync(0);
    pending[0]!(undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(root, '.vb-result-title')).toEqual(['second']);
  });

  it('moves through hits with the arrow keys and opens the chosen one at its line with Enter or a click', async () => {
    const { app, leaf, fake, brain } = setupBrain();
    await brain.start();
    fake.ops.set('search', () => ({ query: 'q', results: [hit('People/Alice Chen.md', 'Alice Chen', 'a', ['keyword'], 7), hit('Companies/Acme.md', 'Acme', 'b', ['keyword'], 2)] }));
    const opened: { path: string; state: unknown }[] = [];
    const target = app.workspace.getLeaf(false);
    vi.spyOn(target, 'openFile').mockImplementation(async (file, state) => {
      opened.push({ path: file.path, state });
      await Promise.resolve();
    });
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    const input = view.contentEl.querySelector<HTMLInputElement>('.vb-search-input')!;
    await view.setQuery('q');
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    const selected = view.contentEl.querySelectorAll('.vb-result.is-selected');
    expect(selected).toHaveLength(1);
    expect(selected[0]!.getAttribute('data-path')).toBe('Companies/Acme.md');
    key(input, 'ArrowDown');
    expect(view.contentEl.querySelector('.vb-result.is-selected')!.getAttribute('data-path')).toBe('People/Alice Chen.md');
    key(input, 'Enter');
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([{ path: 'People/Alice Chen.md', state: { eState: { line: 6 } } }]);
    (view.contentEl.querySelectorAll('.vb-result')[1] as HTMLElement).click();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[1]).toEqual({ path: 'Companies/Acme.md', state: { eState: { line: 1 } } });
  });

  it('shows errors and empty results as messages', async () => {
    const { leaf, fake, brain } = setupBrain();
    await brain.start();
    const view = new SearchView(leaf, brain, () => 'balanced');
    await view.onOpen();
    await view.setQuery('anything');
    expect(view.contentEl.querySelector('.vb-search-message')!.textContent).toBe('Search failed: unknown operation "search"');
    fake.ops.set('search', () => ({ query: 'x', results: [] }));
    await view.setQuery('x');
    expect(view.contentEl.querySelector('.vb-search-message')!.textContent).toBe('No matching notes.');
  });
});

describe('links pane', () => {
  afterEach(() => vi.restoreAllMocks());

  it('groups backlinks and outgoing links by relation type with context, lists notes to create, and draws the local graph', async () => {
    const { app, leaf, fake, brain } = setupBrain();
    await brain.start();
    fake.ops.set('links', () => ({
      note: 'People/Alice Chen.md',
      links: [
        { to: 'Companies/Acme.md', raw: '[[Acme]]', type: 'works_at', source: 'wikilink', line: 3, context: 'Alice works at [[Acme]] as CTO', targetText: 'Acme', field: null, direction: 'out' },
        { to: 'Companies/Acme.md', raw: '[[Acme]]', type: 'mentions', source: 'wikilink', line: 9, context: 'see [[Acme]] notes', targetText: 'Acme', field: null, direction: 'out' },
        { to: null, raw: '[[Nova Labs]]', type: 'invested_in', source: 'wikilink', line: 5, context: 'invested in [[Nova Labs]]', targetText: 'Nova Labs', field: null, direction: 'out' },
        { to: null, raw: '[[Nova Labs]]', type: 'mentions', source: 'wikilink', line: 6, context: '[[Nova Labs]] again', targetText: 'Nova Labs', field: null, direction: 'out' },
      ],
    }));
    fake.ops.set('backlinks', () => ({
      note: 'People/Alice Chen.md',
      backlinks: [
        // As stored: the frontmatter around the link, folded onto one line.
        { from: 'Meetings/Kickoff.md', type: 'attended', context: '--- type: meeting date: 2025-01-02 attendees: - "[[Alice Chen]]" - "[[Bob]]" project: "[[Apollo]]" ---', line: 4, source: 'frontmatter', direction: 'in', raw: '[[Alice Chen]]', field: 'attendees' },
        { from: 'Companies/Acme.md', type: 'key_people', context: 'key_people:: [[Alice Chen]]', line: 4, source: 'inline-field', direction: 'in' },
        { from: 'Journal/2025-01-02.md', type: 'mentions', context: 'lunch with [[Alice Chen]]', line: 1, source: 'wikilink', direction: 'out' },
      ],
    }));
    fake.ops.set('traverse', () => ({
      note: 'People/Alice Chen.md',
      nodes: [
        { path: 'Companies/Acme.md', title: 'Acme', depth: 1, via: [{ linkId: 1, from: 'People/Alice Chen.md', to: 'Companies/Acme.md', type: 'works_at' }] },
        { path: 'Meetings/Kickoff.md', title: 'Kickoff', depth: 1, via: [{ linkId: 2, from: 'People/Alice Chen.md', to: 'Meetings/Kickoff.md', type: 'attended' }] },
        { path: 'People/Bob.md', title: 'Bob', depth: 2, via: [{ linkId: 1, from: 'People/Alice Chen.md', to: 'Companies/Acme.md', type: 'works_at' }, { linkId: 3, from: 'People/Bob.md', to: 'Companies/Acme.md', type: 'works_at' }] },
      ],
    }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    await view.showNote('People/Alice Chen.md');
    const root = view.contentEl;
    expect(root.querySelector('.vb-links-title')!.textContent).toBe('Alice Chen');
    const sections = [...root.querySelectorAll('.vb-links-section')];
    // One row per related note: the two links to Acme are one row saying 2, with both relations.
    expect(texts(root, '.vb-section-title')).toEqual(['Outgoing links (1)', 'Backlinks (3)', 'Notes to create (1)']);
    const acme = sections[0]!.querySelector('.vb-link-item')!;
    expect(acme.querySelector('.vb-link-name')!.textContent).toBe('Acme');
    expect(texts(acme, '.vb-type-chip')).toEqual(['works at', 'mentions']);
    expect(acme.querySelector('.vb-type-chip')!.classList.contains('vb-type-works-at')).toBe(true);
    expect(acme.querySelector('.vb-link-count')!.textContent).toBe('2');
    expect(texts(acme, '.vb-link-context')).toEqual(['Alice works at Acme as CTO', 'see Acme notes']);
    // Typed relations first; a frontmatter or inline-field link names its property instead of showing YAML.
    expect(texts(sections[1]!, '.vb-link-name')).toEqual(['Acme', 'Kickoff', '2025-01-02']);
    expect(texts(sections[1]!, '.vb-link-field')).toEqual(['key_people', 'attendees']);
    expect(texts(sections[1]!, '.vb-link-context')).toEqual(['key_peopleAlice Chen', 'attendeesAlice Chen, Bob', 'lunch with Alice Chen']);
    expect(texts(sections[2]!, '.vb-link-name')).toEqual(['Nova Labs']);

    const svg = root.querySelector('svg.vb-graph')!;
    expect(svg.querySelectorAll('.vb-node')).toHaveLength(4);
    const edges = [...svg.querySelectorAll('line.vb-edge')];
    expect(edges).toHaveLength(3);
    expect(edges.filter((e) => e.classList.contains('vb-type-works-at'))).toHaveLength(2);
    expect(edges.filter((e) => e.classList.contains('vb-type-attended'))).toHaveLength(1);

    // Clicking a missing note goes through the link text (Obsidian creates it); a graph node opens its note.
    const linkSpy = vi.spyOn(app.workspace, 'openLinkText').mockResolvedValue(undefined);
    (sections[2]!.querySelector('.vb-link-item') as HTMLElement).click();
    expect(linkSpy).toHaveBeenCalledWith('Nova Labs', 'People/Alice Chen.md', false);
    const node = svg.querySelector('[data-path="Companies/Acme.md"]')!;
    const leafSpy = vi.spyOn(app.workspace.getLeaf(false), 'openFile').mockResolvedValue(undefined);
    node.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await Promise.resolve();
    expect(leafSpy.mock.calls[0]![0].path).toBe('Companies/Acme.md');
  });

  it('follows the active note and says when a note has no links', async () => {
    const { app, leaf, fake, brain } = setupBrain();
    await brain.start();
    fake.ops.set('links', (p) => ({ note: p.note, links: [] }));
    fake.ops.set('backlinks', (p) => ({ note: p.note, backlinks: [] }));
    fake.ops.set('traverse', (p) => ({ note: p.note, nodes: [] }));
    const view = new LinksView(leaf, brain);
    await view.onOpen();
    expect(view.contentEl.textContent).toContain('Open a note to see its links.');
    const acme = app.vault.getFileByPath('Companies/Acme.md')!;
    app.workspace.trigger('file-open', acme);
    await vi.waitFor(() => expect(view.contentEl.querySelector('.vb-links-title')?.textContent).toBe('Acme'));
    expect(view.contentEl.textContent).toContain('This note has no links yet.');
    expect(fake.callsOf('op').filter((c) => c[0] === 'links')).toEqual([['links', { note: 'Companies/Acme.md' }]]);
  });
});

describe('index status view', () => {
  it('shows counts and problem files, and answers why a note is not found', async () => {
    const { app, leaf, fake, brain } = setupBrain({ 'Archive/Old.md': 'old', 'Notes/Huge.md': 'x' });
    await brain.start();
    fake.ops.set('status', () => ({ lastIndexedAt: '2025-01-01T00:00:00.000Z', indexed: 3, skipped: 1, failed: 0, withWarnings: 0, files: [{ path: 'Notes/Huge.md', status: 'skipped', reason: 'larger than 2 MB', size: 3e6 }], embedder: 'glove' }));
    const host: VaultBrainHost = {
      app: app.asOriginalType__(),
      brain,
      settings: mergeSettings({ exclude: ['Archive'] }),
      saveSettings: () => Promise.resolve(),
      applyIndexSettings: () => Promise.resolve(),
      activateView: () => Promise.resolve(null),
    };
    const view = new IndexStatusView(leaf, host);
    await view.onOpen();
    await vi.waitFor(() => expect(view.contentEl.querySelector('.vb-counts')).not.toBeNull());
    const root = view.contentEl;
    expect(root.textContent).toContain('Indexed files3');
    expect(root.textContent).toContain('Chunks9');
    expect(texts(root, '.vb-status-path')).toEqual(['Notes/Huge.md']);
    expect(texts(root, '.vb-status-reason')).toEqual(['larger than 2 MB']);
    expect(root.querySelector('.vb-status-recovery')).toBeNull();
    fake.ops.set('status', () => ({ lastIndexedAt: '2025-01-01T00:00:00.000Z', indexed: 3, skipped: 0, failed: 0, withWarnings: 0, files: [], embedder: 'glove', lastRecovery: { at: '2026-12-01T00:00:00.000Z', reason: 'the database could not be opened: Aborted()', keptAt: null } }));
    await view.refresh();
    expect(root.querySelector('.vb-status-recovery')?.textContent).toMatch(/^Rebuilt .+: the index database was damaged \(the database could not be opened: Aborted\(\)\); a fresh one was rebuilt from the notes\.$/);
    fake.ops.set('status', () => ({ lastIndexedAt: '2025-01-01T00:00:00.000Z', indexed: 3, skipped: 1, failed: 0, withWarnings: 0, files: [{ path: 'Notes/Huge.md', status: 'skipped', reason: 'larger than 2 MB', size: 3e6 }], embedder: 'glove' }));
    await view.refresh();
    expect(await view.explain('Old')).toBe('Archive/Old.md is not indexed: excluded by rule "Archive".');
    expect(await view.explain('huge')).toBe('Notes/Huge.md was skipped: larger than 2 MB.');
    expect(root.querySelector('.vb-why-answer')!.textContent).toBe('Notes/Huge.md was skipped: larger than 2 MB.');
  });
});
