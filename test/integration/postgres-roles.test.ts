// A team brain under least-privilege roles (docs/team-brain.md), on a real PostgreSQL server: the schema's owner
// opens it first (migrations), a writer role that may only change rows indexes and embeds, and a read-only role
// (an MCP server for agents) searches and reads status but cannot write. Skipped with the reason when no server
// is reachable, or when the test login may not create roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openNodeBrain } from '../../src/node/open-brain';
import { createPool } from '../../src/node/engine-factory';
import { createRegistry } from '../../src/core/ops';
import { writeVaultFile } from '../helpers/vault-files';

const base = process.env.VAULT_BRAIN_TEST_DATABASE_URL;
const tag = `${process.pid}_${Math.floor(Math.random() * 1e6)}`;
const schema = `vb_roles_${tag}`;
const roles = { owner: `vb_owner_${tag}`, writer: `vb_writer_${tag}`, reader: `vb_reader_${tag}` };
const password = `pw-${tag}`;

async function admin<T>(fn: (q: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T> {
  const { pool } = createPool(base!, { max: 1 });
  try {
    return await fn((sql) => pool.query(sql));
  } finally {
    await pool.end();
  }
}

async function skipReason(): Promise<string | null> {
  if (!base) return 'VAULT_BRAIN_TEST_DATABASE_URL is not set (scripts/ci-postgres.sh starts a server and prints it)';
  try {
    const r = await admin((q) => q('select rolcreaterole or rolsuper as ok from pg_roles where rolname = current_user'));
    return r.rows[0]?.ok === true ? null : 'the test login may not create roles';
  } catch (e) {
    return `no server reachable at VAULT_BRAIN_TEST_DATABASE_URL (${(e as Error).message})`;
  }
}

const reason = await skipReason();
if (reason) console.warn(`Postgres role tests skipped: ${reason}`);

function urlAs(role: string): string {
  const u = new URL(base!);
  u.username = role;
  u.password = password;
  u.searchParams.set('schema', schema);
  return u.toString();
}

if (reason) {
  describe('least-privilege roles on a server brain', () => {
    it.skip(`skipped: ${reason}`, () => undefined);
  });
} else {
  let vault: string;
  beforeAll(async () => {
    vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-pg-roles-'));
    await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'builtin' } }));
    await writeVaultFile(vault, 'Kiln.md', '# Kiln\n\nFiring porcelain in the gas kiln takes twelve hours. See [[Glaze]].\n');
    await writeVaultFile(vault, 'Glaze.md', '# Glaze\n\nCeladon glaze turns green in reduction.\n');
    // As docs/team-brain.md sets them up: the owner owns the schema; the others get rights on what it creates.
    await admin(async (q) => {
      for (const r of Object.values(roles)) await q(`create role ${r} login password '${password}'`);
      await q(`create schema ${schema} authorization ${roles.owner}`);
      await q(`grant usage on schema ${schema} to ${roles.writer}, ${roles.reader}`);
      await q(`alter default privileges for role ${roles.owner} in schema ${schema} grant select, insert, update, delete on tables to ${roles.writer}`);
      await q(`alter default privileges for role ${roles.owner} in schema ${schema} grant usage, select on sequences to ${roles.writer}`);
      await q(`alter default privileges for role ${roles.owner} in schema ${schema} grant select on tables to ${roles.reader}`);
    });
  });

  afterAll(async () => {
    await admin(async (q) => {
      await q(`drop schema if exists ${schema} cascade`);
      for (const r of Object.values(roles)) {
        await q(`drop owned by ${r}`).catch(() => undefined);
        await q(`drop role if exists ${r}`);
      }
    });
    await fs.rm(vault, { recursive: true, force: true });
  });

  describe('least-privilege roles on a server brain', () => {
    it('the owner creates the schema; the writer indexes and embeds; the reader searches and cannot write', async () => {
      const owner = await openNodeBrain({ vault, db: urlAs(roles.owner), env: {} });
      expect(owner.brain.engine.openState.created).toBe(true);
      await owner.close();

      const writer = await openNodeBrain({ vault, db: urlAs(roles.writer), env: {} });
      try {
        const run = await writer.brain.index();
        expect(run.indexed).toBe(2);
        expect(run.embed?.error).toBeUndefined();
        // The writer stored vectors (the built-in embedder's are written with their chunks, not by the queue).
        const vectors = Object.values((await writer.brain.engine.stats()).embeddedByModel).reduce((n, c) => n + c, 0);
        expect(vectors).toBeGreaterThan(0);
      } finally {
        await writer.close();
      }

      const reader = await openNodeBrain({ vault, db: urlAs(roles.reader), env: {} });
      try {
        const registry = createRegistry();
        const found = (await registry.callByName('search', { query: 'porcelain kiln' }, { brain: reader.brain, remote: false })) as { results: { path: string }[] };
        expect(found.results[0]?.path).toBe('Kiln.md');
        const status = (await registry.callByName('status', {}, { brain: reader.brain, remote: false })) as { indexed: number; engine: { location: string } };
        expect(status.indexed).toBe(2);
        expect(status.engine.location).not.toContain(password);
        await writeVaultFile(vault, 'New.md', '# New\n\nwritten by nobody allowed to\n');
        await expect(reader.brain.index()).rejects.toThrow(/permission denied/);
      } finally {
        await reader.close();
      }
    }, 120_000);
  });
}
