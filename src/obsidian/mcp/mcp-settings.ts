// The settings section of the MCP server: on/off, port, writes, live state, the URL and token (copy,
// regenerate), copy-paste configs for Claude Desktop and Cursor, and the last calls from the audit log.
import { errorText } from '../plugin/error-text';
import { Notice, Setting } from 'obsidian';
import type { AuditEntry } from '../../mcp/audit';
import { claudeDesktopConfig, cursorConfig } from './client-configs';
import type { McpController, McpServerState } from './mcp-controller';

/** Audit entries shown under "Recent calls". */
export const RECENT_CALLS_SHOWN = 10;

export function renderMcpSettings(containerEl: HTMLElement, controller: McpController, redraw: () => void): void {
  new Setting(containerEl).setName('Server for AI assistants').setHeading();
  if (!controller.isDesktop) {
    containerEl.createDiv({ cls: 'vb-muted', text: 'The server for AI assistants runs on desktop only.' });
    return;
  }
  const s = controller.settings;
  // After success or failure alike, the section is drawn again from the settings as they now are.
  const act = (work: () => Promise<unknown>, then = redraw): void => {
    void work()
      .catch((e: unknown) => new Notice(`Vault Brain: ${errorText(e)}`))
      .finally(then);
  };

  new Setting(containerEl)
    .setName('Serve this brain to local assistants')
    .setDesc('Speaks the model context protocol on 127.0.0.1 only, behind a secret token. Off by default.')
    .addToggle((t) => t.setValue(s.mcpEnabled).onChange((v) => act(() => controller.setEnabled(v))));
  new Setting(containerEl)
    .setName('Port')
    .setDesc('From 1024 to 65535. Applied when you leave the field.')
    .addText((t) => {
      t.setValue(String(s.mcpPort));
      t.inputEl.addEventListener('change', () => {
        const n = Number(t.getValue().trim());
        act(() => controller.setPort(n), () => {
          if (controller.settings.mcpPort !== n) t.setValue(String(controller.settings.mcpPort));
          redraw();
        });
      });
    });
  new Setting(containerEl)
    .setName('Allow writes')
    .setDesc('Assistants may create new notes and append to existing ones. Off: they can only read.')
    .addToggle((t) => t.setValue(s.mcpAllowWrites).onChange((v) => act(() => controller.setAllowWrites(v))));

  const stateEl = containerEl.createDiv({ cls: 'vb-mcp-state' });
  const showState = (st: McpServerState): void => stateEl.setText(describeState(st));
  showState(controller.state);
  // The listener goes away with the section: the tab empties its container on every redraw.
  const unsubscribe = controller.onState((st) => {
    if (!containerEl.contains(stateEl)) return void unsubscribe();
    showState(st);
  });

  if (!s.mcpToken) return;
  const url = controller.url;
  new Setting(containerEl)
    .setName('Server address')
    .setDesc(url)
    .addButton((b) => b.setButtonText('Copy').onClick(() => copy(url, 'Address copied')));
  new Setting(containerEl)
    .setName('Access token')
    .setDesc('Clients send it as "Authorization: Bearer <token>". Regenerating it disconnects configured clients.')
    .addText((t) => {
      t.setValue(s.mcpToken).setDisabled(true);
      t.inputEl.type = 'password';
    })
    .addButton((b) => b.setButtonText('Copy').onClick(() => copy(controller.settings.mcpToken, 'Token copied')))
    .addButton((b) =>
      b
        .setButtonText('Regenerate')
        .setWarning()
        .onClick(() => act(() => controller.regenerateToken())),
    );

  snippet(
    containerEl,
    'Claude Desktop',
    'Add to claude_desktop_config.json (Settings → Developer → Edit config), then restart Claude Desktop. Needs Node.js for npx.',
    claudeDesktopConfig(url, s.mcpToken),
  );
  snippet(containerEl, 'Cursor', 'Add to ~/.cursor/mcp.json (or the project\'s .cursor/mcp.json).', cursorConfig(url, s.mcpToken));

  const recent = controller.audit.recent(RECENT_CALLS_SHOWN);
  new Setting(containerEl).setName('Recent calls').setDesc(recent.length ? 'Newest first. Kept in memory until Obsidian closes.' : 'No calls yet.');
  if (recent.length) {
    const list = containerEl.createEl('ul', { cls: 'vb-mcp-calls' });
    for (const e of recent) list.createEl('li', { text: describeCall(e) });
  }
}

export function describeState(st: McpServerState): string {
  switch (st.kind) {
    case 'off':
      return 'Stopped.';
    case 'unsupported':
      return 'Not available on this device.';
    case 'starting':
      return `Starting on port ${st.port}…`;
    case 'running':
      return `Running at ${st.url} (${st.writes ? 'read and write' : 'read only'}).`;
    case 'error':
      return `Not running: ${st.message}`;
  }
}

export function describeCall(e: AuditEntry): string {
  const time = e.at.slice(11, 19);
  const outcome = e.ok ? `${e.bytes.toLocaleString('en-US')} bytes${e.truncated ? ', paged' : ''}` : `failed: ${e.error ?? 'error'}`;
  return `${time} ${e.tool} ${e.params} · ${e.ms} ms · ${outcome}`;
}

function snippet(containerEl: HTMLElement, name: string, desc: string, text: string): void {
  new Setting(containerEl)
    .setName(name)
    .setDesc(desc)
    .addButton((b) => b.setButtonText('Copy config').onClick(() => copy(text, `${name} config copied`)));
  const details = containerEl.createEl('details', { cls: 'vb-mcp-config' });
  details.createEl('summary', { text: 'Show config (contains the token)' });
  details.createEl('pre').createEl('code', { text });
}

function copy(text: string, done: string): void {
  navigator.clipboard.writeText(text).then(
    () => new Notice(done),
    () => new Notice('Could not copy: select the text and copy it instead.'),
  );
}
