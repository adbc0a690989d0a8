// Wires the MCP controller to the plugin: its settings, its brain service, and writes through the vault API
// under the same include/exclude rules the worker applies.
import { FileSystemAdapter, Notice, Platform } from 'obsidian';
import { PathFilter } from '../../core/index/path-rules';
import type { VaultBrainHost } from '../plugin/host';
import { effectiveRules } from '../plugin/settings';
import { ObsidianVaultSource } from '../bridge/obsidian-vault-source';
import { McpController } from './mcp-controller';
import { ObsidianNoteWriter } from './obsidian-note-writer';

export function createMcpController(host: Pick<VaultBrainHost, 'app' | 'brain' | 'settings' | 'saveSettings'>): McpController {
  const { vault } = host.app;
  return new McpController({
    isDesktop: Platform.isDesktop,
    settings: () => host.settings,
    saveSettings: () => host.saveSettings(),
    brain: host.brain,
    writes: () => {
      const source = new ObsidianVaultSource(vault);
      return {
        writer: new ObsidianNoteWriter(vault),
        read: (path) => source.read(path),
        // The rules as saved now: a rule added but not yet applied already protects its notes from writes.
        accepts: (path) => new PathFilter(effectiveRules(host.settings, vault.configDir)).accepts(path),
      };
    },
    vaultRoot: () => (vault.adapter instanceof FileSystemAdapter ? vault.adapter.getBasePath() : null),
    activeNote: () => host.app.workspace.getActiveFile()?.path ?? null,
    notify: (message) => new Notice(message),
    log: (message) => host.brain.report('warn', message),
  });
}
