// The plugin's MCP server glue in obsidian-test-mocks: the controller's lifecycle (off by default, token on first
// enable, restarts on port/token/writes changes, start errors become state + notice, stop on unload, desktop
// only), the settings section (URL, token, copy/regenerate, client configs, recent calls) and the plugin hooks.
import { App, ButtonComponent, Plugin, PluginSettingTab, Setting } from 'obsidian-test-mocks/obsidian';
import type { SettingDefinitionItem } from 'obsidian';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../src/mcp/audit';
import { MemoryAuditLog } from '../../src/obsidian/mcp/audit-log';
import type { BrainOps } from '../../src/obsidian/mcp/brain-backend';
import { claudeDesktopConfig, cursorConfig, mcpEndpointUrl } from '../../src/obsidian/mcp/client-configs';
import { McpController, type McpControllerDeps, type McpServerModule, type McpSettings } from '../../src/obsidian/mcp/mcp-controller';
import { describeCall, mcpSettingGroup } from '../../src/obsidian/mcp/mcp-settings';
import type { PluginServerOptions } from '../../src/obsidian/mcp/plugin-server';
import { generateMcpToken, isUsableToken } from '../../src/obsidian/mcp/token';
import { DEFAULT_SETTINGS, mergeSettings } from '../../src/obsidian/plugin/settings';
import { renderRowsImperatively } from '../../src/obsidian/plugin/setting-rows';
import { VaultBrainSettingTab } from '../../src/obsidian/plugin/settings-tab';
import { manifest, TestPlugin } from './test-plugin';
import { isShown, SETTINGS_RENDERERS, showTab, type SettingsRenderer } from './settings-render';

/** A stand-in for the lazily loaded server module: records starts and closes, can be told to fail. */
class FakeServers implements McpServerModule {
  started: PluginServerOptions[] = [];
  closed: number[] = [];
  open = new Set<number>();
  failWith: Error | null = null;
  loads = 0;

  startPluginMcpServer(options: PluginServerOptions): Promise<{ url: string; port: number; close(): Promise<void> }> {
    this.started.push(options);
    if (this.failWith) return Promise.reject(this.failWith);
    if (this.open.has(options.port)) return Promise.reject(new Error(`port ${options.port} is already in use`));
    this.open.add(options.port);
    return Promise.resolve({
      url: mcpEndpointUrl(options.port),
      port: options.port,
      close: () => {
        this.open.delete(options.port);
        this.closed.push(options.port);
        return Promise.resolve();
      },
    });
  }
}

const brain: BrainOps = { ops: [], opByName: () => Promise.reject(new Error('not used')) };

function controller(over: Partial<McpControllerDeps> = {}, settings: McpSettings = { ...DEFAULT_SETTINGS }) {
  const servers = new FakeServers();
  const notices: string[] = [];
  let saves = 0;
  const c = new McpController({
    isDesktop: true,
    settings: () => settings,
    saveSettings: () => {
      saves++;
      return Promise.resolve();
    },
    brain,
    notify: (m) => notices.push(m),
    loadServer: () => {
      servers.loads++;
      return Promise.resolve(servers);
    },
    ...over,
  });
  return { c, servers, notices, settings, saves: () => saves };
}

describe('MCP token and client configs', () => {
  it('tokens are 32 random bytes as base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => generateMcpToken()));
    expect(tokens.size).toBe(50);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isUsableToken(t)).toBe(true);
    }
    for (const bad of ['', 'short', 'a'.repeat(31), 'has space'.repeat(5), 'ü'.repeat(40), 'x'.repeat(201)]) expect(isUsableToken(bad), bad).toBe(false);
  });

  it('Claude Desktop goes through mcp-remote with the header in env; Cursor gets url + headers', () => {
    const url = mcpEndpointUrl(27182);
    expect(url).toBe('http://127.0.0.1:27182/mcp');
    const claude = JSON.parse(claudeDesktopConfig(url, 'tok_123')) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
    const server = claude.mcpServers['vault-brain']!;
    expect(server.command).toBe('npx');
    expect(server.args).toEqual(['-y', 'mcp-remote', url, '--transport', 'http-only', '--header', 'Authorization:${AUTH_HEADER}']);
    expect(server.env).toEqual({ AUTH_HEADER: 'Bearer tok_123' });
    // No argument contains a space (clients on Windows split them).
    for (const a of server.args) expect(a).not.toContain(' ');
    expect(JSON.parse(cursorConfig(url, 'tok_123'))).toEqual({ mcpServers: { 'vault-brain': { url, headers: { Authorization: 'Bearer tok_123' } } } });
  });
});

describe('MCP settings merge', () => {
  it('is off, read-only and tokenless by default; keeps stored values of the right type only', () => {
    expect(mergeSettings(null)).toMatchObject({ mcpEnabled: false, mcpAllowWrites: false, mcpToken: '', mcpPort: 27182 });
    const token = generateMcpToken();
    expect(mergeSettings({ mcpEnabled: true, mcpAllowWrites: true, mcpToken: token, mcpPort: 30000 })).toMatchObject({ mcpEnabled: true, mcpAllowWrites: true, mcpToken: token, mcpPort: 30000 });
    expect(mergeSettings({ mcpEnabled: 'yes', mcpAllowWrites: 1, mcpToken: 42, mcpPort: 80 })).toMatchObject({ mcpEnabled: false, mcpAllowWrites: false, mcpToken: '', mcpPort: 27182 });
  });
});

describe('McpController', () => {
  it('does nothing while disabled: no module load, state off', async () => {
    const { c, servers } = controller();
    await c.sync();
    expect(c.state).toEqual({ kind: 'off' });
    expect(servers.loads).toBe(0);
  });

  it('turning it on generates and saves a token, then serves read-only on the configured port', async () => {
    const { c, servers, settings, saves } = controller();
    const states: string[] = [];
    c.onState((s) => states.push(s.kind));
    await c.setEnabled(true);
    expect(isUsableToken(settings.mcpToken)).toBe(true);
    expect(settings.mcpEnabled).toBe(true);
    expect(saves()).toBeGreaterThanOrEqual(1);
    expect(servers.started).toHaveLength(1);
    expect(servers.started[0]).toMatchObject({ port: 27182, token: settings.mcpToken, allowWrites: false, brain });
    expect(c.state).toEqual({ kind: 'running', url: 'http://127.0.0.1:27182/mcp', port: 27182, writes: false });
    expect(states).toEqual(['off', 'starting', 'running']);
    // The audit sink is the controller's log.
    servers.started[0]!.auditLog!({ at: '2026-01-01T10:00:00.000Z', transport: 'http', tool: 'search', params: '{}', ms: 3, bytes: 10, ok: true });
    expect(c.audit.size).toBe(1);

    const token = settings.mcpToken;
    await c.setEnabled(false);
    await c.setEnabled(true);
    expect(settings.mcpToken).toBe(token);
    expect(servers.closed).toEqual([27182]);
  });

  it('replaces a malformed stored token before serving with it', async () => {
    const { c, servers, settings } = controller({}, { ...DEFAULT_SETTINGS, mcpEnabled: true, mcpToken: 'guessable' });
    await c.sync();
    expect(settings.mcpToken).not.toBe('guessable');
    expect(servers.started[0]!.token).toBe(settings.mcpToken);
  });

  it('a start failure becomes the error state and a notice, never a throw; a later sync retries', async () => {
    const { c, servers, notices } = controller();
    servers.failWith = new Error('port 27182 is already in use (another app)');
    await expect(c.setEnabled(true)).resolves.toBeUndefined();
    expect(c.state).toEqual({ kind: 'error', message: 'port 27182 is already in use (another app)' });
    expect(notices).toEqual(['Vault Brain: the MCP server did not start: port 27182 is already in use (another app)']);
    servers.failWith = null;
    await c.sync();
    expect(c.state.kind).toBe('running');
    // A loader that throws (no Node here) is reported the same way.
    const broken = controller({ loadServer: () => Promise.reject(new Error('Cannot find module node:http')) });
    await broken.c.setEnabled(true);
    expect(broken.c.state).toEqual({ kind: 'error', message: 'Cannot find module node:http' });
  });

  it('port, writes and token changes restart the server; bad ports are refused', async () => {
    const { c, servers, settings } = controller();
    await c.setEnabled(true);
    await c.setPort(28000);
    expect(servers.closed).toEqual([27182]);
    expect(servers.started.at(-1)!.port).toBe(28000);
    await c.setPort(28000);
    expect(servers.started).toHaveLength(2);
    for (const bad of [80, 70000, 1.5, Number.NaN]) await expect(c.setPort(bad)).rejects.toThrow(RangeError);
    expect(settings.mcpPort).toBe(28000);

    await c.setAllowWrites(true);
    expect(servers.started.at(-1)).toMatchObject({ allowWrites: true });
    expect(c.state).toMatchObject({ kind: 'running', writes: true });

    const old = settings.mcpToken;
    const fresh = await c.regenerateToken();
    expect(fresh).not.toBe(old);
    expect(servers.started.at(-1)!.token).toBe(fresh);
    expect(servers.open.size).toBe(1);
  });

  it('changes while disabled are saved without starting anything', async () => {
    const { c, servers, settings } = controller();
    await c.setPort(29000);
    await c.setAllowWrites(true);
    await c.regenerateToken();
    expect(settings).toMatchObject({ mcpPort: 29000, mcpAllowWrites: true });
    expect(isUsableToken(settings.mcpToken)).toBe(true);
    expect(servers.loads).toBe(0);
  });

  it('rapid toggles settle in order, with at most one server open', async () => {
    const { c, servers } = controller();
    await Promise.all([c.setEnabled(true), c.setEnabled(false), c.setEnabled(true), c.setEnabled(false)]);
    expect(c.state).toEqual({ kind: 'off' });
    expect(servers.open.size).toBe(0);
    await Promise.all([c.setEnabled(true), c.sync(), c.sync()]);
    expect(servers.open.size).toBe(1);
  });

  it('dispose stops the server and nothing starts afterwards', async () => {
    const { c, servers } = controller();
    await c.setEnabled(true);
    await c.dispose();
    expect(servers.open.size).toBe(0);
    await c.sync();
    expect(servers.open.size).toBe(0);
  });

  it('is unsupported off desktop: never loads the Node server module', async () => {
    const { c, servers } = controller({ isDesktop: false });
    expect(c.state).toEqual({ kind: 'unsupported' });
    await c.setEnabled(true);
    expect(c.state).toEqual({ kind: 'unsupported' });
    expect(servers.loads).toBe(0);
  });
});

describe('MemoryAuditLog', () => {
  it('keeps the newest entries up to its capacity, newest first', () => {
    const log = new MemoryAuditLog(3);
    let changes = 0;
    log.onChange(() => changes++);
    for (let i = 0; i < 5; i++) log.sink({ at: `2026-01-01T10:00:0${i}.000Z`, transport: 'http', tool: `t${i}`, params: '{}', ms: i, bytes: i, ok: true });
    expect(log.size).toBe(3);
    expect(log.recent(10).map((e) => e.tool)).toEqual(['t4', 't3', 't2']);
    expect(log.recent(1).map((e) => e.tool)).toEqual(['t4']);
    expect(log.recent(0)).toEqual([]);
    expect(changes).toBe(5);
  });
});

/** Every Setting built while `fn` runs, by name. */
function captureSettings(fn: () => void): Map<string, Setting> {
  const made: Setting[] = [];
  const spy = vi.spyOn(Setting.prototype, 'constructor__').mockImplementation(function (this: Setting) {
    made.push(this);
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return new Map(made.map((s) => [s.nameEl.textContent ?? '', s]));
}

type Clickable = { simulateClick__(): void; buttonEl: HTMLElement };
function button(setting: Setting | undefined, text: string): Clickable {
  const b = (setting?.components ?? []).find((c) => c instanceof ButtonComponent && c.buttonEl.textContent === text);
  if (!b) throw new Error(`no button "${text}"`);
  return b as unknown as Clickable;
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A tab holding only the MCP group, so the section is drawn as either Obsidian draws a tab. */
class McpOnlyTab extends PluginSettingTab {
  controller!: McpController;
  override getSettingDefinitions(): SettingDefinitionItem[] {
    return [mcpSettingGroup(this.controller, () => this.redraw())];
  }
  override display(): void {
    renderRowsImperatively(this.containerEl, [mcpSettingGroup(this.controller, () => this.redraw())]);
  }
  redraws = 0;
  mode: SettingsRenderer = SETTINGS_RENDERERS[0];
  redraw(): void {
    this.redraws++;
    showTab(this.asOriginalType2__(), this.mode);
  }
}

describe.each(SETTINGS_RENDERERS)('MCP settings section, %s', (renderer) => {
  let clipboard: string[];
  beforeEach(() => {
    clipboard = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((t: string) => {
      clipboard.push(t);
      return Promise.resolve();
    });
  });
  afterEach(() => vi.restoreAllMocks());

  function render(c: McpController): { el: HTMLElement; settings: Map<string, Setting>; redraws: number[] } {
    const app = App.createConfigured__({});
    const tab = new McpOnlyTab(app, new (class extends Plugin {})(app, manifest));
    tab.controller = c;
    tab.mode = renderer;
    const result = { el: tab.containerEl, settings: new Map<string, Setting>(), redraws: [] as number[] };
    const draw = (): void => {
      // Only the rows shown now, by name (1.13 keeps hidden rows in the DOM).
      const all = captureSettings(() => showTab(tab.asOriginalType2__(), renderer));
      result.settings = new Map([...all].filter(([, s]) => isShown(s.settingEl, tab.containerEl)));
    };
    const redraw = tab.redraw.bind(tab);
    tab.redraw = () => {
      result.redraws.push(1);
      redraw();
      draw();
    };
    draw();
    return result;
  }

  it('off desktop: says so and offers nothing', () => {
    const { c } = controller({ isDesktop: false });
    const { el, settings } = render(c);
    expect(el.textContent).toContain('desktop only');
    expect(settings.has('Serve this brain to local assistants')).toBe(false);
  });

  it('shows the switch but no token or configs until the server is first turned on', () => {
    const { c } = controller();
    const { el, settings } = render(c);
    expect(settings.has('Serve this brain to local assistants')).toBe(true);
    expect(settings.has('Allow writes')).toBe(true);
    expect(el.textContent).toContain('Stopped.');
    expect(settings.has('Access token')).toBe(false);
    expect(el.textContent).not.toContain('mcp-remote');
  });

  it('turning it on shows the state, URL, masked token and both configs; copy and regenerate work', async () => {
    const { c, settings: s } = controller();
    const view = render(c);
    const toggle = view.settings.get('Serve this brain to local assistants')!.components[0] as unknown as { onClick(): void };
    toggle.onClick();
    await flush();
    expect(c.state.kind).toBe('running');
    expect(view.redraws.length).toBeGreaterThan(0);
    const text = view.el.textContent ?? '';
    expect(text).toContain('Running at http://127.0.0.1:27182/mcp (read only).');
    expect(view.settings.get('Server address')!.descEl.textContent).toBe('http://127.0.0.1:27182/mcp');
    const tokenInput = view.settings.get('Access token')!.controlEl.querySelector('input')!;
    expect(tokenInput.type).toBe('password');
    expect(tokenInput.value).toBe(s.mcpToken);
    const codes = [...view.el.querySelectorAll('pre code')].map((e) => e.textContent);
    expect(codes).toEqual([claudeDesktopConfig(c.url, s.mcpToken), cursorConfig(c.url, s.mcpToken)]);

    button(view.settings.get('Access token'), 'Copy').simulateClick__();
    button(view.settings.get('Server address'), 'Copy').simulateClick__();
    button(view.settings.get('Cursor'), 'Copy config').simulateClick__();
    await flush();
    expect(clipboard).toEqual([s.mcpToken, c.url, cursorConfig(c.url, s.mcpToken)]);

    const old = s.mcpToken;
    button(view.settings.get('Access token'), 'Regenerate').simulateClick__();
    await flush();
    expect(s.mcpToken).not.toBe(old);
    expect(view.el.querySelector('pre code')!.textContent).toContain(s.mcpToken);
  });

  it('applies a port when the field changes, ignores invalid ones, and follows state changes live', async () => {
    const { c, servers, settings: s } = controller();
    await c.setEnabled(true);
    const view = render(c);
    const port = view.settings.get('Port')!.components[0] as unknown as { setValue(v: string): void; simulateEvent__(e: string): void; getValue(): string };
    port.setValue('31000');
    port.simulateEvent__('change');
    await flush();
    expect(s.mcpPort).toBe(31000);
    expect(servers.started.at(-1)!.port).toBe(31000);
    expect(view.el.textContent).toContain('Running at http://127.0.0.1:31000/mcp');

    const p2 = view.settings.get('Port')!.components[0] as unknown as { setValue(v: string): void; simulateEvent__(e: string): void; getValue(): string };
    p2.setValue('80');
    p2.simulateEvent__('change');
    await flush();
    expect(s.mcpPort).toBe(31000);
    expect(p2.getValue()).toBe('31000');

    servers.failWith = new Error('boom');
    await c.sync();
    expect(view.el.querySelector('.vb-mcp-state')!.textContent).toBe('Not running: boom');
  });

  it('lists recent calls, newest first, and only the newest few', async () => {
    const { c } = controller();
    await c.setEnabled(true);
    const entry = (i: number, ok = true): AuditEntry => ({ at: `2026-01-01T10:00:${String(i).padStart(2, '0')}.000Z`, transport: 'http', tool: `tool${i}`, params: '{"q":"x"}', ms: i, bytes: 1000 * i, ok, ...(ok ? {} : { error: 'no note named "x"' }) });
    for (let i = 0; i < 15; i++) c.audit.sink(entry(i, i !== 14));
    const { el } = render(c);
    const items = [...el.querySelectorAll('.vb-mcp-calls li')].map((li) => li.textContent);
    expect(items).toHaveLength(10);
    expect(items[0]).toBe('10:00:14 tool14 {"q":"x"} · 14 ms · failed: no note named "x"');
    expect(items[1]).toBe(describeCall(entry(13)));
    expect(items[1]).toContain('13,000 bytes');
  });
});


describe('plugin hooks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function loaded(data: unknown): Promise<{ app: App; plugin: TestPlugin }> {
    const app = App.createConfigured__({ files: { 'a.md': '# A' } });
    (app as unknown as Record<string, unknown>).appId = 'abc123';
    const plugin = new TestPlugin(app.asOriginalType__(), manifest);
    vi.spyOn(plugin, 'loadData').mockResolvedValue(data);
    await plugin.onload();
    return { app, plugin };
  }

  it('syncs the server once the brain is open, and disposes it on unload', async () => {
    const { app, plugin } = await loaded({ mcpEnabled: true, mcpToken: generateMcpToken() });
    const sync = vi.spyOn(plugin.mcp, 'sync').mockResolvedValue();
    const dispose = vi.spyOn(plugin.mcp, 'dispose').mockResolvedValue();
    expect(sync).not.toHaveBeenCalled();
    app.workspace.setLayoutReady__();
    await vi.advanceTimersByTimeAsync(0);
    expect(plugin.fake.callsOf('open')).toHaveLength(1);
    expect(sync).toHaveBeenCalledTimes(1);
    plugin.onunload();
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('the settings tab renders the MCP section, and the token is persisted with the settings', async () => {
    const { plugin } = await loaded(null);
    const tab = new VaultBrainSettingTab(plugin, plugin);
    showTab(tab, 'Obsidian before 1.13 (display)');
    expect(tab.containerEl.textContent).toContain('Server for AI assistants');
    expect(tab.containerEl.textContent).toContain('Serve this brain to local assistants');
    vi.spyOn(plugin.mcp, 'sync').mockResolvedValue();
    const save = vi.spyOn(plugin, 'saveData');
    await plugin.mcp.setEnabled(true);
    const saved = save.mock.calls.at(-1)![0] as Record<string, unknown>;
    expect(saved).toMatchObject({ mcpEnabled: true, mcpAllowWrites: false });
    expect(isUsableToken(String(saved.mcpToken))).toBe(true);
    expect(mergeSettings(JSON.parse(JSON.stringify(saved)))).toMatchObject({ mcpEnabled: true, mcpToken: saved.mcpToken });
  });
});
