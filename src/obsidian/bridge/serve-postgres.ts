// The main thread's side of a server brain in the plugin (desktop only). The brain stays in the worker, but a
// web worker cannot open a TCP connection, so its PostgresEngine sends each statement here (PgApi) and this module
// runs it on a node-postgres pool (node/pg-pool.ts, loaded with the driver on first use, never on mobile). The
// pool is bound to the vault's source and reaches only the server the user configured; the URL and password never
// cross to the worker. A transaction's statements run on the one connection `pg.connect` checked out for it.
import { BrainError } from '../../core/errors';
import type { Handlers } from '../protocol/rpc';
import type { PgApi } from '../protocol/worker-api';

/** Where the brain's server is, as the settings say now (null: no server database is configured). */
export interface ServerDatabase {
  /** postgres://user:password@host/db[?schema=…], the password from this device's local storage. */
  url: string;
}

/** What is used of a node-postgres pool and its connections. */
interface Client {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(err?: Error | boolean): void;
}
interface Pool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<Client>;
  end(): Promise<void>;
}

export interface PgModule {
  createPool(url: string, options: { max?: number; source?: string }): { pool: Pool; schema: string | null };
  /** Creates the URL's schema when missing, and the extensions (as the CLI does before its first open). */
  prepareSchema(pool: Pool, schema: string | null): Promise<void>;
  redactUrl(url: string): string;
  scrubPassword(message: string, url: string): string;
}

export class ServerDatabaseError extends BrainError {
  constructor(message: string) {
    super('bad_database', message);
    this.name = 'ServerDatabaseError';
  }
}

/** Connections the worker may hold at once: its writes, a few searches and the embedding queue. */
const POOL_SIZE = 5;

const loadPgModule = (): Promise<PgModule> => import('../../node/pg-pool');

export function postgresHandlers(server: () => ServerDatabase | null, load: () => Promise<PgModule> = loadPgModule): Handlers<PgApi> {
  let pool: Pool | null = null;
  const clients = new Map<number, Client>();
  let nextId = 1;
  const openPool = (): Pool => {
    if (!pool) throw new ServerDatabaseError('the server database is not open');
    return pool;
  };
  const end = async (): Promise<void> => {
    const p = pool;
    pool = null;
    for (const c of clients.values()) c.release(true);
    clients.clear();
    await p?.end();
  };
  return {
    'pg.open': async ({ source }) => {
      const configured = server();
      if (!configured) throw new ServerDatabaseError('no server database is configured (Settings → Vault Brain → Server database)');
      await end();
      const pg = await load();
      const created = pg.createPool(configured.url, { max: POOL_SIZE, source });
      try {
        await pg.prepareSchema(created.pool, created.schema);
      } catch (e) {
        await created.pool.end().catch(() => undefined);
        throw new ServerDatabaseError(`cannot open ${pg.redactUrl(configured.url)}: ${pg.scrubPassword((e as Error).message, configured.url)}`);
      }
      pool = created.pool;
      return { location: pg.redactUrl(configured.url) };
    },
    'pg.query': async ({ client, text, values }) => {
      const on = client === undefined ? openPool() : clients.get(client);
      if (!on) throw new ServerDatabaseError(`no open connection ${client}`);
      // Without values node-postgres uses the simple protocol (several statements at once): pass none then.
      const r = values === undefined ? await on.query(text) : await on.query(text, values);
      return { rows: r.rows };
    },
    'pg.connect': async () => {
      const c = await openPool().connect();
      const id = nextId++;
      clients.set(id, c);
      return { client: id };
    },
    'pg.release': ({ client, broken }) => {
      const c = clients.get(client);
      clients.delete(client);
      c?.release(broken === true);
    },
    'pg.end': () => end(),
  };
}

/** What "Test connection" found: whether the brain can live there, and why not. */
export interface ConnectionReport {
  ok: boolean;
  message: string;
}

/**
 * Opens a pool on `url`, logs in, and checks what a brain needs: pgvector 0.8 or newer and pg_trgm available,
 * and the schema (if one is there) readable by this version. Never writes. The password is left out of messages.
 */
export async function testServerConnection(url: string, load: () => Promise<PgModule> = loadPgModule): Promise<ConnectionReport> {
  let pg: PgModule;
  try {
    pg = await load();
  } catch (e) {
    return { ok: false, message: `the database driver could not be loaded: ${(e as Error).message}` };
  }
  let where = url;
  let pool: Pool | null = null;
  try {
    where = pg.redactUrl(url);
    pool = pg.createPool(url, { max: 1 }).pool;
    const ext = await pool.query(`select name, default_version as version from pg_available_extensions where name in ('vector', 'pg_trgm')`);
    const versions = new Map((ext.rows as { name: string; version: string }[]).map((r) => [r.name, r.version]));
    const vector = versions.get('vector');
    if (!vector) return { ok: false, message: `${where}: the server has no pgvector extension (install pgvector 0.8 or newer)` };
    const [major = 0, minor = 0] = vector.split('.').map(Number);
    if (major === 0 && minor < 8) return { ok: false, message: `${where}: pgvector ${vector} is too old (0.8 or newer is needed)` };
    if (!versions.has('pg_trgm')) return { ok: false, message: `${where}: the server has no pg_trgm extension (PostgreSQL's contrib)` };
    // A table that is not there cannot be named even in a branch never taken: asked in two steps.
    const has = await pool.query(`select to_regclass('meta') is not null as has`);
    const stamp = (has.rows[0] as { has: boolean }).has ? await pool.query(`select value as v from meta where key = 'schema_version'`) : { rows: [] };
    const schema = (stamp.rows[0] as { v: string } | undefined)?.v;
    return { ok: true, message: `${where}: connected; pgvector ${vector}; ${schema ? `a brain is there (schema ${schema})` : 'no brain yet (the first index creates it)'}` };
  } catch (e) {
    return { ok: false, message: `${where}: ${pg.scrubPassword((e as Error).message || String((e as { code?: unknown }).code), url)}` };
  } finally {
    await pool?.end().catch(() => undefined);
  }
}
