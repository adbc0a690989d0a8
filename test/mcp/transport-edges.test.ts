// The transport edges of both MCP servers, as a hostile or broken client meets them: `vault-brain mcp` over raw
// stdio lines (garbage, an oversized line, batches, bad arguments) keeps answering with the spec's errors, and
// the HTTP server refuses duplicate Host headers, batches of revisions that dropped them, and closes idle
// sockets. (The HTTP guard's other checks are http-security.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import * as path from 'node:path';
import { once } from 'node:events';
import { makeVault, type TestVault } from './fixture';
import { mcpHeaders, openTestBrain, rawRequest, rpc, startServer, type TestBrain } from './helpers';
import type { McpHttpServer } from '../../src/mcp/http-server';

const cli = path.resolve(__dirname, '../..', 'bin', 'vault-brain.cjs');

interface Reply {
  id: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A `vault-brain mcp` child driven line by line; replies are read off stdout as they come. */
class RawStdio {
  private buffer = '';
  private readonly replies: Reply[] = [];
  private waiters: (() => void)[] = [];
  stderr = '';
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.buffer += d;
      for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n')) {
        this.replies.push(JSON.parse(this.buffer.slice(0, nl)) as Reply);
        this.buffer = this.buffer.slice(nl + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
  }
  send(line: string | Buffer): void {
    this.child.stdin.write(line);
    this.child.stdin.write('\n');
  }
  /** The next reply (in order of arrival). */
  async next(): Promise<Reply> {
    while (this.replies.length === 0) {
      if (this.child.exitCode !== null) throw new Error(`mcp exited (${this.child.exitCode}):\n${this.stderr}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.replies.shift()!;
  }
}

let v: TestVault;
let stdio: RawStdio;

beforeAll(async () => {
  v = await makeVault();
  stdio = new RawStdio(spawn(process.execPath, [cli, 'mcp', '--vault', v.vault], { stdio: ['pipe', 'pipe', 'pipe'] }));
});

afterAll(async () => {
  const child = stdio?.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    // Its exit writes the clean-close mark into the vault's .vault-brain: wait for it before removing the folder.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }
  await v?.remove();
});

describe('vault-brain mcp over raw stdio', () => {
  it('answers garbage with a parse error and keeps serving', async () => {
    stdio.send('this is not json');
    expect(await stdio.next()).toMatchObject({ id: null, error: { code: -32700 } });
    stdio.send('{"foo": 1}');
    expect(await stdio.next()).toMatchObject({ id: null, error: { code: -32600 } });
    stdio.send(rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } }, 1));
    const init = await stdio.next();
    expect(init.id).toBe(1);
    expect(init.result?.protocolVersion).toBe('2025-06-18');
    stdio.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  });

  it('refuses a line over the cap with an error, without exiting, and answers the next one', async () => {
    const huge = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'x'.repeat(11 * 1024 * 1024) } });
    stdio.send(huge);
    const refused = await stdio.next();
    expect(refused).toMatchObject({ id: null, error: { code: -32600 } });
    expect(refused.error?.message).toMatch(/at most \d+ bytes/);
    stdio.send(rpc('ping', {}, 3));
    expect(await stdio.next()).toMatchObject({ id: 3, result: {} });
    expect(stdio.stderr).toMatch(/refused a message over/);
  });

  it('refuses batches under a revision without them, and tools/call arguments that are not an object', async () => {
    stdio.send(`[${rpc('ping', {}, 4)},${rpc('ping', {}, 5)}]`);
    const batch = await stdio.next();
    expect(batch).toMatchObject({ id: null, error: { code: -32600 } });
    expect(batch.error?.message).toMatch(/no JSON-RPC batches/);
    stdio.send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'vault_stats', arguments: 'x' } }));
    expect(await stdio.next()).toMatchObject({ id: 6, error: { code: -32602 } });
    stdio.send(rpc('ping', {}, 7));
    expect(await stdio.next()).toMatchObject({ id: 7, result: {} });
  });
});

describe('vault-brain mcp stopping', () => {
  it('exits on SIGTERM while its client keeps stdin open (the server closes, then the process ends)', async () => {
    const own = await makeVault();
    try {
      const child = spawn(process.execPath, [cli, 'mcp', '--vault', own.vault], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 60_000;
      while (!stderr.includes('serving') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
      expect(stderr).toContain('serving');
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000))]);
      if (code === 'still running') child.kill('SIGKILL');
      expect(code).toBe(0);
    } finally {
      await own.remove();
    }
  }, 120_000);
});

describe('HTTP transport edges', () => {
  let tb: TestBrain;
  let server: McpHttpServer;

  beforeAll(async () => {
    tb = await openTestBrain(v.vault);
    server = await startServer(tb.registry, tb.brain, { limits: { idleSocketMs: 300 } });
  });

  afterAll(async () => {
    await server?.close();
    await tb?.close();
  });

  it('400 for two Host headers', async () => {
    const body = rpc('tools/list');
    const head = Object.entries(mcpHeaders(server.port)).map(([k, val]) => `${k}: ${val}`);
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (d: string) => (answer += d));
    socket.write([`POST /mcp HTTP/1.1`, ...head, 'Host: evil.example', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body].join('\r\n'));
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/more than one Host/);
  });

  it('refuses a batch when the client speaks a revision without batches, accepts one from an older revision', async () => {
    const batch = `[${rpc('ping', {}, 1)},${rpc('ping', {}, 2)}]`;
    const refused = await rawRequest(server.port, { headers: mcpHeaders(server.port), body: batch });
    expect(refused.status).toBe(400);
    expect((JSON.parse(refused.body) as Reply).error?.message).toMatch(/no JSON-RPC batches/);
    const older = await rawRequest(server.port, { headers: mcpHeaders(server.port, { 'Mcp-Protocol-Version': '2025-03-26' }), body: batch });
    expect(older.status).toBe(200);
  });

  it('-32602 for tools/call arguments that are not an object', async () => {
    const r = await rawRequest(server.port, { headers: mcpHeaders(server.port), body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'vault_stats', arguments: 'x' } }) });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ id: 9, error: { code: -32602 } });
  });

  it('closes sockets that connect and never send a byte', async () => {
    const sockets: Socket[] = [];
    for (let i = 0; i < 20; i++) sockets.push(connect(server.port, '127.0.0.1'));
    await Promise.all(sockets.map((s) => once(s, 'connect')));
    await Promise.all(sockets.map((s) => once(s, 'close')));
    expect(sockets.every((s) => s.destroyed)).toBe(true);
    // The server still answers.
    expect((await rawRequest(server.port, { headers: mcpHeaders(server.port), body: rpc('tools/list') })).status).toBe(200);
  }, 20_000);
});
