// "Use a server database" in the plugin (issue 18), driven through the real worker protocol over a MessageChannel
// as the plugin drives its worker: the brain host (worker side) opens a PostgresEngine whose statements cross to
// the "main" side, where serve-postgres.ts runs them on node-postgres against a real PostgreSQL server. The vault
// is an in-memory VaultSource served by the main side. The URL and password never reach the worker. Skipped,
// saying why, without a server (scripts/ci-postgres.sh starts one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineStats } from '../../src/core/engine/brain-engine';
import { createPool } from '../../src/node/engine-factory';
import { postgresHandlers, testServerConnection, type ServerDatabase } from '../../src/obsidian/bridge/serve-postgres';
import { providerRequestHandlers } from '../../src/obsidian/bridge/serve-requests';
import { vaultHandlers } from '../../src/obsidian/bridge/serve-vault';
import { localPasswordStore, serverDatabaseOf, serverUrlProblem } from '../../src/obsidian/plugin/server-database';
import { DEFAULT_SETTINGS } from '../../src/obsidian/plugin/settings';
import { connectToMain, connectToWorker, type MainEndpoint, type WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import { BrainHost } from '../../src/obsidian/worker/brain-host';
import { postgresTestTarget } from '../core/engine/postgres-target';
import { editableMemorySource } from '../helpers/memory-vault';

const target = await postgresTestTarget('plugin');

describe('the server database settings', () => {
  it('take a postgres URL without its password, and compose it with this device\'s password on desktop only', () => {
    expect(serverUrlProblem('postgres://brain@db.example.internal:5432/brain?schema=team')).toBeNull();
    expect(serverUrlProblem('postgres://brain:secret@db/brain')).toMatch(/leave the password out/);
    expect(serverUrlProblem('mysql://db/brain')).toMatch(/only postgres/);
    expect(serverUrlProblem('nonsense')).toMatch(/not a URL/);
    const s = { ...DEFAULT_SETTINGS, serverDatabase: true, serverDatabaseUrl: 'postgres://brain@db.example.internal/brain?schema=team' };
    expect(serverDatabaseOf(s, 'p@ss word', true)?.url).toBe('postgres://brain:p%40ss%20word@db.example.internal/brain?schema=team');
    expect(serverDatabaseOf(s, null, false)).toBeNull();
    expect(serverDatabaseOf({ ...s, serverDatabase: false }, 'x', true)).toBeNull();
    expect(serverDatabaseOf({ ...s, serverDatabaseUrl: 'postgres://brain:inline@db/brain' }, 'x', true)).toBeNull();
  });

  it('keep the password in this device\'s storage, one entry per vault', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
    const a = localPasswordStore('vault-a', storage);
    const b = localPasswordStore('vault-b', storage);
    a.set('secret-a');
    expect(a.get()).toBe('secret-a');
    expect(b.get()).toBeNull();
    a.set(null);
    expect(items.size).toBe(0);
  });

  it('test a connection that cannot be made, saying why without the password', async () => {
    const r = await testServerConnection('postgres://someone:not-this-secret-77@127.0.0.1:1/brain');
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/^postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/brain: .*ECONNREFUSED/);
    expect(r.message).not.toContain('not-this-secret-77');
  });
});

describe.skipIf(target.url === null)(`a plugin brain on a server database${target.url === null ? ` (skipped: ${target.reason})` : ''}`, () => {
  let main: MainEndpoint;
  let server: ServerDatabase | null;
  const channel = new MessageChannel();
  const settings: WorkerSettings = { include: [], exclude: [], configDir: '.obsidian', embedder: { kind: 'none' }, codeChunking: false, vaultName: 'Team Notes', serverDatabase: true };
  const vault = editableMemorySource({
    'people/Alice.md': '# Alice\n\nAlice works at [[Acme]] on the quokkabot.\n',
    'Acme.md': '# Acme\n\nA robotics company.\n',
  });

  beforeAll(async () => {
    server = { url: target.url! };
    const host = new BrainHost({ openEngine: () => Promise.reject(new Error('the embedded store must not be opened')) });
    host.attach(connectToMain(channel.port2, host.handlers()));
    main = connectToWorker(channel.port1, { ...vaultHandlers(vault), ...providerRequestHandlers(undefined, () => []), ...postgresHandlers(() => server) });
  });

  afterAll(async () => {
    await main?.call('close', {}).catch(() => undefined);
    main?.close();
    channel.port1.close();
    channel.port2.close();
    await target.cleanup();
  });

  it('opens on the server, indexes the vault there under the vault\'s name, and answers the panes\' ops', async () => {
    const opened = await main.call('open', { vaultId: 'team', settings });
    // Where the brain is, as the status view shows it: the server, password redacted.
    expect(opened.dataDir).toMatch(/^postgres:\/\//);
    expect(opened.dataDir).not.toContain(new URL(target.url!).password);
    expect(await main.call('index', {})).toMatchObject({ indexed: 2, failed: 0 });
    const stats = (await main.call('op', { name: 'stats', params: {}, remote: false })) as EngineStats;
    expect(stats.pages).toBe(2);
    const found = (await main.call('op', { name: 'search', params: { query: 'quokkabot' }, remote: false })) as { results: { path: string }[] };
    expect(found.results.map((r) => r.path)).toContain('people/Alice.md');
    const backlinks = (await main.call('op', { name: 'backlinks', params: { note: 'Acme' }, remote: false })) as { backlinks: { from: string }[] };
    expect(backlinks.backlinks.map((b) => b.from)).toEqual(['people/Alice.md']);

    // The rows are on the server, in the vault's source: what the CLI sees with the same database and name.
    const { pool } = createPool(target.url!, { max: 1 });
    try {
      const rows = await pool.query<{ s: string; n: number }>('select source_id as s, count(*)::int as n from pages group by 1');
      expect(rows.rows).toEqual([{ s: 'Team Notes', n: 2 }]);
    } finally {
      await pool.end();
    }
  });

  it('follows edits through the worker, and reopens on the embedded store only when the setting is off', async () => {
    vault.set('Acme.md', '# Acme\n\nA robotics company building the zebracorn.\n');
    await main.call('update', { paths: ['Acme.md'] });
    const found = (await main.call('op', { name: 'search', params: { query: 'zebracorn' }, remote: false })) as { results: { path: string }[] };
    expect(found.results[0]?.path).toBe('Acme.md');
    // Turned off: the host asks for the embedded store (which this test's host refuses to open).
    await expect(main.call('open', { vaultId: 'team', settings: { ...settings, serverDatabase: false } })).rejects.toThrow(/embedded store must not be opened/);
  });

  it('checks the server database after the open has returned: damage is said, the database is left as it is', async () => {
    const { pool } = createPool(target.url!, { max: 1 });
    try {
      // A page whose recorded chunk count its chunks do not match: what the sampled digests see.
      await pool.query(`update pages set chunk_count = 7`);
    } finally {
      await pool.end();
    }
    const logs: { message: string; notify?: boolean }[] = [];
    const off = main.on('log', (l) => logs.push(l));
    try {
      const opened = await main.call('open', { vaultId: 'team', settings });
      expect(opened.recovery ?? null).toBeNull();
      // The first index run is queued behind the checks.
      await main.call('index', {});
      expect(logs.filter((l) => l.notify).map((l) => l.message)).toEqual([expect.stringMatching(/^the server database looks damaged \(.*chunk.*`vault-brain doctor` re-indexes it in place$/)]);
      // Never discarded: a database others may use keeps its rows.
      expect(((await main.call('op', { name: 'stats', params: {}, remote: false })) as EngineStats).pages).toBe(2);
    } finally {
      off();
    }
  });

  it('refuses to open when the main thread has no server configured, and never learns the URL', async () => {
    server = null;
    await expect(main.call('open', { vaultId: 'team', settings })).rejects.toThrow(/no server database is configured/);
  });

  it('tests a connection: logs in, finds pgvector and pg_trgm, and says whether a brain is there', async () => {
    const empty = new URL(target.url!);
    empty.searchParams.set('schema', `${empty.searchParams.get('schema')!}_none`);
    expect((await testServerConnection(empty.toString())).message).toContain('no brain yet');
    const r = await testServerConnection(target.url!);
    expect(r.ok).toBe(true);
    expect(r.message).toMatch(/connected; pgvector \d+\.\d+.*a brain is there \(schema \d+\)/);
    expect(r.message).not.toContain(new URL(target.url!).password);
  });
});
