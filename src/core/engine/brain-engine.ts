// The store contract every surface uses (indexer, search, think, ops, CLI, MCP). Paths are vault-relative with
// forward slashes and are the identity of a page.
import type { ChunkKind, EdgeCandidate, LinkSource, ParsedNote, ParseWarning } from '../types';
import type { KindEvidence } from '../links/infer-kind';
import type { MigrationOutcome } from './sql/migrations';
import type { IntegrityMode, IntegrityReport } from './integrity';

/**
 * One page of a note's links: rows `offset`..`offset + limit` in a stable order, leaving out rows whose other end
 * matches `hidden`. Absent limit means every row (internal callers that need them all).
 */
export interface LinkPage {
  limit?: number;
  offset?: number;
  hidden?: string[];
}

export interface PageMeta {
  mtime: number;
  size: number;
}

/**
 * Vectors computed with a page by a local embedder (no provider call), one per chunk of the note in order, null
 * for a chunk the model cannot represent (a zero vector: stored as skipped). A new chunk is written with its
 * vector, so it never waits in the embedding queue, and its row is not rewritten by a later vector write.
 */
export interface PageVectors {
  modelId: string;
  dims: number;
  vectors: (Float32Array | null)[];
}

/** One page of a batch write. */
export interface PageWrite {
  note: ParsedNote;
  meta: PageMeta;
  vectors?: PageVectors;
}

export interface PageRow {
  path: string;
  title: string;
  type: string;
  frontmatter: Record<string, unknown>;
  aliases: string[];
  tags: string[];
  compiledTruth: string;
  timeline: string;
  contentHash: string;
  mtime: number;
  size: number;
  indexedAt: number;
  warnings: ParseWarning[];
}

export interface PageState {
  path: string;
  contentHash: string;
  mtime: number;
  size: number;
}

export interface PageSummary {
  path: string;
  title: string;
  type: string;
  tags: string[];
  aliases: string[];
  mtime: number;
  size: number;
}

export interface ListPagesOptions {
  folder?: string;
  tag?: string;
  type?: string;
  limit?: number;
  offset?: number;
  /** `path` (default) or `recent`: last modified first. */
  orderBy?: 'path' | 'recent';
  /** Only notes modified at or after this time (ms since the epoch). */
  modifiedSince?: number;
  /** Only these notes. */
  paths?: string[];
  /** Leave out paths matching any of these regular expressions (case-insensitive), as `SearchFilters.hidden`. */
  hidden?: string[];
}

export interface Backlink {
  id: number;
  from: string;
  /** The link as written in `from` (`[[Acme|the company]]`). */
  raw: string;
  type: string;
  source: LinkSource;
  /** The frontmatter property or inline field holding the link, null for a body link. */
  field: string | null;
  context: string;
  line: number;
  direction: 'out' | 'in';
  past: boolean;
}

export interface OutgoingLink {
  id: number;
  /** Resolved target, null when dangling. */
  to: string | null;
  raw: string;
  targetText: string;
  type: string;
  source: LinkSource;
  line: number;
  context: string;
  field: string | null;
  direction: 'out' | 'in';
  past: boolean;
}

/** A stored link row: `from` is the note it was written in; `direction` says which way the relation points. */
export interface EdgeRow {
  from: string;
  to: string | null;
  type: string;
  source: LinkSource;
  direction: 'out' | 'in';
  /** The relation is over. */
  past: boolean;
  /** The link target as written (names a missing note). */
  targetText: string;
}

/** A stored link whose type depends on its two ends, with both ends' page types (null: target not indexed). */
export interface LinkTypingRow {
  id: number;
  fromPath: string;
  toPath: string | null;
  /** The link target as written (names a missing note). */
  targetText: string;
  fromType: string;
  toType: string | null;
  type: string;
  direction: 'out' | 'in';
  evidence: string | null;
  past: boolean;
  candidates: EdgeCandidate[];
}

export interface LinkTypeUpdate {
  id: number;
  type: string;
  direction: 'out' | 'in';
  evidence: string | null;
  past: boolean;
}

export interface DanglingLinkRow {
  id: number;
  fromPath: string;
  targetText: string;
}

export interface DanglingGroup {
  targetText: string;
  count: number;
  from: string[];
}

export interface LinkTargetUpdate {
  id: number;
  toPath: string | null;
}

/** A logical edge (subject -> object) used by traversal. */
export interface TraversalStep {
  linkId: number;
  from: string;
  to: string;
  type: string;
}

export interface TraverseOptions {
  start: string[];
  types?: string[];
  direction: 'out' | 'in' | 'both';
  /** Capped at 5. */
  depth: number;
  limit?: number;
}

export interface TraversalNode {
  path: string;
  /** Null when the path has no page row (a resolved target not indexed yet). */
  title: string | null;
  depth: number;
  /** The edges from a start node to this node, in walk order. */
  via: TraversalStep[];
}

export interface TimelineQuery {
  path?: string;
  /** Inclusive ISO dates `YYYY-MM-DD`. */
  since?: string;
  until?: string;
  limit?: number;
  /** Leave out the entries of paths matching any of these regular expressions, as `SearchFilters.hidden`. */
  hidden?: string[];
}

export interface TimelineRow {
  path: string;
  title: string;
  date: string;
  summary: string;
  line: number;
}

export interface DatedPagesQuery {
  /** Inclusive ISO dates `YYYY-MM-DD`. */
  since: string;
  until: string;
  limit?: number;
  /** Leave out paths matching any of these regular expressions, as `SearchFilters.hidden`. */
  hidden?: string[];
}

export interface DatedPage {
  path: string;
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
}

export interface EngineStats {
  pages: number;
  chunks: number;
  links: number;
  typedLinks: number;
  dangling: number;
  embeddedByModel: Record<string, number>;
  timelineEntries: number;
  pagesByType: Record<string, number>;
}

export interface SearchFilters {
  /** Vault folder, without trailing slash; matches everything below it. */
  folder?: string;
  /** Tag without `#`; matches nested tags (`project` matches `project/alpha`), case-insensitive. */
  tag?: string;
  type?: string;
  /** Restrict to these paths. */
  paths?: string[];
  /** Leave out these paths. */
  excludePaths?: string[];
  /** Leave out paths matching any of these regular expressions (case-insensitive): what a caller may not see. */
  hidden?: string[];
}

export interface KeywordSearchOptions {
  /** The user's query in websearch syntax, already passed through segmentQuery. */
  tsquery: string;
  mode: 'and' | 'or';
  limit: number;
  filters?: SearchFilters;
  /** Terms that only widen the query (synonyms, variants): they score, but a chunk need not hold them. */
  expansions?: string[];
}

export interface VectorSearchOptions {
  vector: Float32Array;
  modelId: string;
  limit: number;
  filters?: SearchFilters;
}

export interface ChunkHit {
  chunkId: number;
  path: string;
  title: string;
  heading: string;
  text: string;
  startLine: number;
  endLine: number;
  kind: ChunkKind;
  /** BM25 score for keyword hits, cosine similarity (1 - distance) for vector hits, 0 for pageChunks. */
  rank: number;
}

export interface TitleHit {
  path: string;
  title: string;
  /** The title or alias that matched. */
  name: string;
  exact: boolean;
  /** 1 for exact matches, trigram similarity otherwise. */
  score: number;
}

/** A stored link seen as a logical edge (subject -> object), with the words that typed it. */
export interface RelationEdge {
  linkId: number;
  /** The note the link was written in. */
  note: string;
  subject: string;
  object: string;
  type: string;
  source: LinkSource;
  /** `frontmatter: key_people`, `verb: co-founded`, `verb: worked at (past)`, `prior: …`, `page type: meeting`. */
  evidence: string | null;
  context: string;
  line: number;
}

export interface RelationEdgeQuery {
  /** Edges with one of these paths as subject (`subject`), as object (`object`), or either. */
  paths: string[];
  side: 'subject' | 'object' | 'either';
  /** Only these types (default: all). */
  types?: string[];
  limit?: number;
}

export interface EntityMatch {
  path: string;
  title: string;
  name: string;
}

export type FileStatus = 'indexed' | 'skipped' | 'failed';

export interface FileStatusRow {
  path: string;
  status: FileStatus;
  reason?: string | null;
  size?: number | null;
  mtime?: number | null;
}

export interface StoredFileStatus {
  path: string;
  status: FileStatus;
  reason: string | null;
  size: number | null;
  mtime: number | null;
  updatedAt: number;
}

/** The structural EmbeddingStore the embed queue drives. */
export interface EngineEmbeddingStore {
  countPending(modelId: string): Promise<number>;
  /** Pending chunks in ascending id order, those with an id above `afterId` when given (keyset paging). */
  nextPending(modelId: string, limit: number, afterId?: number): Promise<{ id: number; text: string }[]>;
  saveEmbeddings(modelId: string, dims: number, rows: { id: number; vector: Float32Array }[], options?: SaveEmbeddingsOptions): Promise<void>;
  markSkipped(modelId: string, ids: number[]): Promise<void>;
  /** An embedding run ended with nothing pending: build the vector indexes that waited for it. Reads never build. */
  finishEmbedding(): Promise<void>;
}

export interface SaveEmbeddingsOptions {
  /** More vectors of this run follow: index builds may wait until finishEmbedding. */
  morePending?: boolean;
}

/** A source stored in the database. */
export interface SourceSummary {
  source: string;
  pages: number;
}

export interface BrainEngine extends EngineEmbeddingStore {
  /** Which engine this is (embedded PGlite or a Postgres server); callers branch on it, never on classes. */
  readonly kind: 'pglite' | 'postgres';
  /** Where the rows live, safe to show: a data directory, `memory`, `idb://name`, or a server URL without its password. */
  readonly location: string;
  /** What happened to the schema on open; `needsRebuild` means every note must be re-indexed. */
  readonly openState: MigrationOutcome;
  /**
   * The source (vault) this engine reads and writes: every row carries one, paths are unique within it, and
   * every method works on this source's rows only. Several vaults can share one database this way.
   */
  readonly source: string;
  /** The sources stored in the database, with their page counts (this engine's own among them). */
  sources(): Promise<SourceSummary[]>;

  putPage(note: ParsedNote, meta: PageMeta): Promise<void>;
  putPages(batch: PageWrite[]): Promise<void>;
  /**
   * Notes known but not read yet (a first index writes them for every note at once, from note/parse-note.ts
   * provisionalNote): a page named by its file, found by keyword search on its name until putPages writes the parsed
   * note over it. mtime -1, so an interrupted run parses them next time. Existing pages are left as they are.
   */
  putProvisionalPages(notes: ParsedNote[]): Promise<void>;
  deletePage(path: string): Promise<void>;
  renamePage(from: string, to: string): Promise<void>;
  setLinkTargets(updates: LinkTargetUpdate[]): Promise<void>;
  /** Links with candidates written in or pointing at `paths` (all of them when null), for re-typing. */
  linkTypingRows(paths: string[] | null): Promise<LinkTypingRow[]>;
  setLinkTypes(updates: LinkTypeUpdate[]): Promise<void>;
  /** Links pointing at `paths` or at missing notes named by `missing`: what other notes say those notes are. */
  kindEvidence(paths: string[], missing: string[]): Promise<KindEvidence[]>;

  getPage(path: string): Promise<PageRow | null>;
  /** Every page's state, or only those of `paths`. */
  getPageStates(paths?: string[]): Promise<PageState[]>;
  listPages(options?: ListPagesOptions): Promise<PageSummary[]>;

  /** Links into `path`; a page (limit/offset in a stable order, hidden sources left out) when given. */
  backlinks(path: string, page?: LinkPage): Promise<Backlink[]>;
  /** Links out of `path`; a page (hidden targets left out) when given. */
  outgoingLinks(path: string, page?: LinkPage): Promise<OutgoingLink[]>;
  allEdges(): Promise<EdgeRow[]>;
  backlinkCounts(paths: string[]): Promise<Map<string, number>>;
  listDanglingLinks(): Promise<DanglingLinkRow[]>;
  /** Links to a path with no page (attachments, or notes gone before their page was written). */
  linksToUnstoredPaths(): Promise<(DanglingLinkRow & { toPath: string })[]>;
  /** Dangling links whose target text equals one of the candidates, case-insensitively. */
  danglingLinksTo(candidates: string[]): Promise<DanglingLinkRow[]>;
  danglingLinks(options?: { limit?: number }): Promise<DanglingGroup[]>;
  traverse(options: TraverseOptions): Promise<TraversalNode[]>;
  timeline(query?: TimelineQuery): Promise<TimelineRow[]>;
  /** Notes dated inside a window: a frontmatter `date`, else a title starting with a date (daily notes, meetings). */
  datedPages(query: DatedPagesQuery): Promise<DatedPage[]>;
  /** Counts; with `hidden`, as if the paths matching those patterns were not stored (links to them included). */
  stats(options?: { hidden?: string[] }): Promise<EngineStats>;

  keywordSearch(options: KeywordSearchOptions): Promise<ChunkHit[]>;
  titleSearch(query: string, limit: number): Promise<TitleHit[]>;
  vectorSearch(options: VectorSearchOptions): Promise<ChunkHit[]>;
  findEntities(text: string, limit: number): Promise<EntityMatch[]>;
  /** Resolved links touching the given pages, as logical edges with their evidence (graph search). */
  relationEdges(query: RelationEdgeQuery): Promise<RelationEdge[]>;
  /** The first chunks (by position) of each page that passes the filters, at most `perPage` per page. */
  pageChunks(paths: string[], options?: { perPage?: number; filters?: SearchFilters }): Promise<ChunkHit[]>;

  recordFileStatus(rows: FileStatusRow[]): Promise<void>;
  fileStatuses(options?: { status?: FileStatus }): Promise<StoredFileStatus[]>;
  removeFileStatus(paths: string[]): Promise<void>;

  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;

  /** Integrity checks of the stored rows (engine/integrity.ts); never throws for what it finds. */
  checkIntegrity(mode: IntegrityMode): Promise<IntegrityReport>;
  /** Marks the notes named by a report's `stale` problems for re-indexing; returns how many. */
  markForReindex(report: IntegrityReport): Promise<number>;

  /** Removes the source's pages, chunks, links, timeline, names and file status; its meta stays (tests, rebuild). */
  clear(): Promise<void>;
  /**
   * Persists pending writes when durability is relaxed; a no-op otherwise. `checkpoint`: the end of a long run, so
   * an engine that checkpoints itself (PGlite) writes the run's dirty pages now, not in the next small write.
   */
  flush(options?: { checkpoint?: boolean }): Promise<void>;
  close(): Promise<void>;
}
