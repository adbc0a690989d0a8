// The title arm: notes whose title or alias the query names. An exact title/alias ranks first, then names
// that make up most of the query (longest first), then close titles (trigram similarity) for short queries.
// A name that is a small part of a long question is weak evidence: measured on the Obsidian Help questions,
// 16 of 21 such matches were wrong notes ("hide a folder from search results" names the note "Search").
import type { BrainEngine } from '../engine/brain-engine';
import { nameKey } from '../engine/names';
import { nameCloseness } from '../text/typo';
import type { RankedItem } from './rrf';

export interface TitleArmResult {
  items: RankedItem[];
  /** Notes whose title or alias equals the whole query. */
  exact: Set<string>;
  /** For exact notes: whether the query is the title or an alias. */
  exactBy: Map<string, 'title' | 'alias'>;
  /** Notes the arm found by one of their aliases (whole query or a name inside it). */
  byAlias: Set<string>;
}

const by = (n: { title: string; name: string }): 'title' | 'alias' => (nameKey(n.name) === nameKey(n.title) ? 'title' : 'alias');

/** Trigram similarity below this is noise for titles. */
const MIN_SIMILARITY = 0.45;
/** Share of the query's topic words a name must cover to count. */
const MIN_COVERAGE = 0.5;
/** Fuzzy title matching only for queries this short (in topic words); longer ones are questions, not names. */
const FUZZY_MAX_WORDS = 3;
/**
 * A close title whose every word the query typed within a typo's reach ("grpah view", "outlin") counts even when
 * its trigram similarity is low: short words lose most of their trigrams to one slip ("canvs"/"canvas" 0.44).
 * Scored below an exact name, by the share of the title's words matched.
 */
const TYPO_SCORE = 0.9;

/**
 * `topicWords` are the query's words without stopwords (from queryTerms); coverage is measured against them, so
 * "who is Alice Chen" is fully covered by the name "Alice Chen".
 */
export async function titleArm(engine: BrainEngine, query: string, topicWords: string[], limit: number, fuzzy = true): Promise<TitleArmResult> {
  const named = await engine.findEntities(query, limit);
  const exact = new Set<string>();
  const exactBy = new Map<string, 'title' | 'alias'>();
  const byAlias = new Set<string>();
  const key = nameKey(query);
  for (const n of named) {
    if (nameKey(n.name) !== key) continue;
    exact.add(n.path);
    // A note named by its title and an alias at once counts as its title.
    if (exactBy.get(n.path) !== 'title') exactBy.set(n.path, by(n));
  }
  // Trigram search (for misspelt names): only for short queries that name no note exactly. A misspelt word
  // does not stop the other words from matching (`file recvoery` still finds every note about files), so this
  // runs whether or not keyword search found anything.
  const close = fuzzy && exact.size === 0 && topicWords.length <= FUZZY_MAX_WORDS ? await engine.titleSearch(query, limit) : [];
  const items: RankedItem[] = [];
  for (const t of close) {
    if (!t.exact || exact.has(t.path)) continue;
    exact.add(t.path);
    exactBy.set(t.path, by(t));
  }
  for (const path of exact) items.push({ key: path, score: 1 });
  const topic = topicWords.join(' ');
  const topicLength = Math.max(1, topic.length);
  for (const n of named) {
    if (exact.has(n.path)) continue;
    const coverage = Math.min(1, n.name.length / topicLength);
    if (coverage < MIN_COVERAGE) continue;
    items.push({ key: n.path, score: coverage });
    if (by(n) === 'alias') byAlias.add(n.path);
  }
  const typed = nameKey(topicWords.join(' ')) || key;
  const fuzzyItems: RankedItem[] = [];
  for (const t of close) {
    if (t.exact) continue;
    const typo = TYPO_SCORE * nameCloseness(typed, nameKey(t.name));
    const score = Math.max(typo, t.score >= MIN_SIMILARITY ? t.score : 0);
    if (score > 0) fuzzyItems.push({ key: t.path, score });
  }
  items.push(...fuzzyItems.sort((a, b) => b.score - a.score));
  for (const [path, how] of exactBy) if (how === 'alias') byAlias.add(path);
  return { items, exact, exactBy, byAlias };
}
