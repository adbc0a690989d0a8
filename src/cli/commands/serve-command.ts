// `vault-brain serve`: the MCP server over Streamable HTTP on the loopback interface, behind a bearer token.
import type { McpHttpServer } from '../../mcp/http-server';
import { MIN_TOKEN_LENGTH, loopbackBindAddress } from '../../mcp/http-guard';
import { setUpNodeMcp } from '../../mcp/node-setup';
import { DEFAULT_RATE_LIMIT } from '../../mcp/rate-limit';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';
import { CliError, EXIT } from '../errors';

export const DEFAULT_PORT = 3333;
/** The token may come from the environment, so it does not show up in `ps`. */
const TOKEN_ENV = 'VAULT_BRAIN_MCP_TOKEN';

export const serveCommand: CliCommand = {
  longRunning: true,
  summary: 'Serve the brain to MCP clients over HTTP on 127.0.0.1, with a bearer token (read-only unless --allow-writes).',
  usage: 'serve [flags]',
  options: {
    port: { type: 'string', value: 'n', description: `Port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 picks a free one)` },
    host: { type: 'string', value: 'addr', description: 'Loopback address to bind (default 127.0.0.1)' },
    token: { type: 'string', value: 't', description: `Bearer token (default: random; or env ${TOKEN_ENV}, which stays out of ps)` },
    'allow-writes': { type: 'boolean', description: 'Offer the write tools (create_note, append_to_note)' },
    'no-index': { type: 'boolean', description: 'Serve the database as it is, without indexing at start' },
    'rate-limit': { type: 'string', value: 'n', description: `Requests per second per client (default ${DEFAULT_RATE_LIMIT.perSecond}; 0 = none)` },
    burst: { type: 'string', value: 'n', description: `Burst size (default ${DEFAULT_RATE_LIMIT.burst})` },
  },
  async run(argv, flags) {
    const { values } = parseCommandLine(argv, this.options);
    const port = intFlag(values.port, 'port', DEFAULT_PORT, 0, 65535);
    const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
    const perSecond = intFlag(values['rate-limit'], 'rate-limit', DEFAULT_RATE_LIMIT.perSecond, 0, 1_000_000);
    const burst = intFlag(values.burst, 'burst', DEFAULT_RATE_LIMIT.burst, 1, 1_000_000);
    const token = typeof values.token === 'string' ? values.token : process.env[TOKEN_ENV] || undefined;
    if (token !== undefined && token.length < MIN_TOKEN_LENGTH) {
      throw new CliError(`the token must be at least ${MIN_TOKEN_LENGTH} characters (or leave it out to get a random one)`, EXIT.usage);
    }
    try {
      loopbackBindAddress(host);
    } catch (e) {
      throw new CliError((e as Error).message, EXIT.usage);
    }
    const allowWrites = values['allow-writes'] === true;
    const log = (message: string): void => void process.stderr.write(`vault-brain serve: ${message}\n`);

    const setup = setUpNodeMcp({ vault: flags.vault, db: flags.db, source: flags.source, allowWrites, index: values['no-index'] !== true, log });
    // In a terminal the user waits for the URL, so open and index first: a missing vault or a lock fails here.
    await setup.ready;
    let http: McpHttpServer;
    try {
      // Loaded here, not at start: the MCP SDK takes a few hundred ms to load, which every other command would pay.
      const { startMcpHttpServer, DEFAULT_HTTP_LIMITS } = await import('../../mcp/http-server');
      http = await startMcpHttpServer({
        backend: setup.backend,
        port,
        host,
        token,
        allowWrites,
        auditLog: setup.auditLog,
        limits: { ...DEFAULT_HTTP_LIMITS, rate: perSecond === 0 ? false : { perSecond, burst } },
        log,
      });
    } catch (e) {
      await setup.close();
      if ((e as { code?: unknown }).code === 'EADDRINUSE') throw new CliError(`port ${port} is already in use; pick another with --port`, EXIT.failure);
      throw e;
    }
    const server = http;
    process.stderr.write(
      [
        `Vault Brain MCP server for ${setup.vault}`,
        `  URL     ${server.url}`,
        // A token the user chose is not echoed back (terminal logs get shared); a generated one must be shown.
        token === undefined ? `  Token   ${server.token}` : '  Token   the one given with --token / ' + TOKEN_ENV,
        token === undefined ? `  Header  Authorization: Bearer ${server.token}` : '',
        `  Writes  ${allowWrites ? 'enabled (create_note, append_to_note)' : 'disabled (--allow-writes enables create_note, append_to_note)'}`,
        `  Limits  ${perSecond === 0 ? 'no rate limit' : `${perSecond} requests/s, burst ${burst}`}`,
        `  Audit   ${setup.auditFile}`,
        'Press Ctrl+C to stop.',
      ]
        .filter(Boolean)
        .join('\n') + '\n',
    );

    return new Promise<number>((resolve) => {
      const shutdown = (): void => {
        log('stopping');
        void server
          .close()
          .then(() => setup.close())
          .then(
            () => resolve(0),
            () => resolve(1),
          );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    });
  },
};

function intFlag(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new CliError(`--${name} must be an integer from ${min} to ${max}`, EXIT.usage);
  return n;
}
