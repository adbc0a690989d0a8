// Obsidian's "Excluded files" (userIgnoreFilters) reach the worker's rules and the write guard, the settings tab
// says what they are and previews what they hide, a change of them in Obsidian reopens the brain by itself, and the
// opt-out setting turns them off.
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { App, Plugin as MockPlugin, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VaultBrainSettingTab } from '../../src/obsidian/plugin/settings-tab';
import { DEFAULT_SETTINGS, obsidianIgnoreFilters, toWorkerSettings, type VaultBrainSettings } from '../../src/obsidian/plugin/settings';
import { openedWith, startedPlugin } from './test-plugin';
import type { VaultBrainHost } from '../../src/obsidian/plugin/host';
import { IndexStatusView } from '../../src/obsidian/views/status-view';
import { SETTINGS_RENDERERS, showTab } from './settings-render';
import { EXCLUDED_FILES_CHECK_MS } from '../../src/obsidian/plugin/excluded-files-watch';

function makeApp(filters: unknown): App {
  const app = App.createConfigured__({ files: { 'Notes/a.md': 'a', 'Archive/old.md': 'old', 'Notes/b.excalidraw.md': 'x' } });
  (app as unknown as Record<string, unknown>).appId = 'abc123';
  // What Obsidian answers for Settings -> Files and links -> Excluded files.
  Object.defineProperty(app.vault, 'getConfig', { value: (key: string) => (key === 'userIgnoreFilters' ? filters : undefined) });
  return app;
}


describe("Obsidian's excluded files", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each(SETTINGS_RENDERERS)('are sent to the worker with the rules, and the settings tab names and previews them (%s)', async (renderer) => {
    const app = makeApp(['Archive/', '/\\.excalidraw\\.md$/', 42]);
    const plugin = await startedPlugin(app);
    expect(openedWith(plugin)[0]!.ignore).toEqual(['Archive/', '/\\.excalidraw\\.md$/']);
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    const text = tab.containerEl.textContent ?? '';
    expect(text).toContain("Respect Obsidian's excluded files");
    expect(text).toContain('Now: Archive/, /\\.excalidraw\\.md$/.');
    const preview = tab.containerEl.querySelector('.vb-rule-preview')!.textContent ?? '';
    expect(preview).toContain('1 of 3 files will be indexed.');
    expect(preview).toContain('Archive/old.md: excluded by Obsidian\'s Excluded files ("Archive/")');
  });

  it("answer \"why isn't this note found?\" in the index status view", async () => {
    const app = makeApp(['Archive/']);
    const plugin = await startedPlugin(app);
    const host = plugin as unknown as VaultBrainHost;
    const leaf = WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf;
    const view = new IndexStatusView(leaf, host);
    await view.onOpen();
    expect(await view.explain('old')).toBe('Archive/old.md is not indexed: excluded by Obsidian\'s Excluded files ("Archive/").');
    plugin.settings.obsidianExcluded = false;
    expect(await view.explain('old')).not.toContain('excluded');
  });

  it.each(SETTINGS_RENDERERS)('are left alone when the user opts out (%s)', async (renderer) => {
    const app = makeApp(['Archive/']);
    const plugin = await startedPlugin(app, { obsidianExcluded: false });
    expect(openedWith(plugin)[0]!.ignore).toBeUndefined();
    const tab = MockPlugin.fromOriginalType2__(plugin).settingTabs__[0] as unknown as VaultBrainSettingTab;
    showTab(tab, renderer);
    expect(tab.containerEl.querySelector('.vb-rule-preview')!.textContent).toContain('3 of 3 files will be indexed.');
  });

  it('take effect without "Apply and reindex": a change in Obsidian reopens the brain with the new filters', async () => {
    // What Settings -> Files and links -> Excluded files holds, changed below as a user would change it.
    const filters: string[] = ['Archive/'];
    const app = makeApp(filters);
    const plugin = await startedPlugin(app);
    expect(openedWith(plugin).map((o) => o.ignore)).toEqual([['Archive/']]);
    // Nothing changed: no reopen however long it runs.
    await vi.advanceTimersByTimeAsync(EXCLUDED_FILES_CHECK_MS * 3);
    expect(openedWith(plugin)).toHaveLength(1);

    filters.push('Notes/');
    await vi.advanceTimersByTimeAsync(EXCLUDED_FILES_CHECK_MS);
    expect(openedWith(plugin).map((o) => o.ignore)).toEqual([['Archive/'], ['Archive/', 'Notes/']]);
    await vi.advanceTimersByTimeAsync(EXCLUDED_FILES_CHECK_MS * 3);
    expect(openedWith(plugin)).toHaveLength(2);

    // Opted out: the filters are not part of the rules, so their change reopens nothing.
    plugin.settings.obsidianExcluded = false;
    filters.length = 0;
    await vi.advanceTimersByTimeAsync(EXCLUDED_FILES_CHECK_MS * 2);
    expect(openedWith(plugin)).toHaveLength(2);
  });

  it('are none for an app without the config call or a config that is not a list', () => {
    expect(obsidianIgnoreFilters({})).toEqual([]);
    expect(obsidianIgnoreFilters({ getConfig: () => 'Archive/' })).toEqual([]);
    const s: VaultBrainSettings = { ...DEFAULT_SETTINGS, include: [], exclude: [] };
    expect(toWorkerSettings(s, '.obsidian', ['A/']).ignore).toEqual(['A/']);
    expect(toWorkerSettings({ ...s, obsidianExcluded: false }, '.obsidian', ['A/']).ignore).toBeUndefined();
  });
});
