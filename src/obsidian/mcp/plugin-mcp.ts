// Wires the MCP controller to the plugin: its settings and its brain service. Writes, when the user allows them,
// are the worker registry's own write ops, which write through the plugin (see bridge/plugin-note-writer.ts).
import { Notice, Platform } from 'obsidian';
import type { VaultBrainHost } from '../plugin/host';
import { McpController } from './mcp-controller';

export function createMcpController(host: Pick<VaultBrainHost, 'app' | 'brain' | 'settings' | 'saveSettings'>): McpController {
  return new McpController({
    isDesktop: Platform.isDesktop,
    settings: () => host.settings,
    saveSettings: () => host.saveSettings(),
    brain: host.brain,
    activeNote: () => host.app.workspace.getActiveFile()?.path ?? null,
    notify: (message) => new Notice(message),
    log: (message) => host.brain.report('warn', message),
  });
}
