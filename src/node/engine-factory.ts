// The one place an engine is chosen and opened: embedded PGlite in a data directory, or a Postgres server by
// URL (node-postgres pool). Callers pass a spec with a `kind` and branch on `engine.kind`, never on classes.
import pg from 'pg';
import { BrainError } from '../core/errors';
import type { PGliteEngineSettings } from '../core/engine/pglite/pglite-engine';
import { PostgresEngine } from '../core/engine/postgres/postgres-engine';
import { DEFAULT_SOURCE, SOURCE_SETTING, validSourceName } from '../core/engine/sql/sql';
import type { RetryPolicy } from '../core/engine/postgres/retry';
import { openEngineOnDisk } from './open-engine';

export type EngineSpec =
  | { kind: 'pglite'; dataDir: string; settings?: PGliteEngineSettings }
  | { kind: 'postgres'; url: string; poolSize?: number; retry?: RetryPolicy; exactScanThreshold?: number; source?: string };

import { redactUrl } from './database-url';

export { isPostgresUrl, redactUrl } from './database-url';

/** A SQL identifier, quoted. */
function ident(name: string): string {
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

export class DatabaseUnreachableError extends BrainError {
  constructor(message: string) {
    super('database_unreachable', message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Connection-level failures (no server, refused login, no such database), as opposed to errors in our SQL. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', '28P01', '28000', '3D000', '08001', '08006', '57P03']);

function isConnectionFailure(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // node-postgres' own connect timeout and TLS negotiation failures carry no code.
  return /timeout expired|Connection terminated|does not support SSL|self[- ]signed certificate/i.test((err as Error).message ?? '');
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

export async function openPostgresEngine(spec: Extract<EngineSpec, { kind: 'postgres' }>): Promise<PostgresEngine> {
  try {
    return await openPostgresEngineUnchecked(spec);
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    const reason = scrubPassword((err as Error).message || String((err as { code?: unknown }).code), spec.url);
    throw new DatabaseUnreachableError(`cannot open the Postgres database at ${redactUrl(spec.url)}: ${reason}`);
  }
}

async function openPostgresEngineUnchecked(spec: Extract<EngineSpec, { kind: 'postgres' }>): Promise<PostgresEngine> {
  const source = validSourceName(spec.source ?? DEFAULT_SOURCE);
  const { pool, schema } = createPool(spec.url, { max: spec.poolSize, source });
  try {
    if (schema !== null) {
      // Created only when missing, so a role without CREATE on the database can use a schema made for it.
      const found = await pool.query('select 1 from pg_namespace where nspname = $1', [schema]);
      if (found.rowCount === 0) await ignoringConcurrentCreate(() => pool.query(`create schema if not exists ${ident(schema)}`));
      // An extension is created in the first schema of the search path; shared by every brain, it belongs in public.
      await ignoringConcurrentCreate(() => pool.query('create extension if not exists vector with schema public'));
      await ignoringConcurrentCreate(() => pool.query('create extension if not exists pg_trgm with schema public'));
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (isConnectionFailure(err)) throw err;
    throw new Error(`cannot prepare ${redactUrl(spec.url)}: ${scrubPassword((err as Error).message, spec.url)}`);
  }
  return PostgresEngine.open({ pool, source, retry: spec.retry, exactScanThreshold: spec.exactScanThreshold, location: redactUrl(spec.url) });
}

export type OpenedEngine = Awaited<ReturnType<typeof openEngineOnDisk>>['engine'] | PostgresEngine;

export async function openEngine(spec: EngineSpec): Promise<OpenedEngine> {
  switch (spec.kind) {
    case 'pglite':
      return (await openEngineOnDisk(spec.dataDir, spec.settings)).engine;
    case 'postgres':
      return openPostgresEngine(spec);
  }
}
