// Vault events -> the change batcher. `create` is only listened to once the layout is ready: Obsidian fires it
// for every file while loading the vault, and the first index run already covers those.
import { TFile, type Plugin, type TAbstractFile } from 'obsidian';
import type { ChangeBatcher } from '../../core/index/change-batcher';

export function watchVault(plugin: Plugin, batcher: ChangeBatcher): void {
  const vault = plugin.app.vault;
  const changed = (file: TAbstractFile): void => {
    if (file instanceof TFile) batcher.changed(file.path);
  };
  plugin.registerEvent(vault.on('create', changed));
  plugin.registerEvent(vault.on('modify', changed));
  plugin.registerEvent(vault.on('delete', changed));
  plugin.registerEvent(
    vault.on('rename', (file, oldPath) => {
      if (file instanceof TFile) batcher.renamed(oldPath, file.path);
    }),
  );
}
