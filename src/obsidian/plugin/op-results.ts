// Names for the op results the panes read. Each is derived from the op's own definition in core (through
// core/ops/op-map.ts), never restated, so a field added to an op reaches the panes' types by itself.
import type { OpResult } from '../../core/ops';
import type { SearchResponse as FullSearchResponse, SearchResult } from '../../core/search/types';

/** The panes call search locally, which answers with full hits (remote callers get compact ones). */
export type SearchResponse = FullSearchResponse;
/** What the panes read of a hit (tests build them by hand); an empty heading and null both mean none. */
export type SearchHit = Pick<SearchResult, 'path' | 'title' | 'score' | 'snippet' | 'highlights' | 'startLine' | 'endLine' | 'why' | 'explain'> & {
  heading: SearchResult['heading'] | null;
  /** The engine's evidence tags (absent in hand-built hits). */
  evidence?: SearchResult['evidence'];
};

export type BacklinksResponse = OpResult<'backlinks'>;
export type BacklinkRow = BacklinksResponse['backlinks'][number];
export type LinksResponse = OpResult<'links'>;
export type OutgoingRow = LinksResponse['links'][number];
export type TraverseResponse = OpResult<'traverse'>;
export type TraverseNode = TraverseResponse['nodes'][number];
export type StatsResponse = OpResult<'stats'>;
export type StatusResponse = OpResult<'status'>;
export type StatusFile = StatusResponse['files'][number];
export type NoteResponse = OpResult<'get_note'>;
export type ThinkResponse = OpResult<'think'>;
export type ThinkGap = ThinkResponse['gaps'][number];
