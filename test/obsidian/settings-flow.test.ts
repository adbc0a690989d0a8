// The embedder and think-provider settings end to end on the plugin side: typed into the settings tab, saved
// with saveData (keys included, and nowhere else), pushed to the open worker (model settings at once, the
// embedder with "Apply and reindex"), and read back after a reload into the same worker settings message.
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { App, Plugin as MockPlugin, Setting, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VaultBrainSettingTab } from '../../src/obsidian/plugin/settings-tab';
import { QuickSearchModal } from '../../src/obsidian/views/quick-search';
import type { SearchView } from '../../src/obsidian/views/search-view';
import { SEARCH_VIEW } from '../../src/obsidian/views/view-types';
import { openedWith, startedPlugin, type TestPlugin } from './test-plugin';
import { isShown, SETTINGS_RENDERERS, showTab } from './settings-render';


interface Control {
  setValue(v: string | number): unknown;
  inputEl?: HTMLInputElement;
  selectEl?: HTMLSelectElement;
  /** The row the control sits in. */
  settingEl: HTMLElement;
}

type SettingLike = { nameEl: HTMLElement; settingEl: HTMLElement; components: unknown[] };

/** Records the last control added to each named setting, so a test can type into it like a user. */
function captureControls(): Map<string, Control> {
  const controls = new Map<string, Control>();
  const proto = Setting.prototype as unknown as Record<string, (this: SettingLike, cb: unknown) => unknown>;
  for (const method of ['addText', 'addDropdown'] as const) {
    const original = proto[method]!;
    vi.spyOn(proto, method).mockImplementation(function (this: SettingLike, cb: unknown) {
      const out = original.call(this, cb);
      controls.set(this.nameEl.textContent ?? '', Object.assign(this.components.at(-1) as Control, { settingEl: this.settingEl }));
      return out;
    });
  }
  return controls;
}

/** The named control, if the tab shows it now (1.13 keeps hidden rows in the DOM; older Obsidian does not draw them). */
function shown(controls: Map<string, Control>, tab: VaultBrainSettingTab, name: string): Control | undefined {
  const c = controls.get(name);
  return c && isShown(c.settingEl, tab.containerEl) ? c : undefined;
}

async function settle(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

function makeApp(): App {
  const app = App.createConfigured__({ files: { 'People/Alice.md': '# Alice', 'Notes/a.md': 'a' } });
  (app as unknown as Record<string, unknown>).appId = 'abc123';
  return app;
}

/** The search pane as the plugin registers it (its view creator), opened. */
async function openSearchPane(app: App, plugin: TestPlugin): Promise<SearchView> {
  const create = MockPlugin.fromOriginalType2__(plugin).views__.get(SEARCH_VIEW)!;
  const view = create(WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf) as unknown as SearchView;
  await view.onOpen();
  return view;
}

/** The quick search modal the plugin's command opens. */
function openQuickSearch(plugin: TestPlugin): QuickSearchModal {
  const open = vi.spyOn(QuickSearchModal.prototype, 'open').mockImplementation(() => undefined);
  MockPlugin.fromOriginalType2__(plugin).commands__.get('quick-search')!.callback!();
  const modal = open.mock.contexts[0] as QuickSearchModal;
  open.mockRestore();
  return modal;
}

/** The `mode` of every search the plugin's worker client was asked for, in order. */
const searchModes = (plugin: TestPlugin): unknown[] => plugin.fake.callsOf('op').filter((c) => c[0] === 'search').map((c) => (c[1] as { mode?: unknown }).mode);

describe.each(SETTINGS_RENDERERS)('embedder and think settings, %s', (renderer) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('are typed in the settings tab, saved with saveData, and reach the worker', async () => {
    const app = makeApp();
    const plugin = await startedPlugin(app);
    expect(openedWith(plugin)[0]).toMatchObject({ embedder: { kind: 'builtin' }, llm: { provider: 'none' } });
    const controls = captureControls();
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    expect(shown(controls, tab, 'Embeddings API key')).toBeUndefined();

    controls.get('Embedder')!.setValue('openai');
    await settle();
    expect(shown(controls, tab, 'Embeddings API key')!.inputEl!.type).toBe('password');
    controls.get('Embeddings base URL')!.setValue(' http://127.0.0.1:11434/v1 ');
    controls.get('Embeddings model')!.setValue('nomic-embed-text');
    controls.get('Embedding size')!.setValue('256');
    controls.get('Embeddings API key')!.setValue('sk-embed-123');
    controls.get('Model provider')!.setValue('openai');
    await settle();
    expect(shown(controls, tab, 'API key')!.inputEl!.type).toBe('password');
    expect(controls.get('Base URL')!.inputEl!.type).not.toBe('password');
    controls.get('Base URL')!.setValue('http://127.0.0.1:1234/v1');
    controls.get('Model')!.setValue('qwen2.5');
    controls.get('API key')!.setValue('sk-llm-456');
    controls.get('Most notes sent per question')!.setValue('5');
    // Out of range: ignored.
    controls.get('Most notes sent per question')!.setValue('31');
    controls.get('Answer timeout')!.setValue('30');
    // Out of range: ignored, the last good value stays.
    controls.get('Answer timeout')!.setValue('1');
    controls.get('Embedding size')!.setValue('-3');
    await settle();

    const saved = (await plugin.loadData()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      embedder: 'openai',
      embedderBaseUrl: 'http://127.0.0.1:11434/v1',
      embedderModel: 'nomic-embed-text',
      embedderDims: 256,
      embedderApiKey: 'sk-embed-123',
      llmProvider: 'openai',
      llmBaseUrl: 'http://127.0.0.1:1234/v1',
      llmModel: 'qwen2.5',
      llmApiKey: 'sk-llm-456',
      llmMaxNotes: 5,
      llmTimeoutSeconds: 30,
    });
    // Keys live in the plugin's data only: no note was written.
    expect(app.vault.getFiles().map((f) => f.path).sort()).toEqual(['Notes/a.md', 'People/Alice.md']);

    // Model settings reach the open worker at once, without reopening it.
    const pushed = plugin.fake.callsOf('configure').map((a) => a[0]);
    expect(pushed.at(-1)).toEqual({ provider: 'openai', baseURL: 'http://127.0.0.1:1234/v1', model: 'qwen2.5', apiKey: 'sk-llm-456', maxNotes: 5, timeoutMs: 30_000, saveFolder: 'Syntheses' });
    expect(plugin.fake.callsOf('open')).toHaveLength(1);

    // The embedder waits for "Apply and reindex", which reopens the worker with it.
    await plugin.applyIndexSettings();
    await settle();
    const reopened = openedWith(plugin);
    expect(reopened).toHaveLength(2);
    expect(reopened[1]).toMatchObject({
      embedder: { kind: 'openai', baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text', dims: 256, apiKey: 'sk-embed-123' },
      llm: { provider: 'openai', model: 'qwen2.5', apiKey: 'sk-llm-456', timeoutMs: 30_000, maxNotes: 5 },
    });

    // After a restart of the app the same settings are read back and sent again.
    const again = await startedPlugin(makeApp(), JSON.parse(JSON.stringify(saved)));
    expect(openedWith(again)[0]).toEqual(reopened[1]);
  });

  it('switching the provider back to none stops sending the key and hides the key fields', async () => {
    const app = makeApp();
    const plugin = await startedPlugin(app, { llmProvider: 'anthropic', llmModel: 'claude-x', llmApiKey: 'sk-ant-789' });
    expect(openedWith(plugin)[0]!.llm).toMatchObject({ provider: 'anthropic', model: 'claude-x', apiKey: 'sk-ant-789' });
    const controls = captureControls();
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    expect(shown(controls, tab, 'API key')!.inputEl!.type).toBe('password');
    const provider = controls.get('Model provider')!;
    controls.clear();
    provider.setValue('none');
    await settle();
    // The tab drew itself again without the provider's fields.
    expect(shown(controls, tab, 'Model provider')).toBeDefined();
    expect(shown(controls, tab, 'API key')).toBeUndefined();
    expect([...tab.containerEl.querySelectorAll('input[type="password"]')].filter((e) => isShown(e, tab.containerEl))).toHaveLength(0);
    const last = plugin.fake.callsOf('configure').at(-1)![0];
    expect(last).toMatchObject({ provider: 'none' });
    expect(JSON.stringify(last)).not.toContain('sk-ant-789');
  });

  it('a failed push of model settings is logged, not thrown', async () => {
    const app = makeApp();
    const plugin = await startedPlugin(app);
    plugin.fake.configure = () => Promise.reject(new Error('worker gone'));
    plugin.settings.llmProvider = 'openai';
    plugin.settings.llmModel = 'm';
    await expect(plugin.saveSettings()).resolves.toBeUndefined();
    expect(plugin.brain.logs.at(-1)).toEqual({ level: 'warn', message: 'model settings were not applied: worker gone' });
  });
});

describe.each(SETTINGS_RENDERERS)('search mode and rerank model settings, %s', (renderer) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('"Search mode" offers fast, balanced and deep; choosing deep makes the next search of the pane and of quick search deep', async () => {
    const app = makeApp();
    const plugin = await startedPlugin(app);
    plugin.fake.ops.set('search', (p) => ({ query: p.query, results: [] }));
    const controls = captureControls();
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    const mode = shown(controls, tab, 'Search mode')!;
    expect([...mode.selectEl!.options].map((o) => [o.value, o.text])).toEqual([
      ['fast', 'Fast'],
      ['balanced', 'Balanced'],
      ['deep', 'Deep'],
    ]);
    expect(mode.selectEl!.value).toBe('balanced');
    // No provider yet: the row says deep sends nothing until one is set.
    expect(mode.settingEl.textContent).toContain('With a model provider set below');

    const pane = await openSearchPane(app, plugin);
    await pane.setQuery('acme');
    mode.setValue('deep');
    await settle();
    await pane.setQuery('acme board');
    await openQuickSearch(plugin).getSuggestions('acme');
    mode.setValue('fast');
    await settle();
    await pane.setQuery('acme');
    expect(searchModes(plugin)).toEqual(['balanced', 'deep', 'deep', 'fast']);

    // Saved, and read back after a restart.
    mode.setValue('deep');
    await settle();
    const saved = (await plugin.loadData()) as Record<string, unknown>;
    expect(saved.searchMode).toBe('deep');
    const again = await startedPlugin(makeApp(), JSON.parse(JSON.stringify(saved)));
    again.fake.ops.set('search', (p) => ({ query: p.query, results: [] }));
    await (await openSearchPane(app, again)).setQuery('acme');
    expect(searchModes(again)).toEqual(['deep']);
  });

  it('"Rerank model" shows only for the OpenAI-compatible provider and reaches the worker as rerankModel', async () => {
    const app = makeApp();
    const plugin = await startedPlugin(app);
    const controls = captureControls();
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    expect(shown(controls, tab, 'Rerank model')).toBeUndefined();

    controls.get('Model provider')!.setValue('anthropic');
    await settle();
    expect(shown(controls, tab, 'Model')).toBeDefined();
    expect(shown(controls, tab, 'Rerank model')).toBeUndefined();

    controls.get('Model provider')!.setValue('openai');
    await settle();
    const rerank = shown(controls, tab, 'Rerank model')!;
    expect(rerank.settingEl.textContent).toContain('/rerank');
    expect(rerank.settingEl.textContent).toContain('deep search');
    // With a provider, the search mode row says deep sends the query and passages to it.
    expect(shown(controls, tab, 'Search mode')!.settingEl.textContent).toContain('sends the query and the top passages to that provider');
    controls.get('Base URL')!.setValue('http://127.0.0.1:8080/v1');
    controls.get('Model')!.setValue('qwen2.5');
    rerank.setValue(' bge-reranker-v2-m3 ');
    await settle();
    expect(((await plugin.loadData()) as Record<string, unknown>).llmRerankModel).toBe('bge-reranker-v2-m3');
    expect(plugin.fake.callsOf('configure').at(-1)![0]).toMatchObject({ provider: 'openai', baseURL: 'http://127.0.0.1:8080/v1', model: 'qwen2.5', rerankModel: 'bge-reranker-v2-m3' });
    await plugin.applyIndexSettings();
    await settle();
    expect(openedWith(plugin).at(-1)!.llm).toMatchObject({ provider: 'openai', rerankModel: 'bge-reranker-v2-m3' });

    // Another provider has no /rerank: the name stays saved but is not sent, and the row hides.
    controls.get('Model provider')!.setValue('anthropic');
    await settle();
    expect(shown(controls, tab, 'Rerank model')).toBeUndefined();
    expect(plugin.fake.callsOf('configure').at(-1)![0]).not.toHaveProperty('rerankModel');
    expect(plugin.settings.llmRerankModel).toBe('bge-reranker-v2-m3');
  });

  it('settings saved before these fields existed load with the defaults, and an unknown mode is balanced', async () => {
    const old = { llmProvider: 'openai', llmBaseUrl: 'http://127.0.0.1:8080/v1', llmModel: 'qwen2.5', debounceMs: 500 };
    const app = makeApp();
    const plugin = await startedPlugin(app, old);
    expect(plugin.settings).toMatchObject({ searchMode: 'balanced', llmRerankModel: '', llmModel: 'qwen2.5', debounceMs: 500 });
    expect(openedWith(plugin)[0]!.llm).not.toHaveProperty('rerankModel');
    plugin.fake.ops.set('search', (p) => ({ query: p.query, results: [] }));
    await (await openSearchPane(app, plugin)).setQuery('acme');
    expect(searchModes(plugin)).toEqual(['balanced']);
    const controls = captureControls();
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    expect(shown(controls, tab, 'Search mode')!.selectEl!.value).toBe('balanced');
    expect(shown(controls, tab, 'Rerank model')!.inputEl!.value).toBe('');

    const bad = await startedPlugin(makeApp(), { ...old, searchMode: 'turbo', llmRerankModel: 42 });
    expect(bad.settings).toMatchObject({ searchMode: 'balanced', llmRerankModel: '' });
  });
});

describe("the settings tab in Obsidian 1.13's settings search", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('declares every row the tab draws, under its heading, and the same rows as display() draws', async () => {
    const plugin = await startedPlugin(makeApp(), { embedder: 'openai', llmProvider: 'anthropic' });
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    const groups = tab.getSettingDefinitions() as Array<{ type: string; heading: string; items: Array<{ name: string; render?: unknown }> }>;
    expect(groups.map((g) => [g.type, g.heading])).toEqual([
      ['group', 'Indexing'],
      ['group', 'Embeddings'],
      ['group', 'Search'],
      ['group', 'Thinking'],
      ['group', 'Server for AI assistants'],
      ['group', 'Server database'],
    ]);
    const declared = groups.flatMap((g) => [g.heading, ...g.items.map((i) => i.name)]);
    for (const name of ['Include folders', "Respect Obsidian's excluded files", 'Embeddings API key', 'Search mode', 'Rerank model', 'Answer timeout', 'Serve this brain to local assistants']) {
      expect(declared).toContain(name);
    }
    expect(groups.every((g) => g.items.every((i) => typeof i.render === 'function'))).toBe(true);

    // display() (Obsidian before 1.13) draws exactly the declared rows that are visible now (no token yet: the
    // server's address, token, configs and calls wait for the first start).
    const drawn: string[] = [];
    const spy = vi.spyOn(Setting.prototype, 'setName').mockImplementation(function (this: Setting, name: string | DocumentFragment) {
      drawn.push(typeof name === 'string' ? name : (name.textContent ?? ''));
      this.nameEl.setText(name);
      return this;
    });
    showTab(tab, 'Obsidian before 1.13 (display)');
    spy.mockRestore();
    const visible = groups.flatMap((g) => [g.heading, ...g.items.filter((i) => (i as { visible?: () => boolean }).visible?.() ?? true).map((i) => i.name)]);
    expect(drawn).toEqual(visible);
    expect(visible).not.toContain('Access token');
    expect(visible).toContain('Embeddings API key');
  });
});
