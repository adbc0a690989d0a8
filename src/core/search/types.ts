// The contracts of hybrid search: what callers pass in and what every surface (CLI, MCP, plugin, think) gets
// back. JSON shapes are contracts: fields may be added, never renamed or dropped.
import type { BrainEngine, SearchFilters } from '../engine/brain-engine';
import type { Embedder } from '../embed/embedder';
import type { ChunkKind } from '../types';
import type { BudgetReport, SearchMode } from './modes';
import type { CreateSafetyReport } from './evidence';
import type { Reranker } from './rerank';
import type { QueryExpander } from './query-expansion';
import type { TimeWindow } from './temporal';

export type { SearchFilters };

export interface SearchDeps {
  engine: BrainEngine;
  /** null when embeddings are off (`none`): the vector arm is skipped. */
  embedder: Embedder | null;
  /** A configured reranker; used by `deep` mode only. */
  reranker?: Reranker | null;
  /** The chat model's query rewriting; used by `deep` mode only. */
  expander?: QueryExpander | null;
  /** Longest wait for one model stage (rerank, expansion) before the search goes on without it. */
  modelTimeoutMs?: number;
  /** How much the reranker's order counts against the fused order (default RERANK_MODEL_WEIGHT). */
  rerankWeight?: number;
  /** Notes that may reach a model (the vault's exclusions); everything when absent. */
  accepts?: (path: string) => boolean;
}

export interface SearchOptions {
  /** Results to return (default 10, max 200). */
  limit?: number;
  /** Results to skip, for paging (default 0). */
  offset?: number;
  filters?: SearchFilters;
  /** Attach an explain record to every result. */
  explain?: boolean;
  /** Today, for relative time words ("last week", 上周); the clock when absent. */
  now?: Date;
  /** `fast` (keyword + title), `balanced` (default) or `deep` (more candidates, two-hop augmentation). */
  mode?: SearchMode;
  /** Fit the page into about this many tokens (chunk texts cut first, then results dropped from the end). */
  tokenBudget?: number;
}

/**
 * The retrieval arms. `title` is the title/alias arm of keyword search, kept apart so it fuses on its own;
 * `dated` the notes dated inside a query's time window, earliest first; `expansion` the keyword hits of the chat
 * model's rewrites of the question (deep mode with a model; one list per rewrite).
 */
export type ArmName = 'keyword' | 'title' | 'vector' | 'graph' | 'dated' | 'expansion';

/** Where one arm ranked a note (1-based) and what it contributed to the fused score. */
export interface ArmRank {
  arm: ArmName;
  rank: number;
  /** The arm's raw score: BM25, cosine similarity, 1 for an exact title, edge evidence weight. */
  score: number;
  weight: number;
  /** weight / (k + rank). */
  contribution: number;
}

export interface Boost {
  name: 'title-exact' | 'backlinks' | 'timeline' | 'second-chunk';
  /** Multiplier applied to the fused score. */
  factor: number;
  detail?: string;
}

/** One link the graph arm walked, as a logical edge subject -> object. */
export interface EdgeWalked {
  subject: string;
  object: string;
  type: string;
  /** The note the link was written in, and its line. */
  note: string;
  line: number;
  evidence: string | null;
  /** The relation is stated in the past (`worked at`, `前CTO`). */
  past: boolean;
}

export interface ExplainRecord {
  arms: ArmRank[];
  /** Sum of the arms' contributions (Reciprocal Rank Fusion, k = 60). */
  rrf: number;
  boosts: Boost[];
  edges: EdgeWalked[];
  /** The query as each arm received it (keyword: the websearch text and mode used). */
  keywordQuery?: string;
  /** For the answers of a relation question: the edge evidence added to the score (orders answers first). */
  graphEvidence?: number;
  /** For a note dated inside the query's time window: its date, what dated it, and the lead added (date order). */
  dated?: { date: string; source: 'timeline' | 'note-date'; lead: number };
  /** For a note graph augmentation brought: the result it hangs off, how many hops, and the last edge walked. */
  augmented?: { anchor: string; hop: number; weight: number; edge: EdgeWalked };
  final: number;
}

export interface SearchResult {
  /** The source (vault) of a shared database the note is in; set when a search spans sources. */
  source?: string;
  path: string;
  title: string;
  score: number;
  heading: string;
  snippet: string;
  /** Words of the snippet the query matched (same stem, CJK bigrams), for the panes to mark. */
  highlights?: string[];
  startLine: number;
  endLine: number;
  /** null only for a note that has no chunks (an empty note found by its title or a typed edge). */
  chunkId: number | null;
  kind: ChunkKind | null;
  /** The chunk text (what `think` quotes). */
  text: string;
  /** Short badges: 'keyword', 'semantic', 'title', 'graph: works_at'. */
  why: string[];
  /**
   * Why the result is believable, strongest first: exact_title, alias_hit, graph_edge:<type>, keyword_exact (every
   * query word in the chunk), rare_term, high_vector, weak_semantic (found only by meaning, and not closely).
   */
  evidence: string[];
  /** The note was written by an agent through MCP (its `agent_written` tag); the evidence list says so too. */
  agentWritten?: boolean;
  explain?: ExplainRecord;
}

export interface EntityRef {
  path: string;
  title: string;
}

/** What the query asks, when it is a question about typed relations. */
export type QueryIntent =
  | {
      kind: 'relation';
      /** The relation type asked about (`works_at`, `founded`, ...). */
      relation: string;
      /** `subjects`: who/what stands on the subject side of the edge (who works at X); `objects`: where X works. */
      want: 'subjects' | 'objects';
      entity: EntityRef;
      /** `current` drops relations stated in the past (who works at X now). */
      tense: 'current' | 'any';
    }
  | { kind: 'connects'; entities: [EntityRef, EntityRef] }
  /** The query names a note by its title or an alias ("Alice Chen", "who is Alice"). */
  | { kind: 'entity'; entity: EntityRef; /** The title or alias the query wrote. */ name: string }
  /** The query names a time ("what happened in March 2024", 上周的会议); `event` when it also asks about one. */
  | { kind: 'temporal'; window: TimeWindow; event: boolean }
  /** The query asks about a meeting or something that happened, without naming a time ("when did we meet Acme"). */
  | { kind: 'event' }
  | { kind: 'general' };

export type IntentKind = QueryIntent['kind'];

export interface SearchResponse {
  query: string;
  results: SearchResult[];
  /** Always set by hybridSearch (`general` when nothing more specific was recognised). */
  intent?: QueryIntent;
  /** For queries that are a name: does a note for it exist (`exists`), probably under another name, or not. */
  create_safety?: CreateSafetyReport['create_safety'];
  create_safety_matches?: CreateSafetyReport['create_safety_matches'];
  mode?: SearchMode;
  /** Set when a token budget applied: what the answer cost and what was cut to fit. */
  budget?: BudgetReport;
  /** Arms that should have run and failed (the embedder is down or its breaker is open), with the reason. */
  skipped?: { vector?: string };
  /** With `explain`: the stages that ran, and why a stage was skipped or fell back. */
  pipeline?: PipelineExplain;
}

export interface PipelineExplain {
  mode: SearchMode;
  /** Stage name -> what it did (`ran`, `skipped: fast mode`, `12 neighbours from 3 anchors`...). */
  stages: Record<string, string>;
}
