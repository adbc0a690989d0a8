// The title arm: notes whose title or alias the query names. An exact title/alias ranks first, then names
// that make up most of the query (longest first), then close titles (trigram similarity) for short queries.
// A name that is a small part of a long question is weak evidence: measured on the Obsidian Help questions,
// 16 of 21 such matches were wrong notes ("hide a folder from search results" names the note "Search").
import type { BrainEngine } from '../engine/brain-engine';
import type { RankedItem } from './rrf';

export interface TitleArmResult {
  items: RankedItem[];
  /** Notes whose title or alias equals the whole query. */
  exact: Set<string>;
}

/** Trigram similarity below this is noise for titles. */
const MIN_SIMILARITY = 0.45;
/** Share of the query's topic words a name must cover to count. */
const MIN_COVERAGE = 0.5;
/** Fuzzy title matching only for queries this short (in topic words); longer ones are questions, not names. */
const FUZZY_MAX_WORDS = 4;

/**
 * `topicWords` are the query's words without stopwords (from queryTerms); coverage is measured against them, so
 * "who is Alice Chen" is fully covered by the name "Alice Chen".
 */
export async function titleArm(engine: BrainEngine, query: string, topicWords: string[], limit: number): Promise<TitleArmResult> {
  const [close, named] = await Promise.all([engine.titleSearch(query, limit), engine.findEntities(query, limit)]);
  const items: RankedItem[] = [];
  const exact = new Set<string>();
  for (const t of close) {
    if (!t.exact) continue;
    exact.add(t.path);
    items.push({ key: t.path, score: 1 });
  }
  const topic = topicWords.join(' ');
  const topicLength = Math.max(1, topic.length);
  for (const n of named) {
    const coverage = Math.min(1, n.name.length / topicLength);
    if (coverage >= MIN_COVERAGE) items.push({ key: n.path, score: coverage });
  }
  if (topicWords.length <= FUZZY_MAX_WORDS) {
    for (const t of close) if (!t.exact && t.score >= MIN_SIMILARITY) items.push({ key: t.path, score: t.score });
  }
  return { items, exact };
}
