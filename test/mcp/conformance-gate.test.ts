// The conformance gate that .ci/run calls (`npm run conformance`): a scenario that applies to our server and
// fails must fail the run. Shown both ways with the official suite: against a loopback server that breaks the
// protocol (it answers `initialize` with a JSON-RPC error) the script exits 1 and names the scenario; against
// `vault-brain serve` the same kind of run passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { assertBuilt, ROOT } from '../helpers/run-cli';

const SCRIPT = path.join(ROOT, 'scripts', 'mcp-conformance.mjs');

function runGate(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

let broken: http.Server;
let brokenUrl = '';

beforeAll(async () => {
  assertBuilt();
  // Speaks HTTP and JSON-RPC, but refuses to initialize: every request gets an error reply.
  broken = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      let id: unknown = null;
      try {
        id = (JSON.parse(body) as { id?: unknown }).id ?? null;
      } catch {
        // not JSON: answered with id null
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'this server is broken on purpose' } }));
    });
  });
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  await new Promise((resolve) => broken?.close(resolve));
});

describe('npm run conformance (the CI gate)', () => {
  it('exits 1 and names the scenario when one that applies fails', async () => {
    const r = await runGate(['--url', brokenUrl, '--scenario', 'server-initialize']);
    expect(r.out).toMatch(/FAIL\s+server-initialize/);
    expect(r.out).toContain('0/1 applicable scenarios pass');
    expect(r.code).toBe(1);
  });

  it('exits 0 when the scenarios pass against vault-brain serve', async () => {
    const r = await runGate(['--scenario', 'server-initialize,ping']);
    expect(r.out, r.out).toContain('2/2 applicable scenarios pass');
    expect(r.code).toBe(0);
  });

  it('refuses a scenario name it does not know, rather than passing nothing', async () => {
    const r = await runGate(['--url', brokenUrl, '--scenario', 'no-such-scenario']);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('unknown scenario no-such-scenario');
  });
});
