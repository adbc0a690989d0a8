// The MCP server's lifecycle in the plugin: off by default, desktop only, started when the user turns it on (and
// at startup once the brain is open, if it was on), restarted when port, token or writes change, stopped when
// turned off and on unload. Start failures (port in use...) become a notice and the settings state, never a
// thrown error. The server module is imported lazily: nothing Node-only is loaded unless the server starts.
import { errorMessage } from '../../core/errors';
import type { McpHttpServer } from '../../mcp/http-server';
import type { VaultBrainSettings } from '../plugin/settings';
import { MemoryAuditLog } from './audit-log';
import type { BrainOps } from './brain-backend';
import { mcpEndpointUrl } from './client-configs';
import type { PluginServerOptions } from './plugin-server';
import { generateMcpToken, isUsableToken } from './token';

export type McpSettings = Pick<VaultBrainSettings, 'mcpEnabled' | 'mcpPort' | 'mcpToken' | 'mcpAllowWrites'>;

export type McpServerState =
  | { kind: 'off' }
  | { kind: 'unsupported' }
  | { kind: 'starting'; port: number }
  | { kind: 'running'; url: string; port: number; writes: boolean }
  | { kind: 'error'; message: string };

/** The lazily loaded server module (a stand-in in tests). */
export interface McpServerModule {
  startPluginMcpServer(options: PluginServerOptions): Promise<Pick<McpHttpServer, 'url' | 'port' | 'close'>>;
}

export interface McpControllerDeps {
  /** `Platform.isDesktop`: the server needs Node's http module. */
  isDesktop: boolean;
  settings(): McpSettings;
  saveSettings(): Promise<void>;
  brain: BrainOps;
  /** The note open in the editor (vault path), for the `active_note` tool. */
  activeNote?: () => string | null;
  notify(message: string): void;
  log?: (message: string) => void;
  loadServer?: () => Promise<McpServerModule>;
}

const loadServerModule = (): Promise<McpServerModule> => import('./plugin-server');

export class McpController {
  readonly audit = new MemoryAuditLog();
  private current: McpServerState;
  private server: Pick<McpHttpServer, 'close'> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;
  private readonly listeners = new Set<(s: McpServerState) => void>();

  constructor(private readonly deps: McpControllerDeps) {
    this.current = deps.isDesktop ? { kind: 'off' } : { kind: 'unsupported' };
  }

  get isDesktop(): boolean {
    return this.deps.isDesktop;
  }

  get state(): McpServerState {
    return this.current;
  }

  get settings(): Readonly<McpSettings> {
    return this.deps.settings();
  }

  /** The endpoint for the configured port (what clients are told, running or not). */
  get url(): string {
    return mcpEndpointUrl(this.deps.settings().mcpPort);
  }

  onState(listener: (s: McpServerState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Brings the server in line with the settings: (re)started when enabled, stopped when not. */
  sync(): Promise<void> {
    return this.serial(async () => {
      await this.stopServer();
      if (this.deps.settings().mcpEnabled && !this.disposed) await this.startServer();
    });
  }

  async setEnabled(enabled: boolean): Promise<void> {
    const s = this.deps.settings();
    s.mcpEnabled = enabled;
    if (enabled) this.ensureToken();
    await this.deps.saveSettings();
    await this.sync();
  }

  async setPort(port: number): Promise<void> {
    if (!Number.isInteger(port) || port < 1024 || port > 65_535) throw new RangeError('the port must be a whole number from 1024 to 65535');
    const s = this.deps.settings();
    if (s.mcpPort === port) return;
    s.mcpPort = port;
    await this.deps.saveSettings();
    if (s.mcpEnabled) await this.sync();
  }

  async setAllowWrites(allow: boolean): Promise<void> {
    const s = this.deps.settings();
    s.mcpAllowWrites = allow;
    await this.deps.saveSettings();
    if (s.mcpEnabled) await this.sync();
  }

  /** A new token; clients configured with the old one are refused from now on. */
  async regenerateToken(): Promise<string> {
    const s = this.deps.settings();
    s.mcpToken = generateMcpToken();
    await this.deps.saveSettings();
    if (s.mcpEnabled) await this.sync();
    return s.mcpToken;
  }

  /** Stops the server for good (plugin unload). */
  dispose(): Promise<void> {
    this.disposed = true;
    this.listeners.clear();
    return this.serial(() => this.stopServer());
  }

  /** The stored token, or a new one (saved by the caller) when there is none or it is malformed. */
  private ensureToken(): string {
    const s = this.deps.settings();
    if (!isUsableToken(s.mcpToken)) s.mcpToken = generateMcpToken();
    return s.mcpToken;
  }

  private async startServer(): Promise<void> {
    if (!this.deps.isDesktop) return this.setState({ kind: 'unsupported' });
    const s = this.deps.settings();
    if (!isUsableToken(s.mcpToken)) {
      this.ensureToken();
      await this.deps.saveSettings();
    }
    const port = s.mcpPort;
    this.setState({ kind: 'starting', port });
    try {
      const module = await (this.deps.loadServer ?? loadServerModule)();
      const server = await module.startPluginMcpServer({
        brain: this.deps.brain,
        allowWrites: s.mcpAllowWrites,
        activeNote: this.deps.activeNote,
        port,
        token: s.mcpToken,
        auditLog: this.audit.sink,
        log: this.deps.log,
      });
      if (this.disposed) {
        await server.close();
        return;
      }
      this.server = server;
      this.setState({ kind: 'running', url: server.url, port: server.port, writes: s.mcpAllowWrites });
    } catch (e) {
      const message = errorMessage(e);
      this.setState({ kind: 'error', message });
      this.deps.notify(`Vault Brain: the MCP server did not start: ${message}`);
    }
  }

  private async stopServer(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) {
      try {
        await server.close();
      } catch (e) {
        this.deps.log?.(`mcp: closing the server failed: ${errorMessage(e)}`);
      }
    }
    if (this.current.kind !== 'unsupported') this.setState({ kind: 'off' });
  }

  /** Start and stop run one at a time, in call order. */
  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private setState(s: McpServerState): void {
    this.current = s;
    for (const l of [...this.listeners]) l(s);
  }
}
