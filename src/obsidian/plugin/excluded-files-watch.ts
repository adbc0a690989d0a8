// Obsidian's Excluded files (Settings → Files and links, `userIgnoreFilters`) take effect without "Apply and
// reindex". Obsidian publishes no event for a change of its own config, so the plugin reads the filters every few
// seconds (an in-memory read of the vault config) and, when they differ from the ones the brain was opened with and
// the user lets the brain honour them, reopens the brain as "Apply and reindex" does: notes newly excluded leave the
// index and notes no longer excluded come in.
import type { Plugin } from 'obsidian';
import { obsidianIgnoreFilters } from './settings';

export const EXCLUDED_FILES_CHECK_MS = 5_000;

export interface ExcludedFilesWatch {
  /** Whether the brain honours Obsidian's filters now (the plugin's "Respect Obsidian's excluded files"). */
  honoured(): boolean;
  /** Reopens the brain with the rules as they are now. */
  apply(): Promise<void>;
}

export function watchExcludedFiles(plugin: Plugin, watch: ExcludedFilesWatch, everyMs = EXCLUDED_FILES_CHECK_MS): void {
  const read = (): string => JSON.stringify(obsidianIgnoreFilters(plugin.app.vault));
  let applied = read();
  let applying = false;
  plugin.registerInterval(
    window.setInterval(() => {
      if (applying) return;
      const now = read();
      if (now === applied) return;
      applied = now;
      // With the opt-out on, the filters are not part of the rules: nothing to reopen for.
      if (!watch.honoured()) return;
      applying = true;
      void watch.apply().finally(() => (applying = false));
    }, everyMs),
  );
}
