// The settings section "Server database" (desktop only): turn the server brain on, its URL, the password (this
// device's local storage), and a connection test that says what a brain there needs and what is missing.
import { Notice } from 'obsidian';
import { testServerConnection, type ConnectionReport } from '../bridge/serve-postgres';
import type { VaultBrainHost } from './host';
import type { SettingRowGroup } from './setting-rows';
import { serverUrlProblem, type PasswordStore } from './server-database';

export interface ServerDatabaseSettingsOptions {
  desktop: boolean;
  password: PasswordStore;
  /** Draws the tab again (the password and test rows appear once a URL is set). */
  redraw: () => void;
  /** The connection test (tests pass a stand-in; the real one opens a pool on the main thread). */
  test?: (url: string) => Promise<ConnectionReport>;
}

export function serverDatabaseGroup(host: VaultBrainHost, options: ServerDatabaseSettingsOptions): SettingRowGroup {
  const heading = 'Server database';
  if (!options.desktop) {
    return { type: 'group', heading, items: [{ name: 'Desktop only', desc: 'A brain on a PostgreSQL server is reached from desktop only; here the brain stays in the app.', render: () => undefined }] };
  }
  const s = (): VaultBrainHost['settings'] => host.settings;
  const password = (): string => options.password.get() ?? '';
  const test = options.test ?? ((url: string) => testServerConnection(url));
  const urlWithPassword = (): string | null => {
    if (serverUrlProblem(s().serverDatabaseUrl) !== null) return null;
    const u = new URL(s().serverDatabaseUrl.trim());
    if (password()) u.password = password();
    return u.toString();
  };
  return {
    type: 'group',
    heading,
    items: [
      {
        name: 'Use a server database',
        desc: 'Keep this vault\'s brain on a PostgreSQL server with pgvector (a team\'s shared brain, docs/team-brain.md) instead of in the app. The text of your notes is sent to that server. The brain reopens when you change this.',
        aliases: ['postgres', 'postgresql', 'team brain'],
        render: (setting) =>
          void setting.addToggle((t) =>
            t.setValue(s().serverDatabase).onChange(async (v) => {
              // Setting the switch back (below) reports a change too: nothing to do then.
              if (v === s().serverDatabase) return;
              const problem = v ? serverUrlProblem(s().serverDatabaseUrl) : null;
              if (problem) {
                new Notice(`Vault Brain: the server URL: ${problem}`);
                t.setValue(false);
                return;
              }
              s().serverDatabase = v;
              await host.saveSettings();
              await host.applyIndexSettings();
            }),
          ),
      },
      {
        name: 'Server URL',
        desc: 'postgres://user@host:5432/database, optionally ?schema=name and TLS settings (sslmode=verify-full). Without the password.',
        render: (setting) =>
          void setting.addText((t) => {
            t.setValue(s().serverDatabaseUrl);
            t.inputEl.addEventListener('change', () => {
              const url = t.getValue().trim();
              const problem = url ? serverUrlProblem(url) : null;
              if (problem) {
                new Notice(`Vault Brain: the server URL: ${problem}`);
                return;
              }
              const shown = s().serverDatabaseUrl !== '';
              s().serverDatabaseUrl = url;
              void host.saveSettings();
              if (shown !== (url !== '')) options.redraw();
            });
          }),
      },
      {
        name: 'Password',
        desc: 'Kept on this device only (not in the plugin\'s settings file, which sync services copy).',
        visible: () => s().serverDatabaseUrl !== '',
        render: (setting) =>
          void setting.addText((t) => {
            t.inputEl.type = 'password';
            t.setValue(password()).onChange((v) => options.password.set(v === '' ? null : v));
          }),
      },
      {
        name: 'Test connection',
        desc: 'Logs in and checks pgvector, pg_trgm and the brain\'s schema there. Writes nothing.',
        visible: () => s().serverDatabaseUrl !== '',
        render: (setting) =>
          void setting.addButton((b) =>
            b.setButtonText('Test').onClick(async () => {
              const url = urlWithPassword();
              const report: ConnectionReport = url ? await test(url) : { ok: false, message: `the server URL: ${serverUrlProblem(s().serverDatabaseUrl) ?? 'missing'}` };
              setting.setDesc(report.message);
              new Notice(`Vault Brain: ${report.ok ? '' : 'cannot use the server: '}${report.message}`);
            }),
          ),
      },
    ],
  };
}
