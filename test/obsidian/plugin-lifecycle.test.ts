// The plugin's glue in obsidian-test-mocks: lifecycle, vault events reaching the indexer (debounced and
// batched), renames and deletes, status bar, settings persistence and the settings tab.
import { App, Notice, Plugin as MockPlugin, TFile } from 'obsidian-test-mocks/obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VaultBrainSettingTab } from '../../src/obsidian/plugin/settings-tab';
import { isShown, SETTINGS_RENDERERS, showTab } from './settings-render';
import { LINKS_VIEW, SEARCH_VIEW, STATUS_VIEW, THINK_VIEW } from '../../src/obsidian/views/view-types';
import { manifest, TestPlugin } from './test-plugin';

function makeApp(files: Record<string, string> = {}): App {
  const app = App.createConfigured__({ files: { 'People/Alice.md': '# Alice', 'Notes/a.md': 'a', ...files } });
  (app as unknown as Record<string, unknown>).appId = 'abc123';
  return app;
}

async function loaded(app: App, data?: unknown): Promise<TestPlugin> {
  const plugin = new TestPlugin(app.asOriginalType__(), manifest);
  if (data !== undefined) vi.spyOn(plugin, 'loadData').mockResolvedValue(data);
  await plugin.onload();
  return plugin;
}

/** The text of every Notice shown from now on. */
function captureNotices(): string[] {
  const notices: string[] = [];
  vi.spyOn(Notice.prototype, 'constructor__').mockImplementation((message: string | DocumentFragment) => {
    notices.push(typeof message === 'string' ? message : (message.textContent ?? ''));
  });
  return notices;
}

const mock = (p: TestPlugin): MockPlugin => MockPlugin.fromOriginalType2__(p);
const statusEl = (p: TestPlugin): HTMLElement => mock(p).statusBarItems__[0]!;

async function settle(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('plugin lifecycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('onload registers views, commands (without hotkeys), settings and status bar, and starts nothing', async () => {
    const app = makeApp();
    const plugin = await loaded(app);
    const m = mock(plugin);
    expect([...m.views__.keys()].sort()).toEqual([LINKS_VIEW, SEARCH_VIEW, STATUS_VIEW, THINK_VIEW].sort());
    expect([...m.commands__.keys()].sort()).toEqual(['open-links', 'open-search', 'quick-search', 'rebuild-index', 'search-selection', 'show-index-status', 'think']);
    for (const c of m.commands__.values()) expect(c.hotkeys).toBeUndefined();
    expect(m.settingTabs__).toHaveLength(1);
    expect(statusEl(plugin).textContent).toBe('Brain: off');
    expect(plugin.created).toBe(0);
  });

  it('opens the brain when the layout is ready, indexes incrementally, and shows ready with counts', async () => {
    const app = makeApp();
    const plugin = await loaded(app);
    app.workspace.setLayoutReady__();
    await settle();
    expect(plugin.created).toBe(1);
    const [vaultId, settings] = plugin.fake.callsOf('open')[0]!;
    expect(vaultId).toBe('abc123');
    expect(settings).toMatchObject({ configDir: app.vault.configDir, embedder: { kind: 'builtin' }, include: [], exclude: [] });
    expect(plugin.fake.callsOf('index')).toEqual([[{ full: false }]]);
    expect(statusEl(plugin).textContent).toBe('Brain: ready');
    expect(statusEl(plugin).getAttribute('aria-label')).toContain('3 notes, 9 chunks');
  });

  it('ignores create events before the layout is ready, then batches vault changes into few updates', async () => {
    const app = makeApp();
    const plugin = await loaded(app, { debounceMs: 500 });
    await app.vault.create('Early.md', 'startup create');
    app.workspace.setLayoutReady__();
    await settle();
    const file = app.vault.getFileByPath('Notes/a.md')!;
    for (let i = 0; i < 10; i++) await app.vault.modify(file, `edit ${i}`);
    await app.vault.create('New.md', 'x');
    for (let i = 0; i < 300; i++) await app.vault.create(`Sync/n${i}.md`, `n${i}`);
    expect(plugin.fake.callsOf('update')).toEqual([]);
    await settle(600);
    const updates = plugin.fake.callsOf('update').map((a) => a[0] as string[]);
    expect(updates).toHaveLength(2);
    const all = updates.flat();
    expect(all).toHaveLength(302);
    expect(all).toContain('Notes/a.md');
    expect(all).toContain('New.md');
    expect(all).not.toContain('Early.md');
  });

  it('applies renames and deletes', async () => {
    const app = makeApp();
    const plugin = await loaded(app, { debounceMs: 200 });
    app.workspace.setLayoutReady__();
    await settle();
    const alice = app.vault.getFileByPath('People/Alice.md')!;
    await app.fileManager.renameFile(alice, 'People/Alice Chen.md');
    await settle();
    expect(plugin.fake.callsOf('rename')).toEqual([['People/Alice.md', 'People/Alice Chen.md']]);
    await app.fileManager.trashFile(app.vault.getFileByPath('Notes/a.md')!);
    await settle(300);
    expect(plugin.fake.callsOf('update')).toEqual([[['Notes/a.md']]]);
  });

  it('rebuilds with a notice when the stored index cannot be used', async () => {
    const notices = captureNotices();
    const app = makeApp();
    const plugin = await loaded(app);
    plugin.fake.needsRebuild = true;
    app.workspace.setLayoutReady__();
    await settle();
    expect(plugin.fake.callsOf('index')).toEqual([[{ full: true }]]);
    expect(notices.some((n) => n.includes('rebuilding'))).toBe(true);
    expect(statusEl(plugin).textContent).toBe('Brain: ready');
  });

  it('says so in a notice and the status log when the worker replaced a damaged index at open', async () => {
    const notices = captureNotices();
    const app = makeApp();
    const plugin = await loaded(app);
    plugin.fake.recovery = { at: '2026-12-01T00:00:00.000Z', reason: 'integrity check failed: the chunks table has 3 rows but the pages record 9', keptAt: null };
    app.workspace.setLayoutReady__();
    await settle();
    expect(notices).toEqual(['Vault Brain: the index database was damaged (integrity check failed: the chunks table has 3 rows but the pages record 9); a fresh one is being rebuilt from the notes']);
    expect(plugin.brain.logs.at(-1)?.level).toBe('warn');
    expect(plugin.brain.logs.at(-1)?.message).toContain('the index database was damaged');
    expect(plugin.fake.callsOf('index')).toHaveLength(1);
    expect(statusEl(plugin).textContent).toBe('Brain: ready');
  });

  it('shows a notice when the worker finds damage during a run and rebuilds', async () => {
    const notices = captureNotices();
    const app = makeApp();
    const plugin = await loaded(app);
    app.workspace.setLayoutReady__();
    await settle();
    expect(notices).toEqual([]);
    // What BrainHost emits from Brain.replaceStore: a log line marked to be shown.
    plugin.fake.events!.onLog({ level: 'warn', message: 'the index database was damaged (damage found while in use: attempted to delete invisible tuple); a fresh one is being rebuilt from the notes', notify: true });
    plugin.fake.events!.onLog({ level: 'info', message: 'an ordinary log line' });
    expect(notices).toEqual(['Vault Brain: the index database was damaged (damage found while in use: attempted to delete invisible tuple); a fresh one is being rebuilt from the notes']);
    expect(plugin.brain.logs.map((l) => l.message)).toEqual(expect.arrayContaining([expect.stringContaining('invisible tuple'), 'an ordinary log line']));
  });

  it('reports a failed open once, without a retry loop, and keeps working', async () => {
    vi.spyOn(Notice.prototype, 'constructor__').mockImplementation(() => undefined);
    const app = makeApp();
    const plugin = await loaded(app, { debounceMs: 100 });
    plugin.fake.failOpen = new Error('database disk image is malformed');
    app.workspace.setLayoutReady__();
    await settle(10_000);
    expect(plugin.created).toBe(1);
    expect(statusEl(plugin).textContent).toBe('Brain: error — click for details');
    expect(statusEl(plugin).getAttribute('aria-label')).toContain('malformed');
    expect(statusEl(plugin).classList.contains('vb-status-error')).toBe(true);
    await app.vault.modify(app.vault.getFileByPath('Notes/a.md')!, 'changed');
    await settle(500);
    expect(plugin.fake.callsOf('update')).toEqual([]);
    // The rebuild command tries again.
    plugin.fake.failOpen = null;
    await plugin.brain.rebuild();
    await settle();
    expect(plugin.created).toBe(2);
    expect(statusEl(plugin).textContent).toBe('Brain: ready');
  });

  it('flushes pending changes and closes the client on unload', async () => {
    const app = makeApp();
    const plugin = await loaded(app, { debounceMs: 5000 });
    app.workspace.setLayoutReady__();
    await settle();
    await app.vault.modify(app.vault.getFileByPath('Notes/a.md')!, 'last words');
    plugin.onunload();
    await settle();
    expect(plugin.fake.callsOf('update')).toEqual([[['Notes/a.md']]]);
    expect(plugin.fake.closed).toBe(true);
    const order = plugin.fake.calls.map((c) => c.method);
    expect(order.lastIndexOf('update')).toBeLessThan(order.indexOf('close'));
  });

  it('persists settings through saveData and reads them back merged with defaults', async () => {
    const app = makeApp();
    const plugin = await loaded(app);
    plugin.settings.exclude = ['Archive'];
    plugin.settings.debounceMs = 750;
    plugin.settings.llmProvider = 'anthropic';
    await plugin.saveSettings();
    const saved: unknown = await plugin.loadData();
    expect(saved).toMatchObject({ exclude: ['Archive'], debounceMs: 750, llmProvider: 'anthropic' });
    const again = await loaded(app, JSON.parse(JSON.stringify(saved)));
    expect(again.settings.exclude).toEqual(['Archive']);
    expect(again.settings.debounceMs).toBe(750);
    expect(again.settings.embedder).toBe('builtin');
    const corrupt = await loaded(app, { debounceMs: 'soon', exclude: 'Archive' });
    expect(corrupt.settings.debounceMs).toBe(2000);
    expect(corrupt.settings.exclude).toEqual([]);
  });

  it.each(SETTINGS_RENDERERS)('settings tab renders sections and a live preview of the rules (%s)', async (renderer) => {
    const app = makeApp({ 'Archive/old.md': 'x', 'Archive/older.md': 'y' });
    const plugin = await loaded(app, { exclude: ['Archive'] });
    const tab = mock(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    const text = tab.containerEl.textContent ?? '';
    expect(text).toContain('Indexing');
    expect(text).toContain('Embeddings');
    expect(text).toContain('Thinking');
    expect(text).toContain('2 of 4 files will be indexed.');
    expect(text).toContain('Archive/old.md: excluded by rule "Archive"');
    const apiKeyShown = (): boolean => [...tab.containerEl.querySelectorAll('input')].some((e) => isShown(e, tab.containerEl) && e.type === 'password');
    expect(apiKeyShown()).toBe(false);
    plugin.settings.llmProvider = 'openai';
    showTab(tab, renderer);
    expect(apiKeyShown()).toBe(true);
  });

  it('uses a vault id derived from the vault name when the app has none', async () => {
    const app = App.createConfigured__({ files: { 'a.md': 'a' } });
    const plugin = new TestPlugin(app.asOriginalType__(), manifest);
    await plugin.onload();
    app.workspace.setLayoutReady__();
    await settle();
    const id = plugin.fake.callsOf('open')[0]![0] as string;
    expect(id).toMatch(/^vault-[0-9a-f]{8}-/);
    expect(app.vault.getFileByPath('a.md')).toBeInstanceOf(TFile);
  });
});
