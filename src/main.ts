import { Plugin } from 'obsidian';

// The plugin entry. Kept thin: it wires surfaces to the core once the workspace layout is ready.
export default class VaultBrainPlugin extends Plugin {
  override async onload(): Promise<void> {
    this.app.workspace.onLayoutReady(() => {
      // The brain opens here (see the plugin issue); nothing heavy runs during onload.
    });
  }
}
