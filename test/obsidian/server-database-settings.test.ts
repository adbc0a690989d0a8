// The "Server database" section of the settings tab, as a person uses it: off desktop it says so; the switch refuses
// a URL the brain cannot use; the URL is saved without a password, the password only on this device; "Test"
// shows what the connection test found; turning it on saves and reopens the brain.
import { App, Notice, type Setting } from 'obsidian-test-mocks/obsidian';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionReport } from '../../src/obsidian/bridge/serve-postgres';
import type { VaultBrainHost } from '../../src/obsidian/plugin/host';
import { serverDatabaseGroup } from '../../src/obsidian/plugin/server-database-settings';
import type { PasswordStore } from '../../src/obsidian/plugin/server-database';
import { renderRowsImperatively } from '../../src/obsidian/plugin/setting-rows';
import { DEFAULT_SETTINGS } from '../../src/obsidian/plugin/settings';
import { button, captureSettings, flush } from './settings-render';

afterEach(() => vi.restoreAllMocks());

function setUp(desktop = true) {
  const app = App.createConfigured__({});
  let saved = '';
  const store: PasswordStore = { get: () => saved || null, set: (p) => void (saved = p ?? '') };
  const calls = { saves: 0, applies: 0, tested: [] as string[] };
  const host = {
    app,
    settings: { ...DEFAULT_SETTINGS },
    saveSettings: () => Promise.resolve(void calls.saves++),
    applyIndexSettings: () => Promise.resolve(void calls.applies++),
  } as unknown as VaultBrainHost;
  const test = (url: string): Promise<ConnectionReport> => {
    calls.tested.push(url);
    return Promise.resolve({ ok: true, message: 'postgres://brain:***@db.internal/brain: connected; pgvector 0.8.0; no brain yet' });
  };
  const el = document.createElement('div');
  const view = { el, settings: new Map<string, Setting>(), redraws: 0 };
  const draw = (): void => {
    view.settings = captureSettings(() => renderRowsImperatively(el, [serverDatabaseGroup(host, { desktop, password: store, test, redraw })]));
  };
  const redraw = (): void => {
    view.redraws++;
    draw();
  };
  draw();
  return { host, view, calls, password: () => saved };
}

type TextField = { setValue(v: string): void; simulateEvent__(e: string): void; inputEl: HTMLInputElement };

/** Types into a text field as a person does: the value, an input event per edit, then a change on leaving it. */
function typeInto(field: TextField, value: string): void {
  field.setValue(value);
  field.simulateEvent__('input');
  field.simulateEvent__('change');
}

describe('the Server database settings section', () => {
  it('off desktop: says so and offers nothing', () => {
    const { view } = setUp(false);
    expect(view.el.textContent).toContain('desktop only');
    expect(view.settings.has('Use a server database')).toBe(false);
  });

  it('refuses to turn on without a usable URL, saves a URL without its password and the password only on this device', async () => {
    const notices = vi.spyOn(Notice.prototype, 'constructor__');
    const { host, view, calls, password } = setUp();
    expect(view.settings.has('Password')).toBe(false);
    const toggle = view.settings.get('Use a server database')!.components[0] as unknown as { onClick(): void; getValue(): boolean };
    toggle.onClick();
    await flush();
    expect(host.settings.serverDatabase).toBe(false);
    expect(toggle.getValue()).toBe(false);
    expect(calls.applies).toBe(0);
    expect(JSON.stringify(notices.mock.calls)).toContain('the server URL');

    const url = view.settings.get('Server URL')!.components[0] as unknown as TextField;
    typeInto(url, 'postgres://brain:inline-secret@db.internal/brain');
    expect(host.settings.serverDatabaseUrl).toBe('');
    typeInto(url, 'postgres://brain@db.internal/brain?schema=team');
    expect(host.settings.serverDatabaseUrl).toBe('postgres://brain@db.internal/brain?schema=team');
    // With a URL, the tab is drawn again with the password and the test.
    expect(view.redraws).toBe(1);
    const settings = view.settings;
    const again = settings.get('Use a server database')!.components[0] as unknown as { onClick(): void };

    const pw = settings.get('Password')!.components[0] as unknown as TextField;
    expect(pw.inputEl.type).toBe('password');
    typeInto(pw, 's3cret');
    expect(password()).toBe('s3cret');
    expect(JSON.stringify(host.settings)).not.toContain('s3cret');

    button(settings.get('Test connection'), 'Test').simulateClick__();
    await flush();
    expect(calls.tested).toEqual(['postgres://brain:s3cret@db.internal/brain?schema=team']);
    expect(settings.get('Test connection')!.descEl.textContent).toContain('connected; pgvector 0.8.0');

    again.onClick();
    await flush();
    expect(host.settings.serverDatabase).toBe(true);
    expect(calls.applies).toBe(1);
  });
});
