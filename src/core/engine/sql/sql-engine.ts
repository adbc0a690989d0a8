// BrainEngine over any Postgres with pgvector and pg_trgm: every contract method, written once over the Sql
// interface. A concrete engine (PGlite, a server) supplies the connection, its durability (flush after a
// write), its planner-statistics policy and how it sends a vector array; everything else is shared, so two
// engines cannot drift in what they store or rank.
import type { ParsedNote } from '../../types';
import type { KindEvidence } from '../../links/infer-kind';
import type {
  LinkPage,
  Backlink,
  BrainEngine,
  DatedPage,
  DatedPagesQuery,
  ChunkHit,
  DanglingGroup,
  DanglingLinkRow,
  EdgeRow,
  EngineStats,
  EntityMatch,
  FileStatus,
  FileStatusRow,
  KeywordSearchOptions,
  LinkTargetUpdate,
  LinkTypeUpdate,
  LinkTypingRow,
  ListPagesOptions,
  OutgoingLink,
  PageMeta,
  PageWrite,
  PageRow,
  PageState,
  PageSummary,
  RelationEdge,
  RelationEdgeQuery,
  SaveEmbeddingsOptions,
  SearchFilters,
  SourceSummary,
  StoredFileStatus,
  TimelineQuery,
  TimelineRow,
  TitleHit,
  TraversalNode,
  TraverseOptions,
  VectorSearchOptions,
} from '../brain-engine';
import { checkIntegrity, markForReindex, type IntegrityMode, type IntegrityReport } from '../integrity';
import * as entities from './entity-queries';
import * as files from './file-status';
import { KeywordRanker } from './keyword-ranker';
import * as links from './link-queries';
import { kindEvidence, linkTypingRows, setLinkTypes } from './link-typing';
import type { MigrationOutcome } from './migrations';
import * as pages from './page-queries';
import { deletePage, renamePage, setLinkTargets, writePage, writePages, writeProvisionalPages } from './page-writer';
import { TABLES } from './schema';
import { SOURCE, type Sql, type SqlTx } from './sql';
import { traverse } from './traverse';
import { VectorStore, type VectorArrayParam } from './vector-store';

export interface SqlEngineOptions<Tx extends SqlTx> {
  /** The source the connection was bound to (sql.ts, "sources"). */
  source: string;
  exactScanThreshold?: number;
  vectorParam: VectorArrayParam<Tx>;
  /**
   * Serialises writers of the same notes (a server store with several writers): called first in every write
   * transaction that replaces, deletes or renames pages, with the paths it touches. None for a single writer.
   */
  lockPages?: (tx: Tx, paths: string[]) => Promise<void>;
  /**
   * Page writes (putPages, putProvisionalPages) insert child rows (chunks, links, names, timeline, chunk totals)
   * only for the pages they upsert first in the same transaction, and change no page's key (page-writer.ts), so
   * those rows' foreign keys hold by construction. An engine whose role may skip the per-row checks (PGlite runs as
   * superuser, alone on its store) sets this: those transactions run with session_replication_role = replica,
   * which skips the RI triggers (about half of a link insert's time, measured in Node). Every other write, and
   * every other engine, keeps them.
   */
  skipForeignKeyChecksInPageWrites?: boolean;
  /**
   * Other processes write to the store too: cached statistics are also dropped after this many ms, so their
   * writes are seen (default: cached until this engine's next write).
   */
  cacheTtlMs?: number;
}

export abstract class SqlEngine<Tx extends SqlTx = SqlTx> implements BrainEngine {
  abstract readonly kind: 'pglite' | 'postgres';
  abstract readonly location: string;
  /** The source (vault) whose rows this engine reads and writes. */
  readonly source: string;
  /** Bumped by every write; caches keyed by it (term statistics, embedded counts) are dropped when it moves. */
  private generation = 0;
  private generationAt = Date.now();
  private readonly keyword: KeywordRanker;
  private readonly vectors: VectorStore<Tx>;
  private readonly lockPages: (tx: Tx, paths: string[]) => Promise<void>;
  private readonly cacheTtlMs: number | undefined;
  private readonly vectorParam: VectorArrayParam<Tx>;
  private readonly pageWriteSetup: (tx: Tx) => Promise<unknown>;

  protected constructor(
    private readonly sql: Sql<Tx>,
    readonly openState: MigrationOutcome,
    options: SqlEngineOptions<Tx>,
  ) {
    this.source = options.source;
    this.lockPages = options.lockPages ?? (async () => undefined);
    this.cacheTtlMs = options.cacheTtlMs;
    this.vectorParam = options.vectorParam;
    this.pageWriteSetup = options.skipForeignKeyChecksInPageWrites
      ? (tx) => tx.exec('set local session_replication_role = replica')
      : async () => undefined;
    this.keyword = new KeywordRanker(sql, () => this.currentGeneration());
    this.vectors = new VectorStore(
      { db: sql, generation: () => this.currentGeneration(), write: (fn) => this.write(fn), vectorParam: options.vectorParam },
      options.exactScanThreshold,
    );
  }

  private currentGeneration(): number {
    if (this.cacheTtlMs !== undefined && Date.now() - this.generationAt >= this.cacheTtlMs) {
      this.generation++;
      this.generationAt = Date.now();
    }
    return this.generation;
  }

  /** Below this many embedded chunks of a model and dims, vector search scans exactly (see vector-store.ts). */
  get exactScanThreshold(): number {
    return this.vectors.exactScanThreshold;
  }

  set exactScanThreshold(n: number) {
    this.vectors.exactScanThreshold = n;
  }

  /** True when the schema was wiped on open and every note must be re-indexed. */
  get needsRebuild(): boolean {
    return this.openState.needsRebuild;
  }

  /** Reads the state the engine keeps beside the tables (which vector indexes exist); once, after migrating. */
  /** The engine's database connection, for whole-store copies (store-copy.ts); queries belong in this folder's modules. */
  get connection(): Sql<Tx> {
    return this.sql;
  }

  protected async load(): Promise<void> {
    await this.vectors.load();
  }

  /** Persists pending writes when the engine defers them; a no-op by default. */
  async flush(_options?: { checkpoint?: boolean }): Promise<void> {}

  abstract close(): Promise<void>;

  /** Called after every committed write transaction (e.g. to flush). */
  protected async afterWrite(): Promise<void> {}

  /** Called after page writes with the number of chunk rows written (e.g. to refresh planner statistics). */
  protected async rowsWritten(_n: number): Promise<void> {}

  private async write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    this.generation++;
    const result = await this.sql.transaction(fn);
    this.generation++;
    await this.afterWrite();
    return result;
  }

  checkIntegrity(mode: IntegrityMode): Promise<IntegrityReport> {
    return checkIntegrity(this.sql, mode);
  }

  markForReindex(report: IntegrityReport): Promise<number> {
    return markForReindex(this.sql, report);
  }

  /** Removes every row of the engine's source (its meta is kept); other sources in the database are untouched. */
  async clear(): Promise<void> {
    await this.write(async (tx) => {
      const others = await tx.query<{ other: boolean }>(
        `select exists (select 1 from pages where source_id <> ${SOURCE}) or exists (select 1 from files where source_id <> ${SOURCE}) as other`,
      );
      if (others.rows[0]?.other) {
        // Chunks, links, timeline entries and names follow their pages by cascade.
        await tx.query(`delete from pages where source_id = ${SOURCE}`);
        await tx.query(`delete from files where source_id = ${SOURCE}`);
      } else {
        // The only source: the same result, much faster, and ids start again from 1.
        const tables = TABLES.filter((t) => t !== 'meta' && t !== 'source_meta').join(', ');
        await tx.exec(`truncate ${tables} restart identity`);
      }
    });
    this.vectors.cleared();
  }

  /** The sources stored in this database, with their page counts (the engine's own listed even when empty). */
  async sources(): Promise<SourceSummary[]> {
    const r = await this.sql.query<SourceSummary>(
      `select s.source, coalesce(p.n, 0)::int as pages from (
         select source_id as source from pages union select source_id from files union select ${SOURCE}
       ) s left join (select source_id, count(*)::int as n from pages group by 1) p on p.source_id = s.source
       order by s.source`,
    );
    return r.rows;
  }

  // ---- page and link writes ----------------------------------------------------------------------------------

  async putPage(note: ParsedNote, meta: PageMeta): Promise<void> {
    await this.write(async (tx) => {
      await this.lockPages(tx, [note.path]);
      await writePage(tx, note, meta, Date.now());
    });
    await this.rowsWritten(note.chunks.length);
  }

  async putPages(batch: PageWrite[]): Promise<void> {
    if (batch.length === 0) return;
    const now = Date.now();
    await this.write(async (tx) => {
      await this.lockPages(tx, batch.map((b) => b.note.path));
      await this.pageWriteSetup(tx);
      await writePages(tx, batch, now, this.vectorParam);
    });
    const rows = batch.reduce((n, b) => n + b.note.chunks.length, 0);
    this.vectors.chunksWritten(rows, batch.find((b) => b.vectors?.vectors.some((v) => v !== null))?.vectors?.dims ?? null);
    await this.rowsWritten(rows);
  }

  async putProvisionalPages(notes: ParsedNote[]): Promise<void> {
    if (notes.length === 0) return;
    const now = Date.now();
    await this.write(async (tx) => {
      await this.lockPages(tx, notes.map((n) => n.path));
      await this.pageWriteSetup(tx);
      await writeProvisionalPages(tx, notes, now);
    });
  }

  async deletePage(path: string): Promise<void> {
    await this.write(async (tx) => {
      await this.lockPages(tx, [path]);
      await deletePage(tx, path);
    });
  }

  async renamePage(from: string, to: string): Promise<void> {
    if (from === to) return;
    await this.write(async (tx) => {
      await this.lockPages(tx, [from, to]);
      await renamePage(tx, from, to);
    });
  }

  async setLinkTargets(updates: LinkTargetUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await this.write((tx) => setLinkTargets(tx, updates));
  }

  // ---- page and link reads -----------------------------------------------------------------------------------

  getPage(path: string): Promise<PageRow | null> {
    return pages.getPage(this.sql, path);
  }

  getPageStates(paths?: string[]): Promise<PageState[]> {
    return pages.getPageStates(this.sql, paths);
  }

  listPages(options: ListPagesOptions = {}): Promise<PageSummary[]> {
    return pages.listPages(this.sql, options);
  }

  pageChunks(paths: string[], options: { perPage?: number; filters?: SearchFilters } = {}): Promise<ChunkHit[]> {
    return pages.pageChunks(this.sql, paths, options);
  }

  timeline(query: TimelineQuery = {}): Promise<TimelineRow[]> {
    return pages.timeline(this.sql, query);
  }

  datedPages(query: DatedPagesQuery): Promise<DatedPage[]> {
    return pages.datedPages(this.sql, query);
  }

  stats(options?: { hidden?: string[] }): Promise<EngineStats> {
    return pages.stats(this.sql, options);
  }

  backlinks(path: string, page?: LinkPage): Promise<Backlink[]> {
    return links.backlinks(this.sql, path, page);
  }

  outgoingLinks(path: string, page?: LinkPage): Promise<OutgoingLink[]> {
    return links.outgoingLinks(this.sql, path, page);
  }

  allEdges(): Promise<EdgeRow[]> {
    return links.allEdges(this.sql);
  }

  linkTypingRows(paths: string[] | null): Promise<LinkTypingRow[]> {
    return linkTypingRows(this.sql, paths);
  }

  kindEvidence(paths: string[], missing: string[]): Promise<KindEvidence[]> {
    return kindEvidence(this.sql, paths, missing);
  }

  async setLinkTypes(updates: LinkTypeUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await this.write((tx) => setLinkTypes(tx, updates));
  }

  backlinkCounts(paths: string[]): Promise<Map<string, number>> {
    return links.backlinkCounts(this.sql, paths);
  }

  listDanglingLinks(): Promise<DanglingLinkRow[]> {
    return links.listDanglingLinks(this.sql);
  }

  linksToUnstoredPaths(): Promise<(DanglingLinkRow & { toPath: string })[]> {
    return links.linksToUnstoredPaths(this.sql);
  }

  danglingLinksTo(candidates: string[]): Promise<DanglingLinkRow[]> {
    return links.danglingLinksTo(this.sql, candidates);
  }

  danglingLinks(options: { limit?: number } = {}): Promise<DanglingGroup[]> {
    return links.danglingLinks(this.sql, options);
  }

  traverse(options: TraverseOptions): Promise<TraversalNode[]> {
    return traverse(this.sql, options);
  }

  // ---- search primitives -------------------------------------------------------------------------------------

  keywordSearch(options: KeywordSearchOptions): Promise<ChunkHit[]> {
    return this.keyword.search(options);
  }

  vectorSearch(options: VectorSearchOptions): Promise<ChunkHit[]> {
    return this.vectors.vectorSearch(options);
  }

  titleSearch(query: string, limit: number): Promise<TitleHit[]> {
    return entities.titleSearch(this.sql, query, limit);
  }

  findEntities(text: string, limit: number): Promise<EntityMatch[]> {
    return entities.findEntities(this.sql, text, limit);
  }

  relationEdges(query: RelationEdgeQuery): Promise<RelationEdge[]> {
    return entities.relationEdges(this.sql, query);
  }

  // ---- embedding store ---------------------------------------------------------------------------------------

  countPending(modelId: string): Promise<number> {
    return this.vectors.countPending(modelId);
  }

  nextPending(modelId: string, limit: number, afterId?: number): Promise<{ id: number; text: string }[]> {
    return this.vectors.nextPending(modelId, limit, afterId);
  }

  saveEmbeddings(modelId: string, dims: number, rows: { id: number; vector: Float32Array }[], options: SaveEmbeddingsOptions = {}): Promise<void> {
    return this.vectors.saveEmbeddings(modelId, dims, rows, options);
  }

  markSkipped(modelId: string, ids: number[]): Promise<void> {
    return this.vectors.markSkipped(modelId, ids);
  }

  finishEmbedding(): Promise<void> {
    return this.vectors.finishEmbedding();
  }

  // ---- file status and meta ----------------------------------------------------------------------------------

  async recordFileStatus(rows: FileStatusRow[]): Promise<void> {
    if (rows.length === 0) return;
    const now = Date.now();
    await this.write((tx) => files.recordFileStatus(tx, rows, now));
  }

  fileStatuses(options: { status?: FileStatus } = {}): Promise<StoredFileStatus[]> {
    return files.fileStatuses(this.sql, options);
  }

  async removeFileStatus(paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.write((tx) => files.removeFileStatus(tx, paths));
  }

  getMeta(key: string): Promise<string | null> {
    return files.getMeta(this.sql, key);
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.write((tx) => files.setMeta(tx, key, value));
  }
}
