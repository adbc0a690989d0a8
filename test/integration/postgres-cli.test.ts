// Choosing a server database from the CLI, as users run it: the built CLI indexes a vault into a real PostgreSQL
// server (--db), searches it (VAULT_BRAIN_DATABASE_URL, config `database`) and serves it over MCP to the SDK
// client. The server half is skipped with the reason when VAULT_BRAIN_TEST_DATABASE_URL names no reachable server
// (scripts/ci-postgres.sh starts one); the refusals need no server and always run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, CLI, ROOT, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';
import { postgresTestTarget } from '../core/engine/postgres-target';
import { toolJson } from '../mcp/fixture';
import { createPool } from '../../src/node/engine-factory';

const target = await postgresTestTarget('cli');
/** Nothing listens on port 1: a refused connection, at once. */
const UNREACHABLE = 'postgres://someone:not-this-secret-77@127.0.0.1:1/brain';
/** The CLI's environment without a database variable inherited from the shell running the tests. */
const CLEAN_ENV = { VAULT_BRAIN_DATABASE_URL: '' };

let vault: string;

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-pg-cli-'));
  await writeVaultFile(vault, 'people/Alice Chen.md', '---\ntype: person\n---\n# Alice Chen\n\nAlice Chen works at [[Acme Robotics]] as CTO.\n');
  await writeVaultFile(vault, 'companies/Acme Robotics.md', '---\ntype: company\n---\n# Acme Robotics\n\nAcme builds warehouse robots.\n');
  await writeVaultFile(vault, 'notes/Kiln.md', '# Kiln\n\nFiring porcelain in the gas kiln takes twelve hours.\n');
});

afterAll(async () => {
  await fs.rm(vault, { recursive: true, force: true });
});

describe('choosing a database: refusals (no server needed)', () => {
  it('says a server cannot be reached, with the password redacted, and exits 1', async () => {
    const r = await runCli(['stats', '--vault', vault, '--db', UNREACHABLE], CLEAN_ENV);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot open the Postgres database at postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/brain: .*ECONNREFUSED/);
    expect(r.stderr + r.stdout).not.toContain('not-this-secret-77');
    // Nothing was created locally for a server brain that failed to open.
    expect(existsSync(path.join(vault, '.vault-brain', 'db'))).toBe(false);
  });

  it('refuses a URL that names no Postgres database as bad usage (exit 2), naming the setting', async () => {
    const flag = await runCli(['search', 'robots', '--vault', vault, '--db', 'mysql://root:hunter22@h/db'], CLEAN_ENV);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--db names a mysql database');
    const env = await runCli(['status', '--vault', vault], { VAULT_BRAIN_DATABASE_URL: 'postgres://root:hunter22@[oops/db' });
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('VAULT_BRAIN_DATABASE_URL is not a valid database URL');
    for (const r of [flag, env]) expect(r.stderr).not.toContain('hunter22');
  });

  it('mcp-config keeps a server password out of the client config, and passes a URL without one as it is', async () => {
    const refused = await runCli(['mcp-config', '--vault', vault, '--db', 'postgres://u:hunter22@db.internal/brain'], CLEAN_ENV);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds a password.*"database" in \.vault-brain\/config\.json/);
    expect(refused.stdout + refused.stderr).not.toContain('hunter22');
    const url = 'postgres://u@db.internal/brain?sslmode=verify-full';
    const ok = await runCli(['mcp-config', '--vault', vault, '--db', url], CLEAN_ENV);
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as { mcpServers: Record<string, { args: string[] }> }).mcpServers['vault-brain']!.args).toEqual(expect.arrayContaining(['--db', url]));
  });

  it('lists --db with the server form in every command\'s --help', async () => {
    for (const command of ['index', 'search', 'stats', 'status', 'mcp', 'serve']) {
      const r = await runCli([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/--db <dir\|url>\s+The database: a folder, or postgres:\/\//);
    }
  });
});

if (target.url === null) {
  describe('a vault on a Postgres server through the CLI', () => {
    it.skip(`skipped: ${target.reason}`, () => undefined);
  });
} else {
  const url = target.url;
  const password = decodeURIComponent(new URL(url).password);

  describe('a vault on a Postgres server through the CLI', () => {
    afterAll(() => target.cleanup());

    it('indexes into the server with --db and keeps no local store', async () => {
      const r = await runCli(['index', '--vault', vault, '--db', url, '--json'], CLEAN_ENV);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { indexed: number; notes: number; links: number };
      expect(out).toMatchObject({ indexed: 3, notes: 3 });
      expect(out.links).toBeGreaterThanOrEqual(1);
      expect(existsSync(path.join(vault, '.vault-brain', 'db'))).toBe(false);
    }, 120_000);

    it('searches the server brain named by VAULT_BRAIN_DATABASE_URL', async () => {
      const r = await runCli(['search', 'porcelain', 'kiln', '--vault', vault, '--json'], { VAULT_BRAIN_DATABASE_URL: url });
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { results: { path: string }[] };
      expect(out.results[0]?.path).toBe('notes/Kiln.md');
    }, 60_000);

    it('takes the flag over the environment, and the environment over the config file', async () => {
      await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ database: UNREACHABLE }));
      try {
        const fromConfig = await runCli(['stats', '--vault', vault, '--json'], CLEAN_ENV);
        expect(fromConfig.code).toBe(1);
        expect(fromConfig.stderr).toContain('127.0.0.1:1');
        const envOverConfig = await runCli(['stats', '--vault', vault, '--json'], { VAULT_BRAIN_DATABASE_URL: url });
        expect(envOverConfig.code).toBe(0);
        expect(JSON.parse(envOverConfig.stdout)).toMatchObject({ pages: 3 });
        const flagOverEnv = await runCli(['stats', '--vault', vault, '--json', '--db', url], { VAULT_BRAIN_DATABASE_URL: UNREACHABLE });
        expect(flagOverEnv.code).toBe(0);
        expect(JSON.parse(flagOverEnv.stdout)).toMatchObject({ pages: 3 });
        await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ database: url }));
        const config = await runCli(['stats', '--vault', vault, '--json'], CLEAN_ENV);
        expect(config.code).toBe(0);
        expect(JSON.parse(config.stdout)).toMatchObject({ pages: 3 });
      } finally {
        await fs.rm(path.join(vault, '.vault-brain', 'config.json'), { force: true });
      }
    }, 60_000);

    it('shows the engine kind and the URL without its password in status', async () => {
      const json = await runCli(['status', '--vault', vault, '--db', url, '--json'], CLEAN_ENV);
      expect(json.code).toBe(0);
      const out = JSON.parse(json.stdout) as { engine: { kind: string; location: string }; indexed: number };
      expect(out.engine.kind).toBe('postgres');
      expect(out.engine.location).toContain(':***@');
      expect(out.indexed).toBe(3);
      const text = await runCli(['status', '--vault', vault, '--db', url], CLEAN_ENV);
      expect(text.stdout).toMatch(/^database {6}postgres postgres:\/\/[^\s]*:\*\*\*@/m);
      for (const r of [json, text]) expect(r.stdout + r.stderr).not.toContain(password);
    }, 60_000);

    it('repairs a damaged server brain in place with doctor, never emptying the shared database', async () => {
      const { pool } = createPool(url, { max: 1 });
      let idsBefore: unknown;
      try {
        idsBefore = (await pool.query<{ ids: number[] }>('select array_agg(id order by id) as ids from chunks')).rows[0]?.ids;
        await pool.query("update pages set chunk_count = null where path = 'notes/Kiln.md'");
      } finally {
        await pool.end();
      }
      // Said at open, and left as it is until someone runs doctor.
      const opened = await runCli(['stats', '--vault', vault, '--db', url, '--json'], CLEAN_ENV);
      expect(opened.code).toBe(0);
      expect(opened.stderr).toMatch(/the server database looks damaged .*vault-brain doctor/);
      expect(JSON.parse(opened.stdout)).toMatchObject({ pages: 3 });
      const r = await runCli(['doctor', '--vault', vault, '--db', url, '--json'], CLEAN_ENV);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { healthy: boolean; problems: { kind: string }[]; repaired: string[] };
      expect(out.problems.some((p) => p.kind === 'damage')).toBe(true);
      expect(out.repaired.join(' ')).toMatch(/never emptied/);
      expect(out.healthy).toBe(true);
      const { pool: after } = createPool(url, { max: 1 });
      try {
        // The same chunk rows (ids) as before: re-indexed in place, not emptied and rebuilt.
        expect((await after.query<{ ids: number[] }>('select array_agg(id order by id) as ids from chunks')).rows[0]?.ids).toEqual(idsBefore);
      } finally {
        await after.end();
      }
    }, 60_000);

    it('serves the server brain over MCP (stdio) to the SDK client', async () => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp', '--vault', vault, '--no-index'],
        env: { ...(process.env as Record<string, string>), VAULT_BRAIN_DATABASE_URL: url },
        stderr: 'pipe',
        cwd: ROOT,
      });
      let stderr = '';
      transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const client = new Client({ name: 'vault-brain-pg-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        let result: Awaited<ReturnType<typeof client.callTool>>;
        for (;;) {
          result = await client.callTool({ name: 'vault_search', arguments: { query: 'who works at Acme Robotics' } }, undefined, { timeout: 120_000 });
          if (!result.isError) break;
          expect(JSON.stringify(result.content)).toMatch(/still indexing/);
        }
        const found = toolJson(result) as { results: { path: string }[] };
        expect(found.results.map((x) => x.path)).toContain('people/Alice Chen.md');
        const status = toolJson(await client.callTool({ name: 'vault_status', arguments: {} })) as { engine: { kind: string; location: string | null } };
        // A remote caller learns which engine and which vault's source, never where it is.
        expect(status.engine).toEqual({ kind: 'postgres', location: null, source: path.basename(vault) });
      } finally {
        await client.close();
      }
      expect(stderr).not.toContain(password);
      expect(existsSync(path.join(vault, '.vault-brain', 'db'))).toBe(false);
    }, 180_000);
  });
}
