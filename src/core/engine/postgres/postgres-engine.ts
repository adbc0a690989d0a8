// BrainEngine over a PostgreSQL server with pgvector and pg_trgm, through a connection pool (the Node side hands
// in node-postgres' Pool; core never imports the driver). The SQL, migrations, meta table and HNSW settings are
// the PGlite engine's (../sql/); what is the server's own lives here: a pool instead of one in-process
// connection, retries of transient errors, a migration lock so two first opens never race, per-note locks so
// several writers can share the store (there is no single-writer lock), and statistics that are not cached
// past a few seconds because other processes write too. Planner statistics are autovacuum's job on a server.
import { migrate, type MigrateOptions, type MigrationOutcome } from '../sql/migrations';
import { SqlEngine } from '../sql/sql-engine';
import { SOURCE, SOURCE_SETTING } from '../sql/sql';
import { textVectorParam } from '../sql/vector-store';
import { PgSql, withClient, type PgPool, type PgTx } from './pg-sql';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';

export interface PostgresEngineOptions {
  /**
   * Every connection of the pool must already be bound to `source` (sql.ts, "sources"): the factory passes the
   * setting in the connection's start-up options, so no connection ever runs a statement unbound.
   */
  pool: PgPool;
  /** The source the pool's connections are bound to. */
  source: string;
  /** close() ends the pool (default true). */
  ownsPool?: boolean;
  /** See PGliteEngineSettings.exactScanThreshold. */
  exactScanThreshold?: number;
  retry?: RetryPolicy;
  /** How long cached corpus statistics may be used before other writers' changes are read again (default 2 s). */
  cacheTtlMs?: number;
  /** What `location` says: the server URL with its password redacted (the factory passes it; default `postgres`). */
  location?: string;
  /** False (the default): a store that would have to be dropped and rebuilt is refused with an error. */
  allowRebuild?: boolean;
}

/** Key of the session advisory lock held while migrating ('vbmg'), so two first opens never race. */
const MIGRATION_LOCK = 0x76626d67;
/** The first argument of per-note transaction locks ('vbpg'); the second is a hash of the path. */
const PAGE_LOCK_SPACE = 0x76627067;

/**
 * Transaction-scoped locks on the paths a write touches, taken in one order (sorted hashes) so two writers of
 * overlapping batches queue instead of deadlocking: two writers of the same note run one after the other and
 * the later one's version is what stays, with its own chunks and links only (without the lock both could read
 * "no page yet" and both insert their chunks). Writers of different notes never wait for each other.
 */
async function lockPages(tx: PgTx, paths: string[]): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock(${PAGE_LOCK_SPACE}, h)
     from (select distinct hashtext(${SOURCE} || '/' || p) as h from unnest($1::text[]) as u(p)) x order by h`,
    [paths],
  );
}

export class PostgresEngine extends SqlEngine<PgTx> {
  readonly kind = 'postgres' as const;
  readonly location: string;

  private constructor(
    private readonly pg: PgSql,
    openState: MigrationOutcome,
    private readonly ownsPool: boolean,
    options: PostgresEngineOptions,
  ) {
    super(pg, openState, {
      source: options.source,
      exactScanThreshold: options.exactScanThreshold,
      // The driver sends arrays as text.
      vectorParam: textVectorParam,
      lockPages,
      cacheTtlMs: options.cacheTtlMs ?? 2000,
    });
    this.location = options.location ?? 'postgres';
  }

  /** Migrates the schema (under a lock, once per database) and opens the engine. On failure the pool is ended when owned. */
  static async open(options: PostgresEngineOptions): Promise<PostgresEngine> {
    const ownsPool = options.ownsPool ?? true;
    const sql = new PgSql(options.pool, options.retry ?? DEFAULT_RETRY);
    try {
      const bound = await sql.query<{ source: string | null }>(`select current_setting('${SOURCE_SETTING}', true) as source`);
      if (bound.rows[0]?.source !== options.source) throw new Error(`the pool's connections are not bound to the source ${JSON.stringify(options.source)}`);
      const state = await migrateLocked(sql, { rebuild: options.allowRebuild ?? false });
      const engine = new PostgresEngine(sql, state, ownsPool, options);
      await engine.load();
      return engine;
    } catch (err) {
      if (ownsPool) await options.pool.end().catch(() => undefined);
      throw err;
    }
  }

  /** Transient errors retried since open. */
  get retries(): number {
    return this.pg.retries;
  }

  /** Raw SQL for tests and tools (the same statements the engine runs go through the sql modules). */
  get db(): PgSql {
    return this.pg;
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsPool) await this.pg.pool.end();
  }
}

/** migrate() while holding a session advisory lock on a connection of its own. */
async function migrateLocked(sql: PgSql, options: MigrateOptions): Promise<MigrationOutcome> {
  return withClient(sql.pool, async (lock) => {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await migrate(sql, undefined, undefined, options);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}
