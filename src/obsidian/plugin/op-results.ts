// The shapes of the operation results the panes read (the ops' JSON contracts; fields may be added).
import type { EngineStats } from '../../core/engine/brain-engine';
import type { StoreRecovery } from '../../core/engine/open-checked';
import type { ThinkOpResult } from '../../core/ops/think-op';
import type { Gap } from '../../core/think/types';

export interface SearchHit {
  path: string;
  title: string;
  score: number;
  heading: string | null;
  snippet: string;
  startLine: number;
  endLine: number;
  /** Why it matched: 'keyword', 'semantic', 'title', 'graph: works_at', ... */
  why: string[];
  explain?: unknown;
}

export interface SearchResponse {
  query: string;
  results: SearchHit[];
}

export interface SearchParams {
  query: string;
  limit: number;
  folder?: string;
  tag?: string;
  type?: string;
}

export interface BacklinkRow {
  from: string;
  type: string;
  context: string;
  line: number;
  source: string;
  direction: 'out' | 'in';
}

export interface BacklinksResponse {
  note: string;
  backlinks: BacklinkRow[];
}

export interface OutgoingRow {
  to: string | null;
  raw: string;
  type: string;
  source: string;
  line: number;
  context: string;
  targetText: string;
  field: string | null;
  direction: 'out' | 'in';
}

export interface LinksResponse {
  note: string;
  links: OutgoingRow[];
}

export interface TraverseNode {
  path: string;
  title: string | null;
  depth: number;
  via: { linkId: number; from: string; to: string; type: string }[];
}

export interface TraverseResponse {
  note: string;
  nodes: TraverseNode[];
}

export type StatsResponse = EngineStats;

export interface StatusFile {
  path: string;
  status: 'indexed' | 'skipped' | 'failed';
  reason: string | null;
  size: number;
}

export interface StatusResponse {
  lastIndexedAt: string | null;
  indexed: number;
  skipped: number;
  failed: number;
  withWarnings: number;
  files: StatusFile[];
  embedder: string | null;
  /** The last time a damaged index was replaced by a fresh one and rebuilt from the notes. */
  lastRecovery?: StoreRecovery | null;
}

export interface NoteResponse {
  path: string;
  title: string;
  type: string;
  aliases: string[];
  tags: string[];
  totalChars: number;
}

/** The think op's result as the pane reads it (core's JSON contract). */
export type ThinkResponse = ThinkOpResult;
export type ThinkGap = Gap;
