// Driving the plugin's think pane and status bar on the e2e page (test/e2e/think/page.ts), shared by the think
// browser tests.
import type { Page } from 'playwright-core';

export const THINK_VIEW = 'vault-brain-think';
/** The think pane's leaf, marked by `askInThinkPane`. */
export const THINK_PANE = `[data-pane="${THINK_VIEW}"]`;

/** The plugin as the page sees it (the shim's Plugin type does not know the plugin's own members). */
export interface PluginHandle {
  settings: Record<string, unknown>;
  saveSettings(): Promise<void>;
  /** "Apply and reindex": reopens the brain with the settings saved now. */
  applyIndexSettings(): Promise<void>;
  activateView(type: string): Promise<{ ask(q: string): Promise<void> } | null>;
}

export function statusBarText(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('.vb-status-bar')?.textContent ?? '');
}

/** Waits until the status bar says the brain is ready (or failed), and returns what it says. */
export async function waitForBrain(page: Page, timeoutMs: number): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const text = await statusBarText(page);
    if (text.startsWith('Brain: ready') || text.startsWith('Brain: error')) return text;
    await page.waitForTimeout(100);
  }
  return statusBarText(page);
}

/** Opens the think pane and asks `question`, without waiting for the answer (tests watch it arrive). */
export async function askInThinkPane(page: Page, question: string): Promise<void> {
  await page.evaluate(
    async ({ q, type }) => {
      const plugin = window.__vb.plugin as unknown as PluginHandle;
      const view = await plugin.activateView(type);
      if (!view) throw new Error('no think view');
      const leaf = window.__vb.app.workspace.getLeavesOfType(type)[0]!;
      leaf.containerEl.classList.add('vb-e2e-pane');
      leaf.containerEl.dataset.pane = type;
      void view.ask(q);
    },
    { q: question, type: THINK_VIEW },
  );
}
