// Public API of hybrid search.
export { hybridSearch, DEFAULT_LIMIT, MAX_LIMIT, MAX_CHUNKS_PER_NOTE } from './hybrid-search';
export { parseRelationAsk } from './relation-intent';
export type {
  ArmName,
  ArmRank,
  Boost,
  EdgeWalked,
  EntityRef,
  ExplainRecord,
  QueryIntent,
  SearchDeps,
  SearchFilters,
  SearchOptions,
  SearchResponse,
  SearchResult,
} from './types';
