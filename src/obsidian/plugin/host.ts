// What the panes, settings tab and commands need of the plugin (kept as an interface so they do not import main).
import type { App, View } from 'obsidian';
import type { McpController } from '../mcp/mcp-controller';
import type { BrainService } from './brain-service';
import type { PasswordStore } from './server-database';
import type { VaultBrainSettings } from './settings';

export interface VaultBrainHost {
  readonly app: App;
  readonly brain: BrainService;
  settings: VaultBrainSettings;
  /** The MCP server's lifecycle (absent in hosts that do not serve MCP). */
  readonly mcp?: McpController;
  /** Where this device keeps the server database's password (absent in hosts without a server database). */
  readonly serverPassword?: PasswordStore;
  saveSettings(): Promise<void>;
  /** Reopens the brain with the current include/exclude and embedder settings, then re-indexes. */
  applyIndexSettings(): Promise<void>;
  /** Opens (or reveals) a pane of the plugin and returns its view. */
  activateView(type: string): Promise<View | null>;
}
