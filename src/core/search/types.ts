// The contracts of hybrid search: what callers pass in and what every surface (CLI, MCP, plugin, think) gets
// back. JSON shapes are contracts: fields may be added, never renamed or dropped.
import type { BrainEngine, SearchFilters } from '../engine/brain-engine';
import type { Embedder } from '../embed/embedder';
import type { ChunkKind } from '../types';

export type { SearchFilters };

export interface SearchDeps {
  engine: BrainEngine;
  /** null when embeddings are off (`none`): the vector arm is skipped. */
  embedder: Embedder | null;
}

export interface SearchOptions {
  /** Results to return (default 10, max 200). */
  limit?: number;
  /** Results to skip, for paging (default 0). */
  offset?: number;
  filters?: SearchFilters;
  /** Attach an explain record to every result. */
  explain?: boolean;
}

/** The retrieval arms. `title` is the title/alias arm of keyword search, kept apart so it fuses on its own. */
export type ArmName = 'keyword' | 'title' | 'vector' | 'graph';

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
  final: number;
}

export interface SearchResult {
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
  | { kind: 'connects'; entities: [EntityRef, EntityRef] };

export interface SearchResponse {
  query: string;
  results: SearchResult[];
  intent?: QueryIntent;
}
