// A node-postgres pool on a `postgres://` URL, bound to a source, and the URL's redaction: all a surface needs
// to reach a server, without the engine. The plugin's main thread loads this module (and with it the driver)
// only on desktop, only when the user turned a server database on, to serve the worker's queries
// (obsidian/bridge/serve-postgres.ts); the CLI's engine factory uses it too.
import pg from 'pg';
import { SOURCE_SETTING, validSourceName } from '../core/engine/sql/sql';
import { redactUrl } from './database-url';

export { redactUrl };

/** A SQL identifier, quoted. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** One `-c name=value` start-up option, escaped as the server splits them (spaces and backslashes). */
function startupOption(name: string, value: string): string {
  return `-c ${name}=${value.replace(/[\\\s]/g, (c) => `\\${c}`)}`;
}

/**
 * A pool on a `postgres://` URL. `?schema=name` (ours, removed before the driver sees the URL) keeps the brain's
 * tables in that schema, so several brains can share a database; the extensions' types stay reachable in public.
 * With `source`, every connection starts bound to it (sql.ts, "sources"), so none can run a statement unbound.
 */
export function createPool(url: string, options: { max?: number; connectTimeoutMs?: number; source?: string } = {}): { pool: pg.Pool; schema: string | null } {
  const u = new URL(url);
  const schema = u.searchParams.get('schema');
  u.searchParams.delete('schema');
  if (schema !== null && !/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/.test(schema)) throw new Error(`invalid schema name ${JSON.stringify(schema)} in the database URL`);
  const startup = [
    ...(schema !== null ? [startupOption('search_path', `${ident(schema)},public`)] : []),
    ...(options.source !== undefined ? [startupOption(SOURCE_SETTING, validSourceName(options.source))] : []),
  ];
  const pool = new pg.Pool({
    connectionString: u.toString(),
    max: options.max ?? 10,
    // Without a limit a connect to a host that drops packets waits forever; a command should say why instead.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    application_name: 'vault-brain',
    ...(startup.length > 0 ? { options: startup.join(' ') } : {}),
  });
  // An idle connection the server closed (restart, idle timeout) is dropped by the pool and replaced on the
  // next checkout; without a listener the event would end the process.
  pool.on('error', () => undefined);
  return { pool, schema };
}

/**
 * `create ... if not exists` is not atomic in PostgreSQL: two processes creating the same schema or extension at
 * once can both pass the check and one then fails on the catalog's unique index (23505). The object exists then.
 */
async function ignoringConcurrentCreate(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
  }
}

/**
 * Makes the URL's `?schema=` (when it names one) ready for a brain: the schema created when missing (so a role
 * without CREATE on the database can use one made for it) and the extensions in public, shared by every brain.
 */
export async function prepareSchema(pool: pg.Pool, schema: string | null): Promise<void> {
  if (schema === null) return;
  const found = await pool.query('select 1 from pg_namespace where nspname = $1', [schema]);
  if (found.rowCount === 0) await ignoringConcurrentCreate(() => pool.query(`create schema if not exists ${ident(schema)}`));
  // An extension is created in the first schema of the search path; shared by every brain, it belongs in public.
  await ignoringConcurrentCreate(() => pool.query('create extension if not exists vector with schema public'));
  await ignoringConcurrentCreate(() => pool.query('create extension if not exists pg_trgm with schema public'));
}

/** An error's message with the URL's password taken out, wherever the driver may have echoed it. */
export function scrubPassword(message: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return message;
  }
  return password.length >= 3 ? message.split(password).join('***') : message;
}
