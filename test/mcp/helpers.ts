// In-process brain + MCP HTTP server + real SDK client for the MCP tests.
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Brain } from '../../src/core/brain';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { createRegistry } from '../../src/core/ops';
import type { OpRegistry } from '../../src/core/ops/registry';
import { createWriteOps } from '../../src/core/ops/write-ops';
import { FsNoteWriter } from '../../src/node/fs-note-writer';
import { startMcpHttpServer, type McpHttpServer, type McpHttpServerOptions } from '../../src/mcp/http-server';
import { FsVaultSource } from '../../src/node/fs-vault-source';

export const TOKEN = 'test-token-0123456789abcdef';

export interface TestBrain {
  brain: Brain;
  registry: OpRegistry<Brain>;
  close(): Promise<void>;
}

/**
 * A brain over the vault on an in-memory PGlite (initdb on disk is the slow part of opening), indexed unless told
 * not to, with the write ops registered. `filterFor` builds another Brain on the same store with other rules.
 */
export async function openTestBrain(vault: string, options: { exclude?: string[]; index?: boolean } = {}): Promise<TestBrain & { withExclude(exclude: string[]): TestBrain }> {
  const engine = await PGliteEngine.open({});
  const make = (exclude: string[]): TestBrain => {
    const filter = new PathFilter({ include: [], exclude: [...defaultRules('.obsidian').exclude, ...exclude] });
    const source = new FsVaultSource(vault, { skipFolder: (rel) => filter.excludesFolder(rel) });
    const brain = new Brain({ engine, source, filter, embedder: null });
    const registry = createRegistry();
    for (const op of createWriteOps(new FsNoteWriter(source))) registry.register(op);
    return { brain, registry, close: () => engine.close() };
  };
  const main = make(options.exclude ?? []);
  if (options.index !== false) await main.brain.index();
  return { ...main, withExclude: make };
}

export async function startServer(
  registry: OpRegistry<Brain>,
  brain: Brain,
  options: Partial<Omit<McpHttpServerOptions<Brain>, 'registry' | 'brain' | 'backend'>> = {},
): Promise<McpHttpServer> {
  return startMcpHttpServer({ registry, brain, port: 0, token: TOKEN, ...options });
}

export async function connectClient(url: string, token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'vault-brain-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

/** A minimal valid JSON-RPC tools/call body, for raw HTTP tests. */
export function rpc(method: string, params: unknown = {}, id: number | string = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

export function mcpHeaders(port: number, extra: Record<string, string> = {}, token = TOKEN): Record<string, string> {
  return {
    Host: `127.0.0.1:${port}`,
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Mcp-Protocol-Version': '2025-06-18',
    ...extra,
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with full control of the headers (fetch would not let us forge Host). */
export function rawRequest(port: number, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/mcp', headers: options.headers ?? {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
