// BrainEngine on PGlite (Postgres in WASM) with pgvector and pg_trgm. Runs in Node, the Obsidian renderer and a
// worker; `dataDir` picks the storage (undefined = memory, a path in Node, `idb://name` in a browser). The SQL
// is shared with every Postgres engine (../sql/); this file holds what is PGlite's own: creating the database
// with its extensions, flushing relaxed-durability writes, the ANALYZE policy (no autovacuum) and the binary
// vector wire format.
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { deferIndexes, restoreDeferredIndexes } from '../sql/bulk-load';
import { migrate, type MigrationOutcome } from '../sql/migrations';
import { SqlEngine } from '../sql/sql-engine';
import { bindSource, DEFAULT_SOURCE, SOURCE, validSourceName } from '../sql/sql';
import { AnalyzePolicy } from './analyze-policy';
import { binaryVectorParam } from './vector-wire';

export interface PGliteEngineSettings {
  /** The source (vault) to read and write, as configured: always used (sql.ts, "sources"). */
  source?: string;
  /**
   * The source when none is configured (surfaces pass the vault's name; DEFAULT_SOURCE without). An embedded
   * store that already holds exactly one other source keeps using that one, so a vault folder renamed since it was
   * indexed finds its brain instead of an empty one.
   */
  defaultSource?: string;
  /** `relaxedDurability` was given to PGlite: writes reach storage only on flush(). */
  relaxedDurability?: boolean;
  /** Flush after every write transaction (default: true when durability is relaxed). */
  autoFlush?: boolean;
  /**
   * Below this many embedded chunks of one model and dims, vector search scans exactly and no HNSW index is
   * built (default DEFAULT_EXACT_SCAN_THRESHOLD; measurements in sql/vector-store.ts).
   */
  exactScanThreshold?: number;
  /**
   * Makes committed writes durable (Node: fsyncs what PGlite wrote, which it never does itself); called by
   * flush(), which the indexer runs after every batch, and after every embedding batch.
   */
  syncStorage?: () => Promise<void>;
  /** WAL bytes written since the last checkpoint above which flush() checkpoints (default CHECKPOINT_WAL_BYTES). */
  checkpointWalBytes?: number;
}

/**
 * PGlite runs Postgres as a single backend: there is no checkpointer, and a standalone backend never requests a
 * checkpoint when the WAL passes max_wal_size (XLogWrite only asks under a postmaster). So without this the WAL
 * only grew: every segment ever written stayed on disk (1 MB segments in the worker: one OPFS pool file per MB,
 * ~80 per 1k notes indexed), every open replayed all of it, and a statement that needed more new segments than
 * the OPFS pool had spare files threw inside Postgres while it held the WAL write lock, so the next commit
 * waited on that lock forever (the 10k-note plugin index that never finished; docs/plugin-performance.md).
 * flush() and every write transaction checkpoint once this much WAL has been written since the last one; old
 * segments are then recycled. 64 MB, not 16: every checkpoint writes each dirty page (the hot index pages again at
 * every one) and the first change to each page after it logs a full-page image. A 2k-note first index in the
 * plugin made 9,112 OPFS write calls instead of 12,471 (worker CPU -7%); in Node 8,764 file writes instead of
 * 18,221. It keeps up to 64 MB more WAL on disk, and crash recovery replays at most that. The IndexedDB store,
 * which holds its files in memory, keeps 16 MB (worker/worker-main.ts).
 */
export const CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

export interface PGliteEngineOptions extends PGliteEngineSettings {
  /** undefined = in memory; a directory path (Node); `idb://name` (browser). */
  dataDir?: string;
  /** Passed to PGlite (wasm modules, fsBundle, extra extensions...). `vector` and `pg_trgm` are always added. */
  pgliteOptions?: PGliteOptions;
  /** Creates the PGlite instance, e.g. with bundled wasm; defaults to PGlite.create. */
  create?: (options: PGliteOptions) => Promise<PGlite>;
}

export class PGliteEngine extends SqlEngine<Transaction> {
  readonly kind = 'pglite' as const;

  get location(): string {
    return this.db.dataDir ?? 'memory';
  }
  private readonly relaxed: boolean;
  private readonly autoFlush: boolean;
  private readonly analyze = new AnalyzePolicy();
  private readonly syncStorage?: () => Promise<void>;
  private readonly checkpointWalBytes: number;

  private constructor(
    readonly db: PGlite,
    openState: MigrationOutcome,
    settings: PGliteEngineSettings & { source: string },
  ) {
    super(db, openState, {
      source: settings.source,
      exactScanThreshold: settings.exactScanThreshold,
      vectorParam: binaryVectorParam(),
      // A single writer as superuser: page writes establish their foreign keys themselves (see SqlEngineOptions).
      skipForeignKeyChecksInPageWrites: true,
    });
    this.relaxed = settings.relaxedDurability ?? false;
    this.autoFlush = settings.autoFlush ?? this.relaxed;
    this.syncStorage = settings.syncStorage;
    this.checkpointWalBytes = settings.checkpointWalBytes ?? CHECKPOINT_WAL_BYTES;
  }

  static async open(options: PGliteEngineOptions = {}): Promise<PGliteEngine> {
    // A bad name is refused before a database is started for it.
    for (const name of [options.source, options.defaultSource]) if (name !== undefined) validSourceName(name);
    const base = options.pgliteOptions ?? {};
    const pgOptions: PGliteOptions = {
      ...base,
      ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
      ...(options.relaxedDurability !== undefined ? { relaxedDurability: options.relaxedDurability } : {}),
      extensions: { vector, pg_trgm, ...(base.extensions ?? {}) },
    };
    const db = options.create ? await options.create(pgOptions) : await PGlite.create(pgOptions);
    try {
      return await PGliteEngine.fromDb(db, options);
    } catch (err) {
      await db.close();
      throw err;
    }
  }

  /** Wraps an already-created PGlite (which must have the vector and pg_trgm extensions). The engine owns it. */
  static async fromDb(db: PGlite, settings: PGliteEngineSettings = {}): Promise<PGliteEngine> {
    let source = settings.source ?? settings.defaultSource ?? DEFAULT_SOURCE;
    // Bound before migrating: rows of a store from before sources were kept are given this one.
    await bindSource(db, source);
    const state = await migrate(db);
    // A first index killed before its end left its deferred indexes unbuilt (sql/bulk-load.ts).
    await restoreDeferredIndexes(db);
    if (settings.source === undefined) {
      const own = await db.query<{ found: boolean }>(`select exists (select 1 from pages where source_id = ${SOURCE}) as found`);
      const stored = own.rows[0]?.found ? { rows: [] } : await db.query<{ source: string }>(`select distinct source_id as source from pages limit 2`);
      if (stored.rows.length === 1) {
        source = stored.rows[0]!.source;
        await bindSource(db, source);
      }
    }
    const engine = new PGliteEngine(db, state, { ...settings, source });
    await engine.load();
    if (state.created || state.needsRebuild) await engine.flush();
    return engine;
  }

  override async flush(options: { checkpoint?: boolean } = {}): Promise<void> {
    if (options.checkpoint === true) await this.db.exec('checkpoint');
    else await this.checkpointIfDue();
    if (this.relaxed) await this.db.fs?.syncToFs(false);
    await this.syncStorage?.();
  }

  /** WAL written since the last checkpoint's redo point, in bytes. */
  async walSinceCheckpoint(): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as n from pg_control_checkpoint()',
    );
    return r.rows[0]?.n ?? 0;
  }

  /** Checkpoints when the WAL since the last one passed the bound (see CHECKPOINT_WAL_BYTES). */
  private async checkpointIfDue(): Promise<void> {
    if ((await this.walSinceCheckpoint()) >= this.checkpointWalBytes) await this.db.exec('checkpoint');
  }

  /** Alone on its store as its owner, PGlite may drop and rebuild indexes around a first index (sql/bulk-load.ts). */
  async beginBulkLoad(): Promise<boolean> {
    return deferIndexes(this.db);
  }

  async endBulkLoad(): Promise<void> {
    if ((await restoreDeferredIndexes(this.db)) > 0) await this.flush();
  }

  async close(): Promise<void> {
    if (this.db.closed) return;
    // PGlite writes its shutdown checkpoint after the last flush, which a store that persists only on flush
    // (IndexedDB) never sees: without this one the next open replays all the WAL since the last automatic one.
    if (this.relaxed) await this.db.exec('checkpoint');
    await this.flush();
    await this.db.close();
    // Closing checkpoints: the data files it wrote are made durable too.
    await this.syncStorage?.();
  }

  override async saveEmbeddings(...args: Parameters<SqlEngine<Transaction>['saveEmbeddings']>): Promise<void> {
    await super.saveEmbeddings(...args);
    await this.syncStorage?.();
  }

  protected override async afterWrite(): Promise<void> {
    // Embedding writes run many transactions between two flushes: the WAL is bounded at every write too.
    if (this.autoFlush) await this.flush();
    else {
      await this.checkpointIfDue();
      // PGlite starts its store's upkeep after every query without waiting under relaxed durability (the OPFS
      // pool's top-up of spare files among it); waiting here lets it finish between transactions, so the next
      // statement starts with a full pool (a statement that ran it dry failed inside Postgres).
      if (this.relaxed) await this.db.fs?.syncToFs(true);
    }
  }

  protected override async rowsWritten(n: number): Promise<void> {
    if (this.analyze.rowsWritten(n)) await this.db.exec('analyze');
  }
}
