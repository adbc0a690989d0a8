// The command palette entries. No default hotkeys: users pick their own.
import type { Plugin } from 'obsidian';
import { QuickSearchModal } from '../views/quick-search';
import { SearchView } from '../views/search-view';
import { ThinkModal, ThinkView } from '../views/think-view';
import { LINKS_VIEW, SEARCH_VIEW, STATUS_VIEW, THINK_VIEW } from '../views/view-types';
import { showLinksOf } from './entry-points';
import type { VaultBrainHost } from './host';

export function registerCommands(plugin: Plugin, host: VaultBrainHost): void {
  plugin.addCommand({ id: 'open-search', name: 'Open search', callback: () => void host.activateView(SEARCH_VIEW) });
  plugin.addCommand({ id: 'quick-search', name: 'Quick search', callback: () => new QuickSearchModal(host.app, host.brain, () => host.settings.searchMode).open() });
  plugin.addCommand({
    id: 'open-links',
    name: 'Open links pane',
    callback: async () => {
      const file = host.app.workspace.getActiveFile();
      if (file) await showLinksOf(host, file.path);
      else await host.activateView(LINKS_VIEW);
    },
  });
  plugin.addCommand({ id: 'rebuild-index', name: 'Rebuild index', callback: () => void host.brain.rebuild() });
  plugin.addCommand({ id: 'show-index-status', name: 'Show index status', callback: () => void host.activateView(STATUS_VIEW) });
  plugin.addCommand({
    id: 'search-selection',
    name: 'Search for selection',
    editorCallback: async (editor) => {
      const selection = editor.getSelection().trim();
      const view = await host.activateView(SEARCH_VIEW);
      if (view instanceof SearchView && selection) await view.setQuery(selection.slice(0, 500));
    },
  });
  plugin.addCommand({
    id: 'think',
    name: 'Think about…',
    callback: () => {
      const selection = host.app.workspace.activeEditor?.editor?.getSelection().trim() ?? '';
      new ThinkModal(host.app, selection.slice(0, 2000), (question) => void askInPane(host, question)).open();
    },
  });
}

export async function askInPane(host: VaultBrainHost, question: string): Promise<void> {
  const view = await host.activateView(THINK_VIEW);
  if (view instanceof ThinkView) await view.ask(question);
}
