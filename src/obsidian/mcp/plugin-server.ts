// The plugin's MCP server: the same loopback Streamable HTTP server as `vault-brain serve` (src/mcp/http-server)
// over the plugin's backend. Node-only (node:http): reached solely through McpController's dynamic import, on
// desktop, once the user turned the server on.
import { BrainError, errorMessage } from '../../core/errors';
import type { AuditSink } from '../../mcp/audit';
import { assertWriteInside } from '../../node/fs-note-writer';
import { startMcpHttpServer, type McpHttpLimits, type McpHttpServer } from '../../mcp/http-server';
import { FsVaultSource } from '../../node/fs-vault-source';
import { createPluginBackend, type PluginBackendOptions, type PluginWriteAccess } from './brain-backend';

export interface PluginServerOptions extends PluginBackendOptions {
  port: number;
  token: string;
  /** Write tools are listed and callable only when true (and `writes` is given). */
  allowWrites: boolean;
  /** The vault's folder on disk (desktop FileSystemAdapter): writes that would follow a symlink out of it are refused. */
  vaultRoot?: string | null;
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
  const allowWrites = options.allowWrites && !!options.writes;
  const writes = allowWrites && options.writes ? (options.vaultRoot ? confinedToVaultRoot(options.writes, options.vaultRoot) : options.writes) : null;
  const backend = createPluginBackend({ brain: options.brain, writes, activeNote: options.activeNote });
  try {
    return await startMcpHttpServer({
      backend,
      port: options.port,
      host: '127.0.0.1',
      token: options.token,
      allowWrites,
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

/**
 * The vault API writes wherever a path leads on disk, symlinked folders included. As the CLI's FsNoteWriter does,
 * refuse a write whose real location (nearest existing folder for a new note, the file itself for an append)
 * is outside the vault's real folder.
 */
export function confinedToVaultRoot(writes: PluginWriteAccess, vaultRoot: string): PluginWriteAccess {
  const disk = new FsVaultSource(vaultRoot);
  return {
    ...writes,
    writer: {
      async create(relPath, text) {
        await assertWriteInside(disk, relPath, 'create');
        await writes.writer.create(relPath, text);
      },
      async append(relPath, text) {
        await assertWriteInside(disk, relPath, 'append');
        await writes.writer.append(relPath, text);
      },
    },
  };
}
