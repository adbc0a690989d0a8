// The HTTP trust boundary over raw HTTP: Host and Origin (DNS rebinding), bearer token, body cap, malformed
// JSON / JSON-RPC, path confinement, symlink escape, excluded notes, rate limiting, and never a CORS header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import { request } from 'node:http';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpHttpServer } from '../../src/mcp/http-server';
import { startMcpHttpServer } from '../../src/mcp/http-server';
import { makeVault, OUTSIDE_SECRET, type TestVault } from './fixture';
import { connectClient, mcpHeaders, openTestBrain, rawRequest as raw, rpc, startServer, TOKEN, type RawResponse, type TestBrain } from './helpers';

const seen: RawResponse[] = [];
async function post(port: number, body: string | Buffer, headers: Record<string, string> = {}, pathName = '/mcp'): Promise<RawResponse> {
  const r = await raw(port, { headers: { ...mcpHeaders(port), ...headers }, body, path: pathName });
  seen.push(r);
  return r;
}

/** tools/call over raw HTTP; returns the CallToolResult. */
async function callTool(port: number, name: string, args: Record<string, unknown>): Promise<{ isError?: boolean; content: { text: string }[] }> {
  const r = await post(port, rpc('tools/call', { name, arguments: args }));
  expect(r.status).toBe(200);
  return (JSON.parse(r.body) as { result: { isError?: boolean; content: { text: string }[] } }).result;
}

let v: TestVault;
let tb: TestBrain & { withExclude(exclude: string[]): TestBrain };
let server: McpHttpServer;
let port: number;

beforeAll(async () => {
  v = await makeVault();
  // A note that is a real file at index time and is swapped for a symlink to a file outside the vault afterwards.
  await v.write('notes/Swapped.md', '# Swapped\n\nAn ordinary note.\n');
  // A symlink that exists from the start (the indexer never follows it).
  await fs.mkdir(path.join(v.vault, 'notes'), { recursive: true });
  await fs.symlink(v.outsideFile, path.join(v.vault, 'notes/Linked.md'));
  // Indexed with no exclusions; the served brain then excludes `private/` (excluded since it was indexed).
  tb = await openTestBrain(v.vault);
  const swapped = path.join(v.vault, 'notes/Swapped.md');
  await fs.rm(swapped);
  await fs.symlink(v.outsideFile, swapped);
  const served = tb.withExclude(['private']);
  server = await startServer(served.registry, served.brain);
  port = server.port;
});

afterAll(async () => {
  await server?.close();
  await tb?.close();
  await v?.remove();
});

describe('HTTP guard', () => {
  it('refuses to bind anything but loopback, and short tokens', async () => {
    await expect(startServer(tb.registry, tb.brain, { host: '0.0.0.0' })).rejects.toThrow(/loopback/);
    await expect(startServer(tb.registry, tb.brain, { host: '192.168.1.10' })).rejects.toThrow(/loopback/);
    await expect(startServer(tb.registry, tb.brain, { token: 'short' })).rejects.toThrow(/at least 16/);
    expect(server.url).toBe(`http://127.0.0.1:${port}/mcp`);
  });

  it('answers a legitimate raw request', async () => {
    const r = await post(port, rpc('tools/list'));
    expect(r.status).toBe(200);
    expect(r.body).toContain('"vault_backlinks"');
  });

  it('403 for a foreign Host, a loopback Host on another port, or no port', async () => {
    for (const host of ['evil.example.com', `evil.example.com:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `localhost.evil.com:${port}`]) {
      const r = await post(port, rpc('tools/list'), { Host: host });
      expect(r.status, host).toBe(403);
    }
    for (const host of [`localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await post(port, rpc('tools/list'), { Host: host })).status, host).not.toBe(403);
    }
  });

  it('403 for a foreign Origin; loopback origins and Obsidian are accepted', async () => {
    for (const origin of ['https://evil.example.com', 'http://127.0.0.1.evil.com', 'null', 'http://localhost.evil.com:8080', 'app://obsidian.md.evil']) {
      const r = await post(port, rpc('tools/list'), { Origin: origin });
      expect(r.status, origin).toBe(403);
      expect(r.body).not.toContain('backlinks');
    }
    for (const origin of [`http://127.0.0.1:${port}`, 'http://localhost:5173', 'app://obsidian.md']) {
      expect((await post(port, rpc('tools/list'), { Origin: origin })).status, origin).toBe(200);
    }
  });

  it('401 with WWW-Authenticate for a missing, wrong, or malformed token', async () => {
    const noAuth = await raw(port, { headers: { ...mcpHeaders(port), Authorization: '' }, body: rpc('tools/list') });
    seen.push(noAuth);
    expect(noAuth.status).toBe(401);
    expect(noAuth.headers['www-authenticate']).toMatch(/^Bearer/);
    for (const auth of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer ', `Bearer ${TOKEN} extra`]) {
      const r = await post(port, rpc('tools/list'), { Authorization: auth });
      expect(r.status, auth).toBe(401);
      expect(r.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    expect((await post(port, rpc('tools/list'), { Authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it('413 for a body over the cap (declared or streamed), without reading it all', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const declared = await post(port, big);
    expect(declared.status).toBe(413);
    const streamed = await new Promise<RawResponse>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { ...mcpHeaders(port), 'Transfer-Encoding': 'chunked' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString() }));
      });
      req.on('error', reject);
      let sent = 0;
      const pump = (): void => {
        while (sent < 4 * 1024 * 1024) {
          sent += 64 * 1024;
          if (!req.write(Buffer.alloc(64 * 1024, 'b'))) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(streamed.status).toBe(413);
    seen.push(streamed);
  });

  it('malformed JSON and malformed JSON-RPC get JSON-RPC errors, not crashes', async () => {
    const cases: [string | Buffer, number][] = [
      ['{"jsonrpc":"2.0","id":1,', -32700],
      ['not json at all', -32700],
      [Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]), -32700],
      ['', -32700],
      ['{"foo":1}', -32600],
      ['[]', -32600],
      ['42', -32600],
      ['{"jsonrpc":"1.0","id":1,"method":"tools/list"}', -32600],
      [JSON.stringify(Array.from({ length: 50 }, (_, i) => JSON.parse(rpc('tools/list', {}, i)) as unknown)), -32600],
    ];
    for (const [body, code] of cases) {
      const r = await post(port, body);
      expect(r.status, String(body).slice(0, 40)).toBe(400);
      expect((JSON.parse(r.body) as { error: { code: number } }).error.code).toBe(code);
    }
    // Deeply nested JSON is parsed or refused, never a crash.
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect((await post(port, deep)).status).toBe(400);
    expect((await post(port, rpc('tools/list'))).status).toBe(200);
  });

  it('404 for other paths, 405 for GET/DELETE/OPTIONS on /mcp', async () => {
    expect((await post(port, rpc('tools/list'), {}, '/other')).status).toBe(404);
    for (const method of ['GET', 'DELETE', 'OPTIONS', 'PUT']) {
      const r = await raw(port, { method, headers: mcpHeaders(port) });
      seen.push(r);
      expect(r.status, method).toBe(405);
    }
  });
});

describe('remote trust boundary', () => {
  it('refuses ../ and absolute paths', async () => {
    for (const note of ['../outside/passwords.md', 'notes/../../outside/passwords', '/etc/passwd', 'C:\\Windows\\win.ini', '~/secrets.md', 'a\u0000b']) {
      const r = await callTool(port, 'get_note', { note });
      expect(r.isError, note).toBe(true);
      expect(r.content[0]!.text).toMatch(/not allowed|NUL/);
    }
    const list = await callTool(port, 'list_notes', { folder: '../' });
    expect(list.isError).toBe(true);
  });

  it('blocks a symlink inside the vault pointing outside it (swapped after indexing, or present from the start)', async () => {
    const swapped = await callTool(port, 'get_note', { note: 'notes/Swapped.md' });
    expect(swapped.isError).toBe(true);
    expect(swapped.content[0]!.text).toMatch(/outside the vault/);
    expect(swapped.content[0]!.text).not.toContain(OUTSIDE_SECRET);
    expect(swapped.content[0]!.text).not.toContain(v.root);

    const linked = await callTool(port, 'get_note', { note: 'notes/Linked.md' });
    expect(linked.isError).toBe(true);
    expect(linked.content[0]!.text).not.toContain(OUTSIDE_SECRET);
  });

  it('hides excluded notes: not found by path, title or typo, never suggested, never in results', async () => {
    for (const note of ['private/Secret Plan.md', 'private/Secret Plan', 'Secret Plan', 'Secret Plam', 'Secret']) {
      const r = await callTool(port, 'get_note', { note });
      expect(r.isError, note).toBe(true);
      expect(r.content[0]!.text).toMatch(/no note named/);
      // The message echoes the caller's own words, and nothing else: no suggestion names the excluded note.
      expect(r.content[0]!.text, note).toBe(`no note named "${note}"`);
    }
    // The excluded note links to Zeta Project; Zeta is only reachable through it.
    const trav = await callTool(port, 'traverse', { note: 'Alice Chen', depth: 3 });
    expect(trav.isError).toBeFalsy();
    expect(trav.content[0]!.text).not.toContain('private/');
    expect(trav.content[0]!.text).not.toContain('Zeta Project');
    for (const [tool, args] of [
      ['backlinks', { note: 'Acme Robotics' }],
      ['backlinks', { note: 'Zeta Project' }],
      ['graph', {}],
      ['list_notes', {}],
      ['list_notes', { folder: 'private' }],
      ['timeline', {}],
      ['status', { status: 'indexed' }],
    ] as const) {
      const r = await callTool(port, tool, args);
      expect(r.isError, tool).toBeFalsy();
      expect(r.content[0]!.text, `${tool} ${JSON.stringify(args)}`).not.toMatch(/private\/|SECRET-MARKER/);
    }
  });

  it('rejects unknown params', async () => {
    const r = await callTool(port, 'get_note', { note: 'Bob Li', path: '/etc/passwd' });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/unknown parameter "path"/);
  });
});

describe('rate limit', () => {
  it('a burst of 1,000 requests gets 429s with Retry-After; the server stays up for the real client', async () => {
    const limited = await startMcpHttpServer({ registry: tb.registry, brain: tb.brain, port: 0, token: TOKEN, limits: { rate: { perSecond: 20, burst: 40 } } });
    let client: Client | undefined;
    try {
      const started = Date.now();
      const statuses: number[] = [];
      const body = rpc('tools/list');
      // 1,000 requests in waves of 100, so sockets stay bounded; the whole burst takes a few seconds.
      for (let i = 0; i < 1000; i += 100) {
        const wave = await Promise.all(
          Array.from({ length: 100 }, () => raw(limited.port, { headers: mcpHeaders(limited.port), body })),
        );
        for (const r of wave) {
          statuses.push(r.status);
          seen.push(r);
          if (r.status === 429) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
      }
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(500);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(40);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

      // Failed-auth floods use their own bucket: they do not starve the real client.
      await Promise.all(Array.from({ length: 100 }, () => raw(limited.port, { headers: { ...mcpHeaders(limited.port), Authorization: 'Bearer wrong-token-wrong-token' }, body })));

      // The bucket refills; the legitimate client connects and works.
      await sleep(1500);
      client = await connectClient(limited.url);
      const result = await client.callTool({ name: 'stats', arguments: {} });
      expect(result.isError).toBeFalsy();
    } finally {
      await client?.close();
      await limited.close();
    }
  });
});

describe('no CORS, ever', () => {
  it('no response carried an Access-Control-* header', () => {
    expect(seen.length).toBeGreaterThan(1000);
    for (const r of seen) for (const h of Object.keys(r.headers)) expect(h.toLowerCase().startsWith('access-control-')).toBe(false);
  });
});
