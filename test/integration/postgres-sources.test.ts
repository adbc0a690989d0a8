// Several vaults in one server database, as a team runs it: two vault folders index into the same PostgreSQL
// schema with the built CLI, each under its own source (the folder's name, or --source / "source" in config.json).
// Each sees only its own notes; a search can span sources and then names each hit's source; MCP results (the SDK
// client over stdio) name the source they came from. Skipped with the reason without a server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, CLI, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';
import { postgresTestTarget } from '../core/engine/postgres-target';
import { toolJson } from '../mcp/fixture';

const target = await postgresTestTarget('srccli');
const CLEAN_ENV = { VAULT_BRAIN_DATABASE_URL: '' };

interface Hit {
  source?: string;
  path: string;
}

describe.skipIf(target.url === null)(`two vaults in one server database${target.url === null ? ` (skipped: ${target.reason})` : ''}`, () => {
  let root: string;
  let work: string;
  let home: string;
  const db = () => target.url!;
  const search = async (vault: string, ...args: string[]) => {
    const r = await runCli(['search', ...args, '--vault', vault, '--db', db(), '--json'], CLEAN_ENV);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { results: Hit[]; sources?: string[] };
  };

  beforeAll(async () => {
    assertBuilt();
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-pg-sources-'));
    work = path.join(root, 'Work');
    home = path.join(root, 'home-vault');
    // The same path in both vaults, different words.
    await writeVaultFile(work, 'Plan.md', '# Plan\n\nThe quarterly roadmap for the zephyrine robot.\n');
    await writeVaultFile(work, 'people/Alice.md', '# Alice\n\nAlice leads the zephyrine project at [[Plan]].\n');
    await writeVaultFile(home, 'Plan.md', '# Plan\n\nGarden plan: zephyrine tomatoes by the fence.\n');
    // The home vault names its source in its config, as a person would to keep it stable across renames.
    await writeVaultFile(home, '.vault-brain/config.json', JSON.stringify({ source: 'Home' }));
    for (const vault of [work, home]) {
      const r = await runCli(['index', '--vault', vault, '--db', db(), '--json'], CLEAN_ENV);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 180_000);

  afterAll(async () => {
    await target.cleanup();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('keeps each vault to its own notes, and says which source it is in status', async () => {
    expect((await search(work, 'zephyrine')).results.map((h) => h.path).sort()).toEqual(['Plan.md', 'people/Alice.md']);
    expect((await search(home, 'zephyrine')).results.map((h) => h.path)).toEqual(['Plan.md']);
    const stats = await runCli(['stats', '--vault', home, '--db', db(), '--json'], CLEAN_ENV);
    expect(JSON.parse(stats.stdout)).toMatchObject({ pages: 1 });
    const status = await runCli(['status', '--vault', work, '--db', db(), '--json'], CLEAN_ENV);
    expect((JSON.parse(status.stdout) as { engine: unknown }).engine).toMatchObject({ kind: 'postgres', source: 'Work' });
    const text = await runCli(['status', '--vault', home, '--db', db()], CLEAN_ENV);
    expect(text.stdout).toMatch(/source\s+Home/);
  });

  it('spans sources when asked, each hit naming its source', async () => {
    const both = await search(work, 'zephyrine', '--sources', 'Home');
    expect(both.sources).toEqual(['Work', 'Home']);
    expect(both.results.map((h) => `${h.source}:${h.path}`).sort()).toEqual(['Home:Plan.md', 'Work:Plan.md', 'Work:people/Alice.md']);
    const all = await search(home, 'zephyrine', '--sources', '*');
    expect(all.results.filter((h) => h.source === 'Work')).toHaveLength(2);
    const text = await runCli(['search', 'tomatoes', '--sources', '*', '--vault', work, '--db', db()], CLEAN_ENV);
    expect(text.stdout).toContain('Home: Plan.md');
  });

  it('refuses a source the database does not hold, naming the ones it does (exit 2)', async () => {
    const r = await runCli(['search', 'zephyrine', '--sources', 'Nowhere', '--vault', work, '--db', db()], CLEAN_ENV);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no source "Nowhere" in this database (it holds "Home", "Work")');
  });

  it('--source overrides the folder name: a vault can be indexed into a source of another name', async () => {
    const r = await runCli(['stats', '--vault', work, '--db', db(), '--source', 'Home', '--json'], CLEAN_ENV);
    expect(JSON.parse(r.stdout)).toMatchObject({ pages: 1 });
    const bad = await runCli(['stats', '--vault', work, '--db', db(), '--source', ' '], CLEAN_ENV);
    expect(bad.code).toBe(0); // blank means "not given": the folder's name
    const control = await runCli(['stats', '--vault', work, '--db', db(), '--source', 'a\u0007b'], CLEAN_ENV);
    expect(control.code).toBe(2);
    expect(control.stderr).toContain('--source: invalid source name');
  });

  it('over MCP: results name their source, and a search across sources names each hit\'s', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--vault', work, '--db', db()], env: { ...process.env, ...CLEAN_ENV }, stderr: 'pipe' });
    const client = new Client({ name: 'sources-test', version: '1' });
    await client.connect(transport);
    try {
      let stats = await client.callTool({ name: 'vault_stats', arguments: {} }, undefined, { timeout: 120_000 });
      for (let i = 0; stats.isError && i < 100; i++) stats = await client.callTool({ name: 'vault_stats', arguments: {} });
      expect(toolJson(stats)).toMatchObject({ pages: 2, source: 'Work' });
      const own = toolJson(await client.callTool({ name: 'vault_search', arguments: { query: 'zephyrine' } }));
      expect(own.source).toBe('Work');
      expect((own.results as Hit[]).every((h) => h.source === undefined)).toBe(true);
      const spanning = toolJson(await client.callTool({ name: 'vault_search', arguments: { query: 'zephyrine', sources: ['*'] } }));
      expect((spanning.results as Hit[]).map((h) => `${h.source}:${h.path}`).sort()).toEqual(['Home:Plan.md', 'Work:Plan.md', 'Work:people/Alice.md']);
      const missing = await client.callTool({ name: 'vault_search', arguments: { query: 'x', sources: ['Nowhere'] } });
      expect(missing.isError).toBe(true);
      expect(JSON.stringify(missing.content)).toContain('no source');
    } finally {
      await client.close();
    }
  }, 120_000);
});
