// The title arm: notes whose title or alias the query names. An exact title/alias ranks first, then names
// that make up most of the query (longest first), then close titles (trigram similarity) for short queries.
// A name that is a small part of a long question is weak evidence: measured on the Obsidian Help questions,
// 16 of 21 such matches were wrong notes ("hide a folder from search results" names the note "Search").
import type { BrainEngine } from '../engine/brain-engine';
import { nameKey } from '../engine/names';
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
const FUZZY_MAX_WORDS = 3;

/**
 * `topicWords` are the query's words without stopwords (from queryTerms); coverage is measured against them, so
 * "who is Alice Chen" is fully covered by the name "Alice Chen".
 */
export async function titleArm(engine: BrainEngine, query: string, topicWords: string[], limit: number, fuzzy = true): Promise<TitleArmResult> {
  const named = await engine.findEntities(query, limit);
  const exact = new Set<string>();
  const key = nameKey(query);
  for (const n of named) if (nameKey(n.name) === key) exact.add(n.path);
  // Trigram search (for misspelt names) costs 50-120 ms on a 10k-note vault: only when asked (`fuzzy`: the
  // caller found nothing else) and for short queries that name no note exactly.
  const close = fuzzy && exact.size === 0 && topicWords.length <= FUZZY_MAX_WORDS ? await engine.titleSearch(query, limit) : [];
  const items: RankedItem[] = [];
  for (const t of close) if (t.exact) exact.add(t.path);
  for (const path of exact) items.push({ key: path, score: 1 });
  const topic = topicWords.join(' ');
  const topicLength = Math.max(1, topic.length);
  for (const n of named) {
    if (exact.has(n.path)) continue;
    const coverage = Math.min(1, n.name.length / topicLength);
    if (coverage >= MIN_COVERAGE) items.push({ key: n.path, score: coverage });
  }
  for (const t of close) if (!t.exact && t.score >= MIN_SIMILARITY) items.push({ key: t.path, score: t.score });
  return { items, exact };
}
