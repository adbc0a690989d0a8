// The settings tab is drawn two ways (src/obsidian/plugin/setting-rows.ts): Obsidian 1.13+ renders
// getSettingDefinitions() itself, older Obsidian calls display(). Tests of the tab run under both, through these.
import type { PluginSettingTab } from 'obsidian';
import { SettingTab } from 'obsidian-test-mocks/obsidian';

export const SETTINGS_RENDERERS = ['Obsidian 1.13+ (getSettingDefinitions)', 'Obsidian before 1.13 (display)'] as const;
export type SettingsRenderer = (typeof SETTINGS_RENDERERS)[number];

/**
 * Opens the tab as that Obsidian does. 1.13+: `update()` takes the definitions and the mocks' renderer (which mirrors
 * Obsidian's: groups, rows, `visible` predicates) draws them; a later `update()` from the tab (a change that alters
 * what is shown) draws them again, as Obsidian does for a tab on screen. Before 1.13: `display()`.
 */
export function showTab(tab: PluginSettingTab, renderer: SettingsRenderer): void {
  const mock = SettingTab.fromOriginalType__(tab);
  if (renderer === 'Obsidian before 1.13 (display)') {
    // With no definitions taken, the mocks' tab renders through display(), as Obsidian before 1.13 always does.
    mock.settingItems = [];
    return mock.renderTab__();
  }
  if (!redrawing.has(mock)) {
    redrawing.add(mock);
    const update = mock.update.bind(mock);
    mock.update = () => {
      update();
      mock.renderTab__();
    };
  }
  mock.update();
}

const redrawing = new WeakSet<SettingTab>();

/** Whether `el` is drawn under `root` and neither it nor a parent below `root` is hidden. */
export function isShown(el: Element, root: Element): boolean {
  if (!root.contains(el)) return false;
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
    if ((e as Partial<HTMLElement>).style?.display === 'none') return false;
  }
  return true;
}
