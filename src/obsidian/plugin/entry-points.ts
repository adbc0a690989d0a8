// Where a user meets the plugin outside the command palette: the ribbon icon, the file menu's "Show in Vault
// Brain", and the panes registered as page-preview sources (so "Page preview" settings list them, and
// hovering a result with Mod shows the note as in core Search and Backlinks).
import { TFile, type Plugin } from 'obsidian';
import { LinksView } from '../views/links-view';
import { LINKS_VIEW, SEARCH_VIEW, STATUS_VIEW, THINK_VIEW } from '../views/view-types';
import type { VaultBrainHost } from './host';

const NOTE_EXTENSIONS = new Set(['md', 'markdown']);

export function registerEntryPoints(plugin: Plugin, host: VaultBrainHost): void {
  plugin.addRibbonIcon('brain', 'Open Vault Brain search', () => void host.activateView(SEARCH_VIEW));
  plugin.registerEvent(
    host.app.workspace.on('file-menu', (menu, file) => {
      if (!(file instanceof TFile) || !NOTE_EXTENSIONS.has(file.extension)) return;
      menu.addItem((item) =>
        item
          .setTitle('Show in Vault Brain')
          .setIcon('brain')
          .onClick(() => void showLinksOf(host, file.path)),
      );
    }),
  );
  // Mod-hover, as for core Search and Backlinks: plain hovering over a list of results would pop previews.
  for (const id of [SEARCH_VIEW, LINKS_VIEW, STATUS_VIEW, THINK_VIEW]) plugin.registerHoverLinkSource(id, { display: 'Vault Brain', defaultMod: true });
}

export async function showLinksOf(host: VaultBrainHost, path: string): Promise<void> {
  const view = await host.activateView(LINKS_VIEW);
  if (view instanceof LinksView) await view.showNote(path);
}
