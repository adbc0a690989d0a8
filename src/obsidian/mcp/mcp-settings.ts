// The settings section of the MCP server: on/off, port, writes, live state, the URL and token (copy,
// regenerate), copy-paste configs for Claude Desktop and Cursor, and the last calls from the audit log.
import { errorText } from '../plugin/error-text';
import { Notice } from 'obsidian';
import type { AuditEntry } from '../../mcp/audit';
import { claudeDesktopConfig, cursorConfig } from './client-configs';
import type { McpController, McpServerState } from './mcp-controller';
import { destructive, type SettingRow, type SettingRowGroup } from '../plugin/setting-rows';

/** Audit entries shown under "Recent calls". */
export const RECENT_CALLS_SHOWN = 10;

export function mcpSettingGroup(controller: McpController, redraw: () => void): SettingRowGroup {
  const heading = 'Server for AI assistants';
  if (!controller.isDesktop) {
    return { type: 'group', heading, items: [{ name: 'Desktop only', desc: 'The server for AI assistants runs on desktop only.', render: () => undefined }] };
  }
  const s = (): McpController['settings'] => controller.settings;
  // After success or failure alike, the section is drawn again from the settings as they now are.
  const act = (work: () => Promise<unknown>, then = redraw): void => {
    void work()
      .catch((e: unknown) => new Notice(`Vault Brain: ${errorText(e)}`))
      .finally(then);
  };
  const hasToken = (): boolean => Boolean(s().mcpToken);
  const url = (): string => controller.url;
  const recent = (): AuditEntry[] => controller.audit.recent(RECENT_CALLS_SHOWN);

  return {
    type: 'group',
    heading,
    items: [
      {
        name: 'Serve this brain to local assistants',
        desc: 'Speaks the model context protocol on 127.0.0.1 only, behind a secret token. Off by default.',
        aliases: ['mcp', 'model context protocol', 'claude', 'cursor'],
        render: (setting) => void setting.addToggle((t) => t.setValue(s().mcpEnabled).onChange((v) => act(() => controller.setEnabled(v)))),
      },
      {
        name: 'Port',
        desc: 'From 1024 to 65535. Applied when you leave the field.',
        aliases: ['mcp port'],
        render: (setting) =>
          void setting.addText((t) => {
            t.setValue(String(s().mcpPort));
            t.inputEl.addEventListener('change', () => {
              const n = Number(t.getValue().trim());
              act(() => controller.setPort(n), () => {
                if (controller.settings.mcpPort !== n) t.setValue(String(controller.settings.mcpPort));
                redraw();
              });
            });
          }),
      },
      {
        name: 'Allow writes',
        desc: 'Assistants may create new notes and append to existing ones. Off: they can only read.',
        render: (setting) => void setting.addToggle((t) => t.setValue(s().mcpAllowWrites).onChange((v) => act(() => controller.setAllowWrites(v)))),
      },
      {
        name: 'Server state',
        render: (setting) => {
          const stateEl = setting.descEl.createDiv({ cls: 'vb-mcp-state' });
          const showState = (st: McpServerState): void => stateEl.setText(describeState(st));
          showState(controller.state);
          // The listener goes with the row: Obsidian 1.13 runs the returned cleanup; before 1.13 the tab empties its
          // container on every redraw and on close, which detaches the row, as the check below notices.
          const unsubscribe = controller.onState((st) => {
            if (!setting.settingEl.parentElement) return void unsubscribe();
            showState(st);
          });
          return unsubscribe;
        },
      },
      {
        name: 'Server address',
        visible: hasToken,
        render: (setting) => {
          setting.setDesc(url());
          setting.addButton((b) => b.setButtonText('Copy').onClick(() => copy(url(), 'Address copied')));
        },
      },
      {
        name: 'Access token',
        desc: 'Clients send it as "Authorization: Bearer <token>". Regenerating it disconnects configured clients.',
        visible: hasToken,
        render: (setting) =>
          void setting
            .addText((t) => {
              t.setValue(s().mcpToken).setDisabled(true);
              t.inputEl.type = 'password';
            })
            .addButton((b) => b.setButtonText('Copy').onClick(() => copy(controller.settings.mcpToken, 'Token copied')))
            .addButton((b) => destructive(b.setButtonText('Regenerate')).onClick(() => act(() => controller.regenerateToken()))),
      },
      snippetRow(
        'Claude Desktop',
        'Add to claude_desktop_config.json (Settings → Developer → Edit config), then restart Claude Desktop. Needs Node.js for npx.',
        () => claudeDesktopConfig(url(), s().mcpToken),
        hasToken,
      ),
      snippetRow('Cursor', 'Add to ~/.cursor/mcp.json (or the project\'s .cursor/mcp.json).', () => cursorConfig(url(), s().mcpToken), hasToken),
      {
        name: 'Recent calls',
        visible: hasToken,
        render: (setting) => {
          const calls = recent();
          setting.setDesc(calls.length ? 'Newest first. Kept in memory until Obsidian closes.' : 'No calls yet.');
          if (!calls.length) return;
          const list = setting.descEl.createEl('ul', { cls: 'vb-mcp-calls' });
          for (const e of calls) list.createEl('li', { text: describeCall(e) });
        },
      },
    ],
  };
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

/** A client's config: a copy button, and the text itself folded away under the row's description. */
function snippetRow(name: string, desc: string, text: () => string, visible: () => boolean): SettingRow {
  return {
    name,
    desc,
    visible,
    render: (setting) => {
      setting.addButton((b) => b.setButtonText('Copy config').onClick(() => copy(text(), `${name} config copied`)));
      // Drawn while hidden too in 1.13 (until the first token redraws the tab): no config without a token.
      if (!visible()) return;
      const details = setting.descEl.createEl('details', { cls: 'vb-mcp-config' });
      details.createEl('summary', { text: 'Show config (contains the token)' });
      details.createEl('pre').createEl('code', { text: text() });
    },
  };
}

function copy(text: string, done: string): void {
  navigator.clipboard.writeText(text).then(
    () => new Notice(done),
    () => new Notice('Could not copy: select the text and copy it instead.'),
  );
}
