// The Claude Desktop extension bundle (vault-brain.mcpb, `npm run build:mcpb`): unpacked outside the repo, where
// nothing from the repo's node_modules can be resolved, and started exactly as its manifest tells the app to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildMcpb, isBundleFresh, MCPB_FILE } from '../../scripts/build-mcpb.mjs';
import { makeVault, toolJson, toolText, type TestVault } from './fixture';

const repo = path.resolve(__dirname, '../..');
const MCPB_CLI = path.join(repo, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');

interface Manifest {
  manifest_version: string;
  name: string;
  display_name: string;
  version: string;
  description: string;
  author: { name: string };
  server: { type: string; entry_point: string; mcp_config: { command: string; args: string[] } };
  user_config: Record<string, { type: string; required?: boolean; title: string; description: string }>;
  tools: { name: string; description?: string }[];
  compatibility: { runtimes: { node: string } };
}

let unpacked: string;
let manifest: Manifest;
let v: TestVault;
let client: Client;
let stderr = '';

/** Has this directory or any ancestor a node_modules folder (which would let the bundle borrow packages)? */
function nodeModulesAbove(dir: string): string | null {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'node_modules'))) return path.join(d, 'node_modules');
    if (path.dirname(d) === d) return null;
  }
}

/** The manifest's mcp_config with the app's variables filled in. */
function substitute(arg: string, vars: Record<string, string>): string {
  return arg.replace(/\$\{([^}]+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

beforeAll(async () => {
  // Building takes about half a minute (bundle, smoke start, zip): reuse a bundle newer than all its inputs.
  if (!isBundleFresh()) await buildMcpb({ log: () => undefined });
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-mcpb-test-'));
  unpacked = path.join(parent, 'extension');
  expect(nodeModulesAbove(parent)).toBeNull();
  const r = spawnSync(process.execPath, [MCPB_CLI, 'unpack', MCPB_FILE, unpacked], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  manifest = JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;

  v = await makeVault();
  const vars = { __dirname: unpacked, 'user_config.vault': v.vault };
  const { command, args } = manifest.server.mcp_config;
  expect(command).toBe('node');
  // The app supplies its own Node; here it is the one running the tests. cwd is the unpacked folder, not the repo.
  const transport = new StdioClientTransport({ command: process.execPath, args: args.map((a) => substitute(a, vars)), cwd: unpacked, stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  client = new Client({ name: 'vault-brain-mcpb-test', version: '1.0.0' });
  await client.connect(transport);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await v?.remove();
  if (unpacked) await fs.rm(path.dirname(unpacked), { recursive: true, force: true });
});

describe('vault-brain.mcpb', () => {
  it('has a 0.3 manifest naming the bundled CLI, a required vault folder and Node 20', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(manifest.manifest_version).toBe('0.3');
    expect(manifest.name).toBe(pkg.name);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.display_name).toBe('Vault Brain');
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.author.name).not.toBe('');
    expect(manifest.server).toEqual({
      type: 'node',
      entry_point: 'dist/cli.cjs',
      mcp_config: { command: 'node', args: ['${__dirname}/dist/cli.cjs', 'mcp', '--vault', '${user_config.vault}'] },
    });
    expect(manifest.user_config.vault).toMatchObject({ type: 'directory', required: true });
    expect(manifest.user_config.vault?.title).not.toBe('');
    expect(manifest.compatibility.runtimes.node).toBe('>=20');
    expect(existsSync(path.join(unpacked, manifest.server.entry_point))).toBe(true);
    const r = spawnSync(process.execPath, [MCPB_CLI, 'validate', path.join(unpacked, 'manifest.json')], { encoding: 'utf8' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
  });

  it('carries the runtime files the CLI loads, and no development packages', () => {
    for (const rel of ['dist/parse-worker.cjs', 'assets/generated/embedder-glove100.bin', 'assets/generated/pgdata-snapshot.tar', 'node_modules/@electric-sql/pglite/package.json', 'package.json']) {
      expect(existsSync(path.join(unpacked, rel)), rel).toBe(true);
    }
    for (const dev of ['vitest', 'esbuild', 'typescript', '@anthropic-ai/mcpb', 'obsidian']) expect(existsSync(path.join(unpacked, 'node_modules', dev)), dev).toBe(false);
  });

  it('lists in the manifest exactly the tools the bundled server publishes', async () => {
    const { tools } = await client.listTools();
    expect(manifest.tools.map((t) => t.name).sort()).toEqual(tools.map((t) => t.name).sort());
    expect(tools.map((t) => t.name)).toContain('vault_search');
    // The bundle is read-only: the manifest starts the server without --allow-writes.
    expect(tools.map((t) => t.name)).not.toContain('vault_create_note');
  });

  it('answers vault_search from the vault it was given', async () => {
    let result;
    // Tool calls answer "still indexing" until the brain is open; wait like a patient client.
    for (;;) {
      result = await client.callTool({ name: 'vault_search', arguments: { query: 'Who founded Acme Robotics?' } }, undefined, { timeout: 120_000 });
      if (!result.isError) break;
      expect(toolText(result), stderr).toMatch(/still indexing/);
    }
    const hits = toolJson(result).results as { path: string }[];
    expect(hits.map((h) => h.path)).toContain('people/Alice Chen.md');
    // Its database lives in the vault, not in the extension folder.
    expect(existsSync(path.join(v.vault, '.vault-brain'))).toBe(true);
    expect(existsSync(path.join(unpacked, '.vault-brain'))).toBe(false);
    // The server's first write (its audit log) may create the brain folder before the brain does: still with a
    // .gitignore, so git never picks up the database of a vault the extension was pointed at.
    expect((await fs.readFile(path.join(v.vault, '.vault-brain', '.gitignore'), 'utf8')).split('\n')).toContain('*');
  });
});
