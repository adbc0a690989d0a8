// The plugin's MCP server: the same loopback Streamable HTTP server as `vault-brain serve` (src/mcp/http-server)
// over the plugin's backend. Node-only (node:http): reached solely through McpController's dynamic import, on
// desktop, once the user turned the server on.
import { BrainError, errorMessage } from '../../core/errors';
import type { AuditSink } from '../../mcp/audit';
import { startMcpHttpServer, type McpHttpLimits, type McpHttpServer } from '../../mcp/http-server';
import { createPluginBackend, type PluginBackendOptions } from './brain-backend';

export interface PluginServerOptions extends PluginBackendOptions {
  port: number;
  token: string;
  /** Write tools are listed and callable only when true (and the brain has them: the plugin gave it a writer). */
  allowWrites: boolean;
  auditLog?: AuditSink;
  log?: (message: string) => void;
  limits?: Partial<McpHttpLimits>;
}

export class McpStartError extends BrainError {
  constructor(message: string) {
    super('server_start_failed', message);
    this.name = 'McpStartError';
  }
}

export async function startPluginMcpServer(options: PluginServerOptions): Promise<McpHttpServer> {
  const backend = createPluginBackend({ brain: options.brain, activeNote: options.activeNote });
  try {
    return await startMcpHttpServer({
      backend,
      port: options.port,
      host: '127.0.0.1',
      token: options.token,
      allowWrites: options.allowWrites,
      auditLog: options.auditLog,
      log: options.log,
      limits: options.limits,
    });
  } catch (e) {
    throw new McpStartError(startErrorMessage(e, options.port));
  }
}

/** What the user is told in the notice and the settings. */
export function startErrorMessage(e: unknown, port: number): string {
  const code = (e as { code?: unknown }).code;
  if (code === 'EADDRINUSE') return `port ${port} is already in use (another app, or another vault's server); choose another port`;
  if (code === 'EACCES') return `not allowed to listen on port ${port}; choose another port`;
  return errorMessage(e);
}
