// The MCP server over Streamable HTTP on the loopback interface, shared by `vault-brain serve` and the
// Obsidian plugin (desktop only, loaded lazily). Every request passes, in order: Host (loopback + our port),
// Origin (loopback or Obsidian), bearer token (constant time), rate limit, route, body cap, JSON / JSON-RPC
// shape; only then does the SDK transport see it. Stateless: a fresh SDK server + transport per request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { readBody, parseJsonRpc } from './http-body';
import { createTokenCheck, generateToken, hostAllowed, loopbackBindAddress, originAllowed } from './http-guard';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimit } from './rate-limit';
import { CursorStore } from './result-pages';
import { backendOf, createMcpServer, DEFAULT_MCP_LIMITS, type McpCommonOptions, type McpLimits, type McpSource } from './server';

export interface McpHttpLimits extends McpLimits {
  /** Largest request body; larger bodies get 413 and are not read further. */
  bodyBytes: number;
  /** Requests per bearer token; `false` turns limiting off (benchmarks). */
  rate: RateLimit | false;
  /** A connection with no request in flight and no byte received for this long is closed (idle, half-open). */
  idleSocketMs: number;
  /** Most connections open at once; more are refused at accept. */
  maxSockets: number;
}

export const DEFAULT_HTTP_LIMITS: McpHttpLimits = {
  ...DEFAULT_MCP_LIMITS,
  bodyBytes: 1024 * 1024,
  rate: DEFAULT_RATE_LIMIT,
  idleSocketMs: 30_000,
  maxSockets: 128,
};

export type McpHttpServerOptions<B = unknown> = McpSource<B> & Omit<McpCommonOptions, 'limits' | 'cursors' | 'transport'> & {
  /** 0 picks a free port. */
  port: number;
  /** Loopback only: 127.0.0.1 (default), ::1 or localhost; anything else is refused. */
  host?: string;
  /** Bearer token (>= 16 characters); a random one is generated when absent. */
  token?: string;
  limits?: Partial<McpHttpLimits>;
  /** More browser origins to accept besides loopback and app://obsidian.md (lower-case, exact). */
  allowedOrigins?: string[];
};

export interface McpHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:3333/mcp */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';
/** Failed-auth requests share one bucket, so guessing floods are slowed without touching the real client. */
const UNAUTHENTICATED = 'unauthenticated';

export async function startMcpHttpServer<B>(options: McpHttpServerOptions<B>): Promise<McpHttpServer> {
  const bindAddress = loopbackBindAddress(options.host ?? '127.0.0.1');
  const token = options.token ?? generateToken();
  const tokenMatches = createTokenCheck(token);
  const limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
  const limiter = limits.rate === false ? null : new RateLimiter(limits.rate);
  const cursors = new CursorStore();
  const extraOrigins = (options.allowedOrigins ?? []).map((o) => o.toLowerCase());
  const log = options.log ?? (() => undefined);
  const backend = backendOf(options);
  const recentClients = new Map<string, number>();
  let port = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      log(`mcp http: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) sendRpcError(res, 500, -32603, 'Internal error', null);
      else res.destroy();
    });
  });
  // Slow-loris bounds: headers must arrive quickly; a whole request may take a call's timeout plus margin.
  server.headersTimeout = 10_000;
  server.requestTimeout = limits.callTimeoutMs + 15_000;
  server.maxConnections = limits.maxSockets;
  // Idle and half-open sockets (connected, silent) are closed; a request in flight is bounded by requestTimeout.
  server.on('connection', (socket) => socket.setTimeout(limits.idleSocketMs, () => socket.destroy()));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    req.socket.setTimeout(0);
    res.once('finish', () => req.socket.setTimeout(limits.idleSocketMs));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Node keeps the first of several Host headers; a request that sends two is ambiguous, so it is refused.
    if (headerCount(req, 'host') > 1) return sendRpcError(res, 400, -32000, 'Bad Request: more than one Host header', null);
    if (!hostAllowed(req.headers.host, port)) return sendRpcError(res, 403, -32000, 'Forbidden: the Host header must be this loopback server', null);
    if (!originAllowed(req.headers.origin, extraOrigins)) return sendRpcError(res, 403, -32000, 'Forbidden: Origin not allowed', null);
    const authorized = tokenMatches(req.headers.authorization);
    const decision = limiter?.take(authorized ? 'bearer' : UNAUTHENTICATED) ?? { ok: true };
    if (!decision.ok) {
      return sendRpcError(res, 429, -32000, 'Too many requests', null, { 'Retry-After': String(decision.retryAfterSeconds) });
    }
    if (!authorized) {
      return sendRpcError(res, 401, -32001, 'Unauthorized: send Authorization: Bearer <token>', null, { 'WWW-Authenticate': 'Bearer realm="vault-brain"' });
    }
    if (pathOf(req.url) !== MCP_PATH) return sendRpcError(res, 404, -32000, `Not found: the MCP endpoint is ${MCP_PATH}`, null);
    // Stateless server: no standalone SSE stream (GET) and no session to delete (DELETE).
    if (req.method !== 'POST') return sendRpcError(res, 405, -32000, 'Method not allowed', null, { Allow: 'POST' });

    const body = await readBody(req, limits.bodyBytes);
    if (!body.ok) {
      if (body.reason === 'aborted') return void res.destroy();
      // Stop here: the rest of an oversized body is never read; the connection is closed after the answer.
      res.once('finish', () => req.destroy());
      return sendRpcError(res, 413, -32000, `Payload too large: the limit is ${limits.bodyBytes} bytes`, null, { Connection: 'close' });
    }
    const version = req.headers['mcp-protocol-version'];
    const parsed = parseJsonRpc(body.text, typeof version === 'string' ? version : undefined);
    if (!parsed.ok) return sendRpcError(res, 400, parsed.code, parsed.message, parsed.id);

    // Clients of a stateless server are told apart by connection only, for the per-client cursor cap.
    const client = `http:${req.socket.remoteAddress ?? ''}:${req.socket.remotePort ?? ''}`;
    // Stateless: each request gets a new server (and, with most clients, a new connection), so the name a client
    // gave in `initialize` is not known when it calls a tool. While only one client name has initialized in the
    // last 10 minutes it is that client; with several, the author is not guessed.
    const named = initializeClientName(parsed.body);
    const at = Date.now();
    if (named !== undefined) recentClients.set(named, at);
    for (const [name, seen] of recentClients) if (at - seen > CLIENT_NAME_MS) recentClients.delete(name);
    const clientName = recentClients.size === 1 ? [...recentClients.keys()][0] : undefined;
    const mcp = createMcpServer({ backend, allowWrites: options.allowWrites, auditLog: options.auditLog, limits, cursors, transport: 'http', client, clientName, log });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.once('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, parsed.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, bindAddress, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  server.on('error', (e) => log(`mcp http: ${e.message}`));

  return {
    url: `http://${bindAddress === '::1' ? '[::1]' : bindAddress}:${port}${MCP_PATH}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function headerCount(req: IncomingMessage, name: string): number {
  let n = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === name) n++;
  return n;
}

function pathOf(url: string | undefined): string {
  const q = (url ?? '').indexOf('?');
  return q === -1 ? (url ?? '') : (url ?? '').slice(0, q);
}

/** Every non-MCP answer is a JSON-RPC error body; no CORS header is ever sent. */
function sendRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: string | number | null,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

/** How long a client's `initialize` name is remembered for the provenance of its writes. */
const CLIENT_NAME_MS = 10 * 60_000;

/** `params.clientInfo.name` of an `initialize` request (alone or in a batch), if this is one. */
function initializeClientName(body: unknown): string | undefined {
  for (const m of Array.isArray(body) ? (body as unknown[]) : [body]) {
    const msg = m as { method?: unknown; params?: { clientInfo?: { name?: unknown } } } | null;
    if (msg?.method === 'initialize' && typeof msg.params?.clientInfo?.name === 'string') return msg.params.clientInfo.name;
  }
  return undefined;
}
