// BrainEngine on PGlite (Postgres in WASM) with pgvector and pg_trgm. Runs in Node, the Obsidian renderer and a
// worker; `dataDir` picks the storage (undefined = memory, a path in Node, `idb://name` in a browser).
import { PGlite, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import type { ChunkKind, ParsedNote, ParseWarning } from '../types';
import type {
  LinkTypeUpdate,
  LinkTypingRow,
  Backlink,
  BrainEngine,
  ChunkHit,
  DanglingGroup,
  DanglingLinkRow,
  EdgeRow,
  EngineStats,
  EntityMatch,
  FileStatus,
  FileStatusRow,
  KeywordSearchOptions,
  RelationEdge,
  RelationEdgeQuery,
  SearchFilters,
  LinkTargetUpdate,
  ListPagesOptions,
  OutgoingLink,
  PageMeta,
  PageRow,
  PageState,
  PageSummary,
  StoredFileStatus,
  TimelineQuery,
  TimelineRow,
  TitleHit,
  TraversalNode,
  TraverseOptions,
  SaveEmbeddingsOptions,
  VectorSearchOptions,
} from './brain-engine';
import { migrate, type MigrationOutcome } from './migrations';
import { checkIntegrity, markForReindex, type IntegrityMode, type IntegrityReport } from './integrity';
import { entityCandidates, nameKey } from './names';
import { writePage, writePages } from './page-writer';
import { linkTypingRows, setLinkTypes } from './link-typing';
import { encodeVectorArray } from './vector-wire';
import { clean } from './pg-text';
import { orQuery, positiveTerms } from './query-text';
import { websearchTsquery } from '../text/tsquery';
import { MAX_INDEXED_DIMS, TABLES } from './schema';
import { filterConditions } from './sql-filters';
import { traverse } from './traverse';

export interface PGliteEngineSettings {
  /** `relaxedDurability` was given to PGlite: writes reach storage only on flush(). */
  relaxedDurability?: boolean;
  /** Flush after every write transaction (default: true when durability is relaxed). */
  autoFlush?: boolean;
  /**
   * Below this many embedded chunks of one model and dims, vector search scans exactly and no HNSW index is
   * built. Measured on subsets of the 10k-note bench vault (built-in 100-d vectors, 50 nearest, Node 20):
   * exact scan p50 3 ms at 1k, 6.5 ms at 2.5k, 12 ms at 5k, 24 ms at 10k, 40 ms at 19k; HNSW 2-3.5 ms at every
   * size, built in 0.3 s (2.5k), 0.6 s (5k), 1.6 s (10k), 3.2 s (19k), ~10 s (47k). Below ~5k the exact scan
   * is fast enough for the 30 ms query budget and has perfect recall, so 5000 is the default. (Earlier, 384-d
   * random vectors: exact 34 ms at 2k, 58-130 ms at 5k.)
   */
  exactScanThreshold?: number;
  /**
   * Makes committed writes durable (Node: fsyncs what PGlite wrote, which it never does itself); called by
   * flush(), which the indexer runs after every batch, and after every embedding batch.
   */
  syncStorage?: () => Promise<void>;
}

export interface PGliteEngineOptions extends PGliteEngineSettings {
  /** undefined = in memory; a directory path (Node); `idb://name` (browser). */
  dataDir?: string;
  /** Passed to PGlite (wasm modules, fsBundle, extra extensions...). `vector` and `pg_trgm` are always added. */
  pgliteOptions?: PGliteOptions;
  /** Creates the PGlite instance, e.g. with bundled wasm; defaults to PGlite.create. */
  create?: (options: PGliteOptions) => Promise<PGlite>;
}

export const DEFAULT_EXACT_SCAN_THRESHOLD = 5000;
/** BM25 term-frequency saturation and length normalisation (the usual defaults). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** A word in more chunks than this (and than 1% of them) only scores candidates found by rarer words. */
const KEYWORD_COMMON_MIN_DF = 500;
const KEYWORD_COMMON_SHARE = 0.01;
/** Rows written before the first automatic ANALYZE (see noteRowsWritten). */
const ANALYZE_MIN_ROWS = 1000;
/** Total rows written must grow this many times between two automatic analyses. */
const ANALYZE_GROWTH = 4;
/** Candidates scored by every word of the query. */
const KEYWORD_CANDIDATES = 150;
/**
 * HNSW graph degree and build-time candidate list, below pgvector's defaults (16, 64), with a wider search
 * list at query time to pay the recall back. Measured on the 10k-note bench vault (47k x 100-d, built-in
 * embedder; recall of the 50 nearest against an exact scan): defaults build in 17-20 s of CPU, recall 0.91 at
 * ef_search 50; (12, 40) builds in 9-12 s, recall 0.94 at ef_search 100 for the same ~4 ms query CPU.
 */
const HNSW_M = 12;
const HNSW_EF_CONSTRUCTION = 40;
const HNSW_MIN_EF_SEARCH = 100;
const CHUNK_HIT_COLUMNS = `c.id as chunk_id, c.page as path, p.title, c.heading, c.text, c.start_line, c.end_line, c.kind`;

interface ChunkHitRow {
  chunk_id: number;
  path: string;
  title: string;
  heading: string;
  text: string;
  start_line: number;
  end_line: number;
  kind: ChunkKind;
  rank: number;
}

function toChunkHit(r: ChunkHitRow): ChunkHit {
  return {
    chunkId: r.chunk_id,
    path: r.path,
    title: r.title,
    heading: r.heading,
    text: r.text,
    startLine: r.start_line,
    endLine: r.end_line,
    kind: r.kind,
    rank: Number(r.rank),
  };
}

function validDims(dims: number): number {
  if (!Number.isInteger(dims) || dims < 1 || dims > 16000) throw new Error(`invalid embedding dims ${dims}`);
  return dims;
}

function vectorLiteral(v: Float32Array, dims: number): string {
  if (v.length !== dims) throw new Error(`vector has ${v.length} dims, expected ${dims}`);
  for (const x of v) if (!Number.isFinite(x)) throw new Error('vector contains a non-finite value');
  return `[${Array.from(v).join(',')}]`;
}

function limitOf(n: number | undefined, fallback: number, max = 10_000): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(0, Math.min(max, Math.floor(n)));
}

export class PGliteEngine implements BrainEngine {
  exactScanThreshold: number;
  private readonly relaxed: boolean;
  private readonly autoFlush: boolean;
  private readonly syncStorage?: () => Promise<void>;
  private indexedDims = new Set<number>();
  /** Bumped by every write; invalidates the keyword statistics cache. */
  private generation = 0;
  private embeddedCounts = new Map<string, { generation: number; n: number }>();
  /** Type oids of `vector` and `vector[]`, looked up on the first binary vector write. */
  private vectorOids: { element: number; array: number } | null = null;
  /** Chunk rows rewritten by embedding writes since the full-text indexes' pending lists were merged. */
  private embedWritesSinceGinClean = 0;
  private deferredIndexDims = new Set<number>();
  private rowsSinceAnalyze = 0;
  private rowsAtAnalyze = 0;
  private keywordStats: { generation: number; n: number; avgLen: number; df: Map<string, number> } | null = null;

  private constructor(
    readonly db: PGlite,
    readonly openState: MigrationOutcome,
    settings: PGliteEngineSettings,
  ) {
    this.relaxed = settings.relaxedDurability ?? false;
    this.autoFlush = settings.autoFlush ?? this.relaxed;
    this.syncStorage = settings.syncStorage;
    this.exactScanThreshold = settings.exactScanThreshold ?? DEFAULT_EXACT_SCAN_THRESHOLD;
  }

  /** True when the schema was wiped on open and every note must be re-indexed. */
  get needsRebuild(): boolean {
    return this.openState.needsRebuild;
  }

  static async open(options: PGliteEngineOptions = {}): Promise<PGliteEngine> {
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
    const state = await migrate(db);
    const engine = new PGliteEngine(db, state, settings);
    await engine.loadIndexedDims();
    if (state.created || state.needsRebuild) await engine.flush();
    return engine;
  }

  private async loadIndexedDims(): Promise<void> {
    const r = await this.db.query<{ name: string }>(
      `select indexname as name from pg_indexes where tablename = 'chunks' and indexname like 'chunks_hnsw_%'`,
    );
    this.indexedDims = new Set(r.rows.map((x) => Number(x.name.slice('chunks_hnsw_'.length))));
  }

  private async write<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    this.generation++;
    const result = await this.db.transaction(fn);
    this.generation++;
    if (this.autoFlush) await this.flush();
    return result;
  }

  async flush(): Promise<void> {
    if (this.relaxed) await this.db.fs?.syncToFs(false);
    await this.syncStorage?.();
  }

  async close(): Promise<void> {
    if (this.db.closed) return;
    await this.flush();
    await this.db.close();
    // Closing checkpoints: the data files it wrote are made durable too.
    await this.syncStorage?.();
  }

  checkIntegrity(mode: IntegrityMode): Promise<IntegrityReport> {
    return checkIntegrity(this.db, mode);
  }

  markForReindex(report: IntegrityReport): Promise<number> {
    return markForReindex(this.db, report);
  }

  async clear(): Promise<void> {
    const tables = TABLES.filter((t) => t !== 'meta').join(', ');
    await this.write((tx) => tx.exec(`truncate ${tables} restart identity`));
  }

  // ---- writes -------------------------------------------------------------------------------------------

  async putPage(note: ParsedNote, meta: PageMeta): Promise<void> {
    await this.write((tx) => writePage(tx, note, meta, Date.now()));
    await this.noteRowsWritten(note.chunks.length);
  }

  async putPages(batch: { note: ParsedNote; meta: PageMeta }[]): Promise<void> {
    if (batch.length === 0) return;
    const now = Date.now();
    await this.write(async (tx) => {
      await writePages(tx, batch, now);
    });
    await this.noteRowsWritten(batch.reduce((n, b) => n + b.note.chunks.length, 0));
  }

  /**
   * PGlite has no autovacuum, so planner statistics are never refreshed on their own. Statistics taken on an
   * empty table made vector search skip its HNSW index (measured: 600 ms instead of 30 ms over 47k chunks), so
   * tables are analysed each time the rows written reach ANALYZE_GROWTH times the count at the last analysis.
   * (Growth 2 analysed six times during a 10k-note index, a tenth of its time; the planner scales row counts
   * by the table's current size anyway, so statistics a few times stale only misjudge value distributions.)
   */
  private async noteRowsWritten(n: number): Promise<void> {
    this.rowsSinceAnalyze += n;
    if (this.rowsSinceAnalyze < Math.max(ANALYZE_MIN_ROWS, (ANALYZE_GROWTH - 1) * this.rowsAtAnalyze)) return;
    this.rowsAtAnalyze += this.rowsSinceAnalyze;
    this.rowsSinceAnalyze = 0;
    await this.db.exec('analyze');
  }

  async deletePage(path: string): Promise<void> {
    await this.write(async (tx) => {
      await tx.query('update links set to_path = null where to_path = $1', [path]);
      await tx.query('delete from pages where path = $1', [path]);
    });
  }

  async renamePage(from: string, to: string): Promise<void> {
    if (from === to) return;
    await this.write(async (tx) => {
      // A page already at `to` is replaced; links that pointed at `to` keep pointing there.
      await tx.query('delete from pages where path = $1', [to]);
      // Child rows follow through ON UPDATE CASCADE, keeping chunk ids and embeddings.
      await tx.query('update pages set path = $2 where path = $1', [from, clean(to)]);
      await tx.query('update links set to_path = $2 where to_path = $1', [from, clean(to)]);
    });
  }

  async setLinkTargets(updates: LinkTargetUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await this.write((tx) =>
      tx.query(
        `update links l set to_path = u.to_path from unnest($1::int[], $2::text[]) as u(id, to_path) where l.id = u.id`,
        [updates.map((u) => u.id), updates.map((u) => (u.toPath === null ? null : clean(u.toPath)))],
      ),
    );
  }

  // ---- pages --------------------------------------------------------------------------------------------

  async getPage(path: string): Promise<PageRow | null> {
    const r = await this.db.query<{
      path: string;
      title: string;
      type: string;
      frontmatter: Record<string, unknown>;
      aliases: string[];
      tags: string[];
      compiled_truth: string;
      timeline: string;
      content_hash: string;
      mtime: number;
      size: number;
      indexed_at: number;
      warnings: ParseWarning[];
    }>('select * from pages where path = $1', [path]);
    const p = r.rows[0];
    if (!p) return null;
    return {
      path: p.path,
      title: p.title,
      type: p.type,
      frontmatter: p.frontmatter,
      aliases: p.aliases,
      tags: p.tags,
      compiledTruth: p.compiled_truth,
      timeline: p.timeline,
      contentHash: p.content_hash,
      mtime: p.mtime,
      size: p.size,
      indexedAt: p.indexed_at,
      warnings: p.warnings,
    };
  }

  async getPageStates(): Promise<PageState[]> {
    const r = await this.db.query<PageState>(
      'select path, content_hash as "contentHash", mtime, size from pages order by path',
    );
    return r.rows;
  }

  async listPages(options: ListPagesOptions = {}): Promise<PageSummary[]> {
    const params: unknown[] = [];
    let where = filterConditions({ folder: options.folder, tag: options.tag, type: options.type, paths: options.paths }, params);
    if (options.modifiedSince !== undefined) {
      params.push(options.modifiedSince);
      where += ` and p.mtime >= $${params.length}`;
    }
    const order = options.orderBy === 'recent' ? 'mtime desc, path' : 'path';
    params.push(limitOf(options.limit, 1000, 1_000_000), limitOf(options.offset, 0, Number.MAX_SAFE_INTEGER));
    const r = await this.db.query<PageSummary>(
      `select path, title, type, tags, aliases, mtime, size from pages p where true ${where}
       order by ${order} limit $${params.length - 1} offset $${params.length}`,
      params,
    );
    return r.rows;
  }

  // ---- links --------------------------------------------------------------------------------------------

  async backlinks(path: string): Promise<Backlink[]> {
    const r = await this.db.query<Backlink>(
      `select id, from_path as "from", type, source, context, line, direction, past from links
       where to_path = $1 order by from_path, line, id`,
      [path],
    );
    return r.rows;
  }

  async outgoingLinks(path: string): Promise<OutgoingLink[]> {
    const r = await this.db.query<OutgoingLink>(
      `select id, to_path as "to", raw, target_text as "targetText", type, source, line, context, field, direction, past
       from links where from_path = $1 order by line, char_offset, id`,
      [path],
    );
    return r.rows;
  }

  async allEdges(): Promise<EdgeRow[]> {
    const r = await this.db.query<EdgeRow>(
      `select from_path as "from", to_path as "to", type, source, direction, past, target_text as "targetText" from links order by id`,
    );
    return r.rows;
  }

  linkTypingRows(paths: string[] | null): Promise<LinkTypingRow[]> {
    return linkTypingRows(this.db, paths);
  }

  async setLinkTypes(updates: LinkTypeUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await this.write((tx) => setLinkTypes(tx, updates));
  }

  async backlinkCounts(paths: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>(paths.map((p) => [p, 0]));
    if (paths.length === 0) return counts;
    const r = await this.db.query<{ path: string; n: number }>(
      `select to_path as path, count(*)::int as n from links where to_path = any($1::text[]) group by to_path`,
      [paths],
    );
    for (const row of r.rows) counts.set(row.path, row.n);
    return counts;
  }

  async listDanglingLinks(): Promise<DanglingLinkRow[]> {
    const r = await this.db.query<DanglingLinkRow>(
      `select id, from_path as "fromPath", target_text as "targetText" from links where to_path is null order by id`,
    );
    return r.rows;
  }

  async danglingLinksTo(candidates: string[]): Promise<DanglingLinkRow[]> {
    if (candidates.length === 0) return [];
    const r = await this.db.query<DanglingLinkRow>(
      `select id, from_path as "fromPath", target_text as "targetText" from links
       where to_path is null and lower(target_text) = any($1::text[]) order by id`,
      [candidates.map((c) => c.toLowerCase())],
    );
    return r.rows;
  }

  async danglingLinks(options: { limit?: number } = {}): Promise<DanglingGroup[]> {
    const r = await this.db.query<DanglingGroup>(
      `select min(target_text) as "targetText", count(*)::int as count,
         array_agg(distinct from_path order by from_path) as "from"
       from links where to_path is null group by lower(target_text)
       order by count(*) desc, lower(target_text) limit $1`,
      [limitOf(options.limit, 100)],
    );
    return r.rows;
  }

  traverse(options: TraverseOptions): Promise<TraversalNode[]> {
    return traverse(this.db, options);
  }

  async timeline(query: TimelineQuery = {}): Promise<TimelineRow[]> {
    const params: unknown[] = [];
    const conds: string[] = [];
    const bind = (v: unknown): string => {
      params.push(v);
      return `$${params.length}`;
    };
    if (query.path !== undefined) conds.push(`t.page = ${bind(query.path)}`);
    if (query.since !== undefined) conds.push(`t.date >= ${bind(query.since)}`);
    if (query.until !== undefined) conds.push(`t.date <= ${bind(query.until)}`);
    const limit = bind(limitOf(query.limit, 100));
    const r = await this.db.query<TimelineRow>(
      `select t.page as path, p.title, t.date, t.summary, t.line from timeline_entries t join pages p on p.path = t.page
       ${conds.length > 0 ? `where ${conds.join(' and ')}` : ''}
       order by t.date desc, t.page, t.line limit ${limit}`,
      params,
    );
    return r.rows;
  }

  async stats(): Promise<EngineStats> {
    const counts = await this.db.query<Omit<EngineStats, 'embeddedByModel' | 'pagesByType'>>(
      `select (select count(*) from pages)::int as pages,
         (select count(*) from chunks)::int as chunks,
         (select count(*) from links)::int as links,
         (select count(*) from links where type <> 'mentions')::int as "typedLinks",
         (select count(*) from links where to_path is null)::int as dangling,
         (select count(*) from timeline_entries)::int as "timelineEntries"`,
    );
    const models = await this.db.query<{ model: string; n: number }>(
      `select embedding_model as model, count(*)::int as n from chunks where embedding is not null group by 1`,
    );
    const types = await this.db.query<{ type: string; n: number }>(`select type, count(*)::int as n from pages group by 1`);
    const c = counts.rows[0];
    if (!c) throw new Error('stats query returned no row');
    return {
      ...c,
      embeddedByModel: Object.fromEntries(models.rows.map((r) => [r.model, r.n])),
      pagesByType: Object.fromEntries(types.rows.map((r) => [r.type, r.n])),
    };
  }

  // ---- search primitives ----------------------------------------------------------------------------------

  async keywordSearch(options: KeywordSearchOptions): Promise<ChunkHit[]> {
    const text = clean(options.mode === 'or' ? orQuery(options.tsquery) : options.tsquery).trim();
    const limit = limitOf(options.limit, 20);
    if (text === '' || limit === 0) return [];
    const stats = await this.termStats(positiveTerms(text));
    const terms = [...stats.df].filter(([, df]) => df > 0);
    if (terms.length === 0) return [];
    const commonDf = Math.max(KEYWORD_COMMON_MIN_DF, stats.n * KEYWORD_COMMON_SHARE);
    const rare = terms.map(([, df]) => df <= commonDf);
    if (options.mode === 'and') return this.rankKeyword(text, terms, rare, stats, limit, options.filters, 'all');
    if (rare.some(Boolean)) return this.rankKeyword(text, terms, rare, stats, limit, options.filters, 'rare');
    // Every word is common: chunks holding all of them, else the rarest word's chunks.
    const all = await this.rankKeyword(terms.map(([t]) => t).join(' '), terms, rare, stats, limit, options.filters, 'all');
    if (all.length > 0) return all;
    const rarest = terms.reduce((best, t, i) => (t[1] < (terms[best]?.[1] ?? Infinity) ? i : best), 0);
    return this.rankKeyword(text, terms, rare.map((_, i) => i === rarest), stats, limit, options.filters, 'rare');
  }

  /**
   * BM25 over chunks. A term's count in a chunk comes from ts_rank_cd of that term alone (0.1 per occurrence at
   * the default weight). Measured on the Obsidian Help eval set against ts_rank_cd of the whole OR query, which
   * has no notion of a rare word: R@5 0.49 -> 0.79 with the simple config, 0.84 with the english one.
   *
   * Reading every chunk of a common word costs ~10 µs a row (the tsvector is de-toasted), which on a 10k-note
   * vault is 100+ ms for one word, so candidates come from the rare words (`rare`: the best KEYWORD_CANDIDATES
   * by their own score) or, for `all`, from the chunks matching the whole websearch text (`text`, shortest
   * first); then every word scores just those candidates.
   */
  private async rankKeyword(
    text: string,
    terms: [string, number][],
    rare: boolean[],
    stats: { n: number; avgLen: number },
    limit: number,
    filters: SearchFilters | undefined,
    source: 'rare' | 'all',
  ): Promise<ChunkHit[]> {
    const idf = terms.map(([, df]) => Math.log(1 + (stats.n - df + 0.5) / (df + 0.5)));
    const query = websearchTsquery(text);
    if (source === 'all' && query === '') return [];
    const params: unknown[] = [query, terms.map(([t]) => websearchTsquery(t)), idf, rare, Math.max(1, stats.avgLen), Math.max(KEYWORD_CANDIDATES, limit * 2)];
    const where = filterConditions(filters, params);
    params.push(limit);
    const bm25 = (tf: string, len: string): string =>
      `(${tf} * ${BM25_K1 + 1} / (${tf} + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B} * ${len} / $5::float8)))`;
    const candidates =
      source === 'rare'
        ? `select x.id from t, lateral (
             select c.id, c.token_estimate as len, ts_rank_cd(c.tsv_en, t.tq) * 10 as tf
             from chunks c join pages p on p.path = c.page where c.tsv_en @@ t.tq ${where}
           ) x where t.rare group by x.id order by sum(t.idf * ${bm25('x.tf', 'x.len')}) desc, x.id limit $6`
        : `select c.id from chunks c join pages p on p.path = c.page, cast($1::text as tsquery) as q
           where c.tsv_en @@ q ${where} order by c.token_estimate, c.id limit $6`;
    const r = await this.db.query<ChunkHitRow>(
      `with t as (
         select u.idf, u.rare, u.term::tsquery as tq
         from unnest($2::text[], $3::float8[], $4::bool[]) as u(term, idf, rare)
       ), cand as (${candidates}
       ), m as (
         select cand.id, sum(t.idf * ${bm25('y.tf', 'c.token_estimate')}) as rank
         from cand join chunks c on c.id = cand.id cross join t cross join lateral (select ts_rank_cd(c.tsv_en, t.tq) * 10 as tf) y
         where y.tf > 0 group by cand.id
       )
       select ${CHUNK_HIT_COLUMNS}, m.rank from m join chunks c on c.id = m.id join pages p on p.path = c.page
       where $1::text is not null order by m.rank desc, c.id limit $${params.length}`,
      params,
    );
    return r.rows.map(toChunkHit);
  }

  /**
   * Chunk count, mean chunk length and per-term document frequency for BM25, cached until the next write
   * (a vault changes far less often than it is searched).
   */
  private async termStats(terms: string[]): Promise<{ n: number; avgLen: number; df: Map<string, number> }> {
    if (this.keywordStats === null || this.keywordStats.generation !== this.generation) {
      const r = await this.db.query<{ n: number; a: number }>(
        'select count(*)::int as n, coalesce(avg(token_estimate), 0)::float8 as a from chunks',
      );
      this.keywordStats = { generation: this.generation, n: r.rows[0]?.n ?? 0, avgLen: Number(r.rows[0]?.a ?? 0), df: new Map() };
    }
    const cache = this.keywordStats;
    const unknown: string[] = [];
    const queries: string[] = [];
    for (const t of terms) {
      if (cache.df.has(t)) continue;
      const q = websearchTsquery(t);
      // Only stopwords or punctuation: matches nothing, and Postgres would log a notice for the empty query.
      if (q === '') cache.df.set(t, 0);
      else {
        unknown.push(t);
        queries.push(q);
      }
    }
    if (unknown.length > 0) {
      const r = await this.db.query<{ term: string; df: number }>(
        // The tsquery is cast once per term (in FROM), so the count is a GIN lookup, not a per-row call.
        `select u.term, (select count(*) from chunks c where c.tsv_en @@ u.q)::int as df
         from unnest($1::text[], $2::tsquery[]) as u(term, q)`,
        [unknown, queries],
      );
      for (const row of r.rows) cache.df.set(row.term, row.df);
      // A bounded cache: questions are varied, and a long-running plugin must not grow without limit.
      if (cache.df.size > 50_000) cache.df.clear();
    }
    return { n: cache.n, avgLen: cache.avgLen, df: new Map(terms.map((t) => [t, cache.df.get(t) ?? 0])) };
  }

  async titleSearch(query: string, limit: number): Promise<TitleHit[]> {
    const key = clean(nameKey(query));
    const max = limitOf(limit, 10);
    if (key === '' || max === 0) return [];
    const r = await this.db.query<{ path: string; title: string; name: string; exact: boolean; score: number }>(
      `select n.path, p.title, n.name, n.name_key = $1 as exact,
         case when n.name_key = $1 then 1 else similarity(n.name_key, $1) end as score
       from page_names n join pages p on p.path = n.path
       where n.name_key = $1 or n.name_key % $1
       order by score desc, n.kind desc, char_length(n.name_key), n.path limit $2`,
      [key, max * 4],
    );
    const best = new Map<string, TitleHit>();
    for (const row of r.rows) {
      if (!best.has(row.path)) best.set(row.path, { ...row, score: Number(row.score) });
    }
    return [...best.values()].slice(0, max);
  }

  async vectorSearch(options: VectorSearchOptions): Promise<ChunkHit[]> {
    const dims = validDims(options.vector.length);
    const limit = limitOf(options.limit, 20);
    if (limit === 0) return [];
    const params: unknown[] = [vectorLiteral(options.vector, dims), options.modelId];
    const where = filterConditions(options.filters, params);
    params.push(limit);
    const base = `from chunks c join pages p on p.path = c.page
       where c.embed_dims = ${dims} and c.embedding_model = $2 and c.embedding is not null ${where}`;

    if (!(await this.useIndex(options.modelId, dims))) {
      // No dims cast: the expression differs from the partial index's, so this is an exact scan.
      const r = await this.db.query<ChunkHitRow>(
        `select ${CHUNK_HIT_COLUMNS}, 1 - (c.embedding <=> $1::vector) as rank ${base}
         order by c.embedding <=> $1::vector, c.id limit $${params.length}`,
        params,
      );
      return r.rows.map(toChunkHit);
    }
    return this.db.transaction(async (tx) => {
      // Iterative scans keep filtered HNSW queries from returning fewer rows than asked for.
      await tx.exec(`set local hnsw.ef_search = ${Math.min(1000, Math.max(HNSW_MIN_EF_SEARCH, limit * 2))}`);
      await tx.exec(`set local hnsw.iterative_scan = relaxed_order`);
      const r = await tx.query<ChunkHitRow>(
        `select * from (
           select ${CHUNK_HIT_COLUMNS}, 1 - (c.embedding::vector(${dims}) <=> $1::vector(${dims})) as rank ${base}
           order by c.embedding::vector(${dims}) <=> $1::vector(${dims}) limit $${params.length}
         ) s order by rank desc, chunk_id`,
        params,
      );
      return r.rows.map(toChunkHit);
    });
  }

  private async useIndex(modelId: string, dims: number): Promise<boolean> {
    if (!this.indexedDims.has(dims)) return false;
    return (await this.countEmbedded(modelId, dims)) >= this.exactScanThreshold;
  }

  /** Cached until the next write: every vector search asks, and counting 50k rows costs ~50 ms. */
  private async countEmbedded(modelId: string | null, dims: number): Promise<number> {
    const key = `${modelId ?? ''}\u0000${dims}`;
    const hit = this.embeddedCounts.get(key);
    if (hit && hit.generation === this.generation) return hit.n;
    const r = await this.db.query<{ n: number }>(
      `select count(*)::int as n from chunks where embed_dims = $1 and embedding is not null
         and ($2::text is null or embedding_model = $2)`,
      [dims, modelId],
    );
    const n = r.rows[0]?.n ?? 0;
    this.embeddedCounts.set(key, { generation: this.generation, n });
    return n;
  }

  async findEntities(text: string, limit: number): Promise<EntityMatch[]> {
    const max = limitOf(limit, 20);
    const candidates = entityCandidates(clean(text));
    if (candidates.length === 0 || max === 0) return [];
    const r = await this.db.query<{ path: string; title: string; name: string }>(
      `select n.path, p.title, n.name from page_names n join pages p on p.path = n.path
       where n.name_key = any($1::text[]) and char_length(n.name_key) >= 2
       order by char_length(n.name_key) desc, n.path`,
      [candidates],
    );
    const seen = new Set<string>();
    const out: EntityMatch[] = [];
    for (const row of r.rows) {
      if (seen.has(row.path)) continue;
      seen.add(row.path);
      out.push(row);
      if (out.length >= max) break;
    }
    return out;
  }

  async relationEdges(query: RelationEdgeQuery): Promise<RelationEdge[]> {
    if (query.paths.length === 0) return [];
    const typed = query.types !== undefined && query.types.length > 0;
    // The logical subject is from_path for 'out' rows and to_path for 'in' rows.
    const subjectIn = `((l.direction = 'out' and l.from_path = any($1::text[])) or (l.direction = 'in' and l.to_path = any($1::text[])))`;
    const objectIn = `((l.direction = 'out' and l.to_path = any($1::text[])) or (l.direction = 'in' and l.from_path = any($1::text[])))`;
    const side = query.side === 'subject' ? subjectIn : query.side === 'object' ? objectIn : `(${subjectIn} or ${objectIn})`;
    const r = await this.db.query<{
      id: number;
      from_path: string;
      to_path: string;
      direction: string;
      type: string;
      source: RelationEdge['source'];
      evidence: string | null;
      context: string;
      line: number;
    }>(
      `select l.id, l.from_path, l.to_path, l.direction, l.type, l.source, l.evidence, l.context, l.line from links l
       where l.to_path is not null and ${side} and ($2::text[] is null or l.type = any($2::text[]))
       order by l.id limit $3`,
      [query.paths, typed ? query.types : null, limitOf(query.limit, 1000, 100_000)],
    );
    return r.rows.map((x) => ({
      linkId: x.id,
      note: x.from_path,
      subject: x.direction === 'out' ? x.from_path : x.to_path,
      object: x.direction === 'out' ? x.to_path : x.from_path,
      type: x.type,
      source: x.source,
      evidence: x.evidence,
      context: x.context,
      line: x.line,
    }));
  }

  async pageChunks(paths: string[], options: { perPage?: number; filters?: SearchFilters } = {}): Promise<ChunkHit[]> {
    if (paths.length === 0) return [];
    const params: unknown[] = [paths, limitOf(options.perPage, 1, 1000)];
    const where = filterConditions(options.filters, params);
    const r = await this.db.query<ChunkHitRow>(
      `select * from (
         select ${CHUNK_HIT_COLUMNS}, 0 as rank, row_number() over (partition by c.page order by c.ord, c.id) as n
         from chunks c join pages p on p.path = c.page where c.page = any($1::text[]) ${where}
       ) s where s.n <= $2 order by s.path, s.n`,
      params,
    );
    return r.rows.map(toChunkHit);
  }

  // ---- embedding store --------------------------------------------------------------------------------------

  async countPending(modelId: string): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      'select count(*)::int as n from chunks where embedding_model is distinct from $1',
      [modelId],
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * The text embedded is the heading path plus the chunk text, so a chunk keeps its section's context.
   * Keyset paging (`id > afterId`) walks the primary key once per run; re-asking for "the first pending
   * chunks" re-read every chunk embedded so far on each call (quadratic: ~16 s of 66 s on a 10k-note vault).
   */
  async nextPending(modelId: string, limit: number, afterId?: number): Promise<{ id: number; text: string }[]> {
    const max = limitOf(limit, 100);
    // Chunk ids are int4; a cursor outside that range means "before the first" or "after the last".
    const after = afterId !== undefined && !Number.isNaN(afterId) ? Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.floor(afterId))) : null;
    const r = await this.db.query<{ id: number; text: string }>(
      `select id, case when heading = '' then text else heading || E'\\n\\n' || text end as text
       from chunks where ($3::int is null or id > $3) and embedding_model is distinct from $1 order by id limit $2`,
      [modelId, max, after],
    );
    if (r.rows.length === 0 && max > 0) await this.finishEmbeddingRun();
    return r.rows;
  }

  /** The queue has drained: build the vector indexes whose build waited for it, tidy the full-text indexes. */
  private async finishEmbeddingRun(): Promise<void> {
    for (const dims of [...this.deferredIndexDims]) await this.ensureIndex(dims);
    if (this.embedWritesSinceGinClean === 0) return;
    // Each vector write rewrites its chunk row, so the row's full-text entries land in the GIN pending list
    // (up to 4 MB), which every keyword query then scans: measured on the 10k-note vault, query p50 31 ms
    // with the list left full, 20 ms after merging it (~0.8 s, once per run).
    await this.db.query(
      `select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam where i.indrelid = 'chunks'::regclass and a.amname = 'gin'`,
    );
    this.embedWritesSinceGinClean = 0;
  }

  async saveEmbeddings(
    modelId: string,
    dims: number,
    rows: { id: number; vector: Float32Array }[],
    options: SaveEmbeddingsOptions = {},
  ): Promise<void> {
    validDims(dims);
    if (rows.length === 0) return;
    const oids = await this.vectorTypeOids();
    const packed = encodeVectorArray(
      rows.map((r) => r.vector),
      dims,
      oids.element,
    );
    // PGlite sends a parameter in binary when its serializer returns bytes (it passes them to Bind as is);
    // the declared Serializer type says string, hence the cast.
    const binary = (x: unknown): string => x as string;
    await this.write((tx) =>
      tx.query(
        `update chunks c set embedding = u.v, embed_dims = $2, embedding_model = $1
         from unnest($3::int[], $4::vector[]) as u(id, v) where c.id = u.id`,
        [modelId, dims, rows.map((r) => r.id), packed],
        { serializers: { [oids.array]: binary } },
      ),
    );
    this.embedWritesSinceGinClean += rows.length;
    await this.syncStorage?.();
    // Vectors do not change row counts, so no ANALYZE here (it cost ~10 s of CPU per 10k-note run); the
    // index build below analyzes what vector search plans with.
    // Building the HNSW index once over all vectors is ~3x faster than building it at the threshold and then
    // inserting the rest one by one (measured, 47k x 100-d: 21 s bulk against ~60 s of inserts). So while an
    // embedding run has more to write, the build waits for nextPending to come back empty; until then (or if
    // the run is cut short) vector search scans exactly, which is correct, only slower.
    if (options.morePending === true && !this.indexedDims.has(dims)) this.deferredIndexDims.add(dims);
    else await this.ensureIndex(dims);
  }

  private async vectorTypeOids(): Promise<{ element: number; array: number }> {
    if (this.vectorOids) return this.vectorOids;
    const r = await this.db.query<{ element: number; array: number }>(
      `select oid::int8 as element, typarray::int8 as array from pg_type where oid = 'vector'::regtype`,
    );
    const row = r.rows[0];
    if (!row) throw new Error('the vector extension is not installed');
    this.vectorOids = row;
    return row;
  }

  /** Builds the partial HNSW index for these dims once enough vectors exist for it to pay off. */
  private async ensureIndex(dims: number): Promise<void> {
    if (this.indexedDims.has(dims) || dims > MAX_INDEXED_DIMS) return;
    if ((await this.countEmbedded(null, dims)) < this.exactScanThreshold) return;
    // DDL cannot take bind parameters; dims is a validated integer.
    await this.write((tx) =>
      tx.exec(
        `create index if not exists chunks_hnsw_${dims} on chunks
         using hnsw ((embedding::vector(${dims})) vector_cosine_ops)
         with (m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION}) where embed_dims = ${dims}`,
      ),
    );
    this.indexedDims.add(dims);
    this.deferredIndexDims.delete(dims);
    await this.db.exec('analyze chunks');
  }

  async markSkipped(modelId: string, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.write((tx) =>
      tx.query(
        'update chunks set embedding = null, embed_dims = null, embedding_model = $1 where id = any($2::int[])',
        [modelId, ids],
      ),
    );
    this.embedWritesSinceGinClean += ids.length;
  }

  // ---- file status -----------------------------------------------------------------------------------------

  async recordFileStatus(rows: FileStatusRow[]): Promise<void> {
    if (rows.length === 0) return;
    const now = Date.now();
    await this.write((tx) =>
      tx.query(
        `insert into files (path, status, reason, size, mtime, updated_at)
         select u.*, $6 from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[])
           as u(path, status, reason, size, mtime)
         on conflict (path) do update set status = excluded.status, reason = excluded.reason, size = excluded.size,
           mtime = excluded.mtime, updated_at = excluded.updated_at`,
        [
          rows.map((r) => clean(r.path)),
          rows.map((r) => r.status),
          rows.map((r) => (r.reason == null ? null : clean(r.reason))),
          rows.map((r) => r.size ?? null),
          rows.map((r) => r.mtime ?? null),
          now,
        ],
      ),
    );
  }

  async fileStatuses(options: { status?: FileStatus } = {}): Promise<StoredFileStatus[]> {
    const r = await this.db.query<StoredFileStatus>(
      `select path, status, reason, size, mtime, updated_at as "updatedAt" from files
       where $1::text is null or status = $1 order by path`,
      [options.status ?? null],
    );
    return r.rows;
  }

  async removeFileStatus(paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.write((tx) => tx.query('delete from files where path = any($1::text[])', [paths]));
  }

  // ---- meta ------------------------------------------------------------------------------------------------

  async getMeta(key: string): Promise<string | null> {
    const r = await this.db.query<{ value: string }>('select value from meta where key = $1', [key]);
    return r.rows[0]?.value ?? null;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.write((tx) =>
      tx.query(
        'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
        [clean(key), clean(value)],
      ),
    );
  }
}
