// The keyword arm: Postgres full text over chunks (heading + text, CJK segmented at index time), ranked by BM25
// (engine/sql/keyword-ranker.ts), so a rare word counts for more than a common one. All the question's topic
// words are tried together first (AND); when that finds nothing the words are tried as alternatives (OR).
import type { BrainEngine, ChunkHit, SearchFilters } from '../engine/brain-engine';
import type { QueryTerms } from './query-terms';

export interface KeywordArmResult {
  hits: ChunkHit[];
  /** The websearch text of the query that produced the hits, and its mode. */
  query: string;
  mode: 'and' | 'or';
}

export async function keywordArm(engine: BrainEngine, terms: QueryTerms, limit: number, filters?: SearchFilters): Promise<KeywordArmResult> {
  const and = await engine.keywordSearch({ tsquery: terms.and, mode: 'and', limit, filters });
  if (and.length > 0 || terms.verbatim || terms.terms.length < 2) return { hits: and, query: terms.and, mode: 'and' };
  const orText = terms.terms.join(' ');
  const or = await engine.keywordSearch({ tsquery: orText, mode: 'or', limit, filters, expansions: terms.expansions });
  return { hits: or, query: orText, mode: 'or' };
}
