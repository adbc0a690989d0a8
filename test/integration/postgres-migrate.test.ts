// `vault-brain migrate` between the embedded store and a real PostgreSQL server, both directions: rows travel as
// they are (vectors included), counts are verified, the copied brain answers as the original and re-indexes
// nothing, a copy cut short resumes, and another vault's brain moves into the same database as a source of its own. Skipped with the reason when VAULT_BRAIN_TEST_DATABASE_URL names no
// reachable server (scripts/ci-postgres.sh starts one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertBuilt, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';
import { postgresTestTarget } from '../core/engine/postgres-target';
import { copyStore, COPY_TABLES } from '../../src/core/engine/sql/store-copy';
import { TABLES } from '../../src/core/engine/sql/schema';
import { openStore } from '../../src/node/open-store';
import { SOURCE, type Sql } from '../../src/core/engine/sql/sql';

const target = await postgresTestTarget('migrate');
const CLEAN_ENV = { VAULT_BRAIN_DATABASE_URL: '' };

describe('store copy tables', () => {
  it('copies every row-bearing table the schema has', () => {
    // `meta` holds the store's stamps; `source_meta` is copied apart (copyMeta).
    expect(COPY_TABLES.map((t) => t.name).sort()).toEqual(TABLES.filter((t) => t !== 'meta' && t !== 'source_meta').sort());
  });
});

/**
 * Every copied row of the engine's source, as text in a stable order: what must be identical at both ends. Without
 * the source (each end's own) and generated ids (the target gives its own); `updated_at` of file rows included.
 */
async function dump(db: Sql): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of COPY_TABLES) {
    const r = await db.query<{ row: string }>(
      `select (to_jsonb(x) - 'id' - 'source_id')::text as row from ${t.name} x where source_id = ${SOURCE} order by 1`,
    );
    out[t.name] = r.rows.map((x) => x.row);
  }
  return out;
}

if (target.url === null) {
  describe('vault-brain migrate', () => {
    it.skip(`skipped: ${target.reason}`, () => undefined);
  });
} else {
  const base = target.url;
  /** A second schema on the same server, for the cut-short copy. */
  const resumeUrl = (() => {
    const u = new URL(base);
    u.searchParams.set('schema', `${u.searchParams.get('schema')!}_r`);
    return u.toString();
  })();
  let vault: string;
  let localSearch: string[];

  beforeAll(async () => {
    assertBuilt();
    vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-pg-migrate-'));
    await writeVaultFile(vault, 'people/Alice Chen.md', '---\ntype: person\naliases: [Ali]\n---\n# Alice Chen\n\nAlice Chen works at [[Acme Robotics]] as CTO.\n\n## Timeline\n- 2024-03-01: joined [[Acme Robotics]]\n');
    await writeVaultFile(vault, 'companies/Acme Robotics.md', '---\ntype: company\n---\n# Acme Robotics\n\nAcme builds warehouse robots. See [[Missing Note]].\n');
    for (let i = 0; i < 12; i++) await writeVaultFile(vault, `notes/n${i}.md`, `# Note ${i}\n\nPottery note ${i} about glaze number ${i * 7} and the kiln.\n`);
    const index = await runCli(['index', '--vault', vault], CLEAN_ENV);
    expect(index.code).toBe(0);
    const s = await runCli(['search', 'glaze', 'kiln', '--vault', vault, '--json'], CLEAN_ENV);
    localSearch = (JSON.parse(s.stdout) as { results: { path: string }[] }).results.map((x) => x.path);
    expect(localSearch.length).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await target.cleanup();
    const { createPool } = await import('../../src/node/engine-factory');
    const { pool } = createPool(process.env.VAULT_BRAIN_TEST_DATABASE_URL!, { max: 1 });
    await pool.query(`drop schema if exists "${new URL(resumeUrl).searchParams.get('schema')!}" cascade`).finally(() => pool.end());
    await fs.rm(vault, { recursive: true, force: true });
  });

  describe('vault-brain migrate', () => {
    it('copies the local brain to the server, rows and vectors identical, counts verified', async () => {
      const r = await runCli(['migrate', '--vault', vault, '--to', base, '--json', '--batch-size', '5'], CLEAN_ENV);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { verified: boolean; to: { kind: string; location: string }; tables: Record<string, { source: number; target: number }>; embeddings: { source: number; target: number } };
      expect(out.verified).toBe(true);
      expect(out.to.kind).toBe('postgres');
      expect(out.to.location).not.toContain(new URL(base).password);
      expect(out.tables.pages).toMatchObject({ source: 14, target: 14 });
      expect(out.tables.timeline_entries!.target).toBeGreaterThan(0);
      expect(out.embeddings.target).toBe(out.embeddings.source);
      expect(out.embeddings.target).toBeGreaterThan(0);

      const local = await openStore({ kind: 'pglite', dataDir: path.join(vault, '.vault-brain', 'db'), origin: 'flag' });
      const server = await openStore({ kind: 'postgres', url: base, origin: 'flag' }, { source: { name: path.basename(vault), explicit: true } });
      try {
        expect(await dump(server.engine.connection)).toEqual(await dump(local.engine.connection));
      } finally {
        await local.close();
        await server.close();
      }
    }, 120_000);

    it('serves the copy as the original: same search, nothing re-indexed or re-embedded', async () => {
      const s = await runCli(['search', 'glaze', 'kiln', '--vault', vault, '--db', base, '--json'], CLEAN_ENV);
      expect((JSON.parse(s.stdout) as { results: { path: string }[] }).results.map((x) => x.path)).toEqual(localSearch);
      const index = await runCli(['index', '--vault', vault, '--db', base, '--json'], CLEAN_ENV);
      expect(index.code).toBe(0);
      const out = JSON.parse(index.stdout) as { indexed: number; unchanged: number; embed: { embedded: number } | null };
      expect(out.indexed).toBe(0);
      expect(out.unchanged).toBe(14);
      expect(out.embed?.embedded ?? 0).toBe(0);
    }, 60_000);

    it('says a rerun has nothing left to copy; another vault moves in beside it as its own source, one of the same name is refused', async () => {
      const again = await runCli(['migrate', '--vault', vault, '--to', base, '--json'], CLEAN_ENV);
      expect(again.code).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ alreadyCopied: true, verified: true });
      const other = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-pg-migrate-other-'));
      try {
        await writeVaultFile(other, 'notes/n1.md', '# Other\n\nanother brain, same path as a note of the first\n');
        expect((await runCli(['index', '--vault', other], CLEAN_ENV)).code).toBe(0);
        const moved = await runCli(['migrate', '--vault', other, '--to', base, '--json'], CLEAN_ENV);
        expect(moved.code, moved.stderr).toBe(0);
        expect(JSON.parse(moved.stdout)).toMatchObject({ verified: true, source: path.basename(other), tables: { pages: { source: 1, target: 1 } } });
        // Both brains answer from the one database, each its own.
        const first = await runCli(['stats', '--vault', vault, '--db', base, '--json'], CLEAN_ENV);
        expect(JSON.parse(first.stdout)).toMatchObject({ pages: 14 });
        const second = await runCli(['get_note', 'notes/n1.md', '--vault', other, '--db', base, '--json'], CLEAN_ENV);
        expect((JSON.parse(second.stdout) as { content: string }).content).toContain('another brain');
        // A third vault that claims the first one's source finds it taken.
        const refused = await runCli(['migrate', '--vault', other, '--source', path.basename(vault), '--to', base], CLEAN_ENV);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/already holds a brain .* must be empty/);
      } finally {
        await fs.rm(other, { recursive: true, force: true });
      }
    }, 120_000);

    it('copies the server brain back to a local store (--to <dir>), which answers the same', async () => {
      const back = path.join(vault, '.vault-brain', 'db-back');
      const r = await runCli(['migrate', '--vault', vault, '--db', base, '--to', back, '--json'], CLEAN_ENV);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ verified: true, from: { kind: 'postgres' }, to: { kind: 'pglite', location: back } });
      const s = await runCli(['search', 'glaze', 'kiln', '--vault', vault, '--db', back, '--json'], CLEAN_ENV);
      expect((JSON.parse(s.stdout) as { results: { path: string }[] }).results.map((x) => x.path)).toEqual(localSearch);
      const index = await runCli(['index', '--vault', vault, '--db', back, '--json'], CLEAN_ENV);
      expect(JSON.parse(index.stdout)).toMatchObject({ indexed: 0, unchanged: 14 });
    }, 120_000);

    it('resumes a copy cut short where it stopped, ending identical', async () => {
      const local = await openStore({ kind: 'pglite', dataDir: path.join(vault, '.vault-brain', 'db'), origin: 'flag' });
      const server = await openStore({ kind: 'postgres', url: resumeUrl, origin: 'flag' }, { source: { name: path.basename(vault), explicit: true } });
      try {
        const from = local.engine.location;
        const cut = await copyStore(local.engine.connection, server.engine.connection, { from, batchSize: 4, stopAfterBatches: 6 });
        expect(cut.verified).toBe(false);
        const partial = Object.values(cut.tables).reduce((n, c) => n + c.target, 0);
        const total = Object.values(cut.tables).reduce((n, c) => n + c.source, 0);
        // Six batches of at most four rows: pages (14 rows: 4 batches), then part of page_names.
        expect(partial).toBeGreaterThan(14);
        expect(partial).toBeLessThanOrEqual(24);
        expect(partial).toBeLessThan(total);
        const rest = await copyStore(local.engine.connection, server.engine.connection, { from, batchSize: 4 });
        expect(rest.resumed).toBe(true);
        expect(rest.verified).toBe(true);
        // The second run wrote only what the first had not.
        expect(Object.values(rest.tables).reduce((n, c) => n + c.copied, 0)).toBe(Object.values(rest.tables).reduce((n, c) => n + c.source, 0) - partial);
        expect(await dump(server.engine.connection)).toEqual(await dump(local.engine.connection));
        await expect(copyStore(local.engine.connection, server.engine.connection, { from: 'somewhere else' })).rejects.toThrow(/already holds a brain/);
      } finally {
        await local.close();
        await server.close();
      }
    }, 120_000);
  });
}
