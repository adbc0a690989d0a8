// `vault-brain serve` as users run it: spawned from the built CLI, URL and token read from stderr, the real SDK
// client over Streamable HTTP, then a clean stop on SIGTERM.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { makeVault, toolJson, type TestVault } from './fixture';
import { connectClient } from './helpers';
import { serveAddress } from '../helpers/serve-address';

const repo = path.resolve(__dirname, '../..');
const cli = path.join(repo, 'bin', 'vault-brain.cjs');

let v: TestVault;
let child: ChildProcess;
let stdout = '';
let url = '';
let token = '';

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [cli, ...args], { cwd: repo });
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('close', (code) => resolve({ code, stderr: err }));
  });
}

beforeAll(async () => {
  if (!existsSync(path.join(repo, 'dist', 'cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` before the MCP CLI tests');
  v = await makeVault({ excludePrivate: true });
  child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--vault', v.vault], { cwd: repo });
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  ({ url, token } = await serveAddress(child));
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await v?.remove();
});

describe('vault-brain serve', () => {
  it('refuses non-loopback hosts and short tokens before opening anything', async () => {
    const host = await run(['serve', '--host', '0.0.0.0', '--vault', v.vault]);
    expect(host.code).toBe(2);
    expect(host.stderr).toMatch(/loopback/);
    const tok = await run(['serve', '--token', 'abc', '--vault', v.vault]);
    expect(tok.code).toBe(2);
    expect(tok.stderr).toMatch(/at least 16/);
  });

  it('prints a loopback URL and a generated token on stderr, nothing on stdout', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(stdout).toBe('');
  });

  it('serves the real client with the printed token, and refuses a wrong one', async () => {
    let client: Client | undefined;
    try {
      client = await connectClient(url, token);
      const r = toolJson(await client.callTool({ name: 'backlinks', arguments: { note: 'Beta Labs' } }));
      expect(r.backlinks).toContainEqual(expect.objectContaining({ from: 'people/Bob Li.md', type: 'advises' }));
    } finally {
      await client?.close();
    }
    await expect(connectClient(url, 'not-the-token-not-the-token')).rejects.toThrow();
  });

  it('stops cleanly on SIGTERM and releases the database lock', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(v.vault, '.vault-brain', 'db.lock'))).toBe(false);
  });
});
