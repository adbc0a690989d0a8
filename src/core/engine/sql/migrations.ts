// Brings a database to the code's schema, or wipes it when that is impossible (the notes are the truth, so a
// wiped store is rebuilt by the indexer; `needsRebuild` tells it to).
import { errorMessage } from '../../errors';
import { ENGINE_VERSION, MIGRATIONS, TABLES, type Migration } from './schema';
import type { Sql, SqlTx } from './sql';

export interface MigrationOutcome {
  /** The schema was created from nothing (empty database). */
  created: boolean;
  /** Stored schema version before opening, null when there was none. */
  fromVersion: number | null;
  toVersion: number;
  /** All tables were dropped and recreated: the caller must re-index every note. */
  needsRebuild: boolean;
  /** Why a rebuild is needed. */
  reason?: string;
}

function major(version: string): number | null {
  const m = /^(\d+)\./.exec(version);
  return m ? Number(m[1]) : null;
}

async function readMeta(db: Sql, key: string): Promise<string | null> {
  const r = await db.query<{ value: string }>('select value from meta where key = $1', [key]);
  return r.rows[0]?.value ?? null;
}

async function tableExists(db: Sql, name: string): Promise<boolean> {
  // In the schema the tables are created in: with a search path of `team, public`, a table in public is not ours.
  const r = await db.query<{ t: string | null }>(`select to_regclass(format('%I.%I', current_schema(), $1::text))::text as t`, [name]);
  return r.rows[0]?.t != null;
}

async function apply(tx: SqlTx, migrations: readonly Migration[], from: number, engineVersion: string): Promise<number> {
  let version = from;
  for (const m of migrations) {
    if (m.version <= from) continue;
    for (const sql of m.up) await tx.exec(sql);
    version = m.version;
  }
  await tx.query(
    `insert into meta (key, value) values ('schema_version', $1), ('engine_version', $2)
     on conflict (key) do update set value = excluded.value`,
    [String(version), engineVersion],
  );
  return version;
}

async function dropAll(db: Sql): Promise<void> {
  for (const t of TABLES) await db.exec(`drop table if exists ${t} cascade`);
}

async function recreate(db: Sql, migrations: readonly Migration[], engineVersion: string): Promise<number> {
  await dropAll(db);
  return db.transaction((tx) => apply(tx, migrations, 0, engineVersion));
}

export interface MigrateOptions {
  /**
   * False: a store that would be dropped and rebuilt is refused with an error instead (a shared server store,
   * which a newer client may have migrated and other people are using). Default true.
   */
  rebuild?: boolean;
}

/**
 * Opens the schema: creates it, applies missing migrations in one transaction, or drops and recreates every
 * table when the stored schema is newer than the code, the engine major differs, or a migration fails.
 */
export async function migrate(
  db: Sql,
  migrations: readonly Migration[] = MIGRATIONS,
  engineVersion: string = ENGINE_VERSION,
  options: MigrateOptions = {},
): Promise<MigrationOutcome> {
  const target = migrations.reduce((v, m) => Math.max(v, m.version), 0);
  await db.exec('create extension if not exists vector; create extension if not exists pg_trgm');

  const rebuild = async (fromVersion: number | null, reason: string): Promise<MigrationOutcome> => {
    if (options.rebuild === false) throw new Error(`the database cannot be opened by this version of vault-brain: ${reason}`);
    const toVersion = await recreate(db, migrations, engineVersion);
    return { created: false, fromVersion, toVersion, needsRebuild: true, reason };
  };

  if (!(await tableExists(db, 'meta'))) {
    if (await tableExists(db, 'pages')) return rebuild(null, 'tables without a schema version');
    const toVersion = await db.transaction((tx) => apply(tx, migrations, 0, engineVersion));
    return { created: true, fromVersion: null, toVersion, needsRebuild: false };
  }

  const storedText = await readMeta(db, 'schema_version');
  const stored = storedText !== null && /^\d+$/.test(storedText) ? Number(storedText) : null;
  if (stored === null) return rebuild(null, `unreadable schema version ${JSON.stringify(storedText)}`);
  if (stored > target) return rebuild(stored, `schema version ${stored} is newer than this code (${target})`);
  const storedEngine = await readMeta(db, 'engine_version');
  if (storedEngine === null || major(storedEngine) !== major(engineVersion)) {
    return rebuild(stored, `engine version ${storedEngine ?? 'none'} cannot be read by ${engineVersion}`);
  }
  // Up to date: nothing is written, so a role that may only read (an MCP server for agents) can open the store.
  if (stored === target && storedEngine === engineVersion) return { created: false, fromVersion: stored, toVersion: stored, needsRebuild: false };
  try {
    const toVersion = await db.transaction((tx) => apply(tx, migrations, stored, engineVersion));
    return { created: false, fromVersion: stored, toVersion, needsRebuild: false };
  } catch (err) {
    return rebuild(stored, `migration from ${stored} failed: ${errorMessage(err)}`);
  }
}
