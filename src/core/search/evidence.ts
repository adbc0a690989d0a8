// Why a result is believable, as short tags an agent or a badge can read, and whether a note for what the
// query names already exists (so a `create_note` caller does not write a duplicate under another name).
import type { BrainEngine, ChunkHit, TitleHit } from '../engine/brain-engine';
import { nameKey } from '../engine/names';
import { nameCloseness } from '../text/typo';
import { entityText } from './intent';
import type { QueryIntent } from './types';

export { EVIDENCE_ORDER, strongestEvidence } from './evidence-order';

/**
 * A vector hit this close to the query, and among the arm's first three, is strong semantic evidence. Cosine
 * similarity of the built-in embedder runs lower than a provider's, so the bar is relative to the best hit.
 */
const HIGH_VECTOR_RANK = 3;
const HIGH_VECTOR_SHARE = 0.9;
/** And never below this cosine similarity: the best of poor matches is still a poor match. */
const HIGH_VECTOR_MIN = 0.5;
/** A query word in at most this share of the keyword candidates' notes (and at most 3) is rare among them. */
const RARE_SHARE = 0.1;
const RARE_MAX_NOTES = 3;
/** Candidate notes needed before "rare among them" means anything. */
const RARE_MIN_NOTES = 10;

export interface EvidenceInput {
  /** Whole query equals this note's title (exact_title) or one of its aliases (alias_hit). */
  exactName?: 'title' | 'alias';
  /** The title arm matched one of the note's aliases inside the query. */
  aliasNamed: boolean;
  chunk: ChunkHit | undefined;
  /** Query topic words (lower case). */
  words: string[];
  rareWords: Set<string>;
  /** 1-based vector rank, cosine similarity and its share of the best hit's, when the vector arm found the note. */
  vector?: { rank: number; similarity: number; share: number };
  /**
   * Something besides the vector arm found the note: its words or name (keyword, title, the model's rewrites) or
   * its date inside the asked window. Only a note the vector arm alone found can be a weak semantic match.
   */
  foundOtherwise: boolean;
  graphTypes: string[];
}

const contains = (haystack: string, word: string): boolean => haystack.includes(word.toLowerCase());

export function evidenceTags(input: EvidenceInput): string[] {
  const tags: string[] = [];
  if (input.exactName === 'title') tags.push('exact_title');
  if (input.exactName === 'alias' || input.aliasNamed) tags.push('alias_hit');
  for (const t of new Set(input.graphTypes)) tags.push(`graph_edge:${t}`);
  const text = input.chunk ? `${input.chunk.title}\n${input.chunk.heading}\n${input.chunk.text}`.toLowerCase() : '';
  if (text && input.words.length > 0 && input.words.every((w) => contains(text, w))) tags.push('keyword_exact');
  if (text && [...input.rareWords].some((w) => contains(text, w))) tags.push('rare_term');
  const v = input.vector;
  if (v && v.rank <= HIGH_VECTOR_RANK && v.share >= HIGH_VECTOR_SHARE && v.similarity >= HIGH_VECTOR_MIN) tags.push('high_vector');
  else if (v && !input.foundOtherwise && input.graphTypes.length === 0) tags.push('weak_semantic');
  return tags;
}

/**
 * The note an entity query names, and whether by its title or an alias: with the question's wrapping removed
 * ("who is Alice Chen", 介绍一下王伟) the query is that name, so the note gets exact_title / alias_hit as if the
 * name alone had been typed (the title arm compares the query as typed).
 */
export function entityNaming(intent: QueryIntent): { path: string; as: 'title' | 'alias' } | undefined {
  if (intent.kind !== 'entity') return undefined;
  return { path: intent.entity.path, as: nameKey(intent.name) === nameKey(intent.entity.title) ? 'title' : 'alias' };
}

/**
 * Query words found in few of the keyword candidates' notes, while another query word is found in many: the
 * words that pick the answer out ("the Helios summit" among words every profile shares).
 */
export function rareWords(words: string[], hits: ChunkHit[]): Set<string> {
  const notes = new Map<string, string>();
  for (const h of hits) notes.set(h.path, `${notes.get(h.path) ?? ''}\n${h.title}\n${h.text}`.toLowerCase());
  const out = new Set<string>();
  if (notes.size < RARE_MIN_NOTES || words.length < 2) return out;
  const counts = words.map((w) => [w, [...notes.values()].filter((t) => contains(t, w)).length] as const);
  const max = Math.max(...counts.map(([, c]) => c));
  const bar = Math.min(RARE_MAX_NOTES, Math.floor(notes.size * RARE_SHARE));
  for (const [w, c] of counts) if (c > 0 && c <= bar && max > bar) out.add(w);
  return out;
}

export type CreateSafety = 'exists' | 'probable' | 'unknown';

export interface CreateSafetyReport {
  create_safety: CreateSafety;
  /** The notes behind `exists`/`probable`: their path, title and the name that matched. */
  create_safety_matches: { path: string; title: string; name: string; closeness: number }[];
}

/**
 * A question without its question mark ("when did we meet Northwind", 怎么导出PDF) is not a name to create either:
 * it opens with a question word, or (Chinese) holds one. Not "will" or "can": they are first names too.
 */
const QUESTION = /^(?:who|whom|whose|what|when|where|why|how|which|did|does|do|is|are|was|were|could|should|would)\b|什么|怎么|怎样|为什么|为何|哪|谁|几时|多少|吗$|呢$/iu;
/** Longest name (in words) we judge: longer queries are questions, not names to create. */
const ENTITY_MAX_WORDS = 6;
/** A close name at least this similar is probably the same entity under another spelling. */
const PROBABLE_CLOSENESS = 0.75;

/**
 * Whether a note for what the query names exists: `exists` when a title or alias is exactly the name,
 * `probable` when a title or alias is close (a typo, an initial, another order of the words) or holds every
 * word of the name, `unknown` otherwise. Undefined for queries that are not names (long questions).
 */
export async function createSafety(engine: BrainEngine, query: string): Promise<CreateSafetyReport | undefined> {
  const name = entityText(query);
  const key = nameKey(name);
  const words = key.split(' ').filter(Boolean);
  if (words.length === 0 || words.length > ENTITY_MAX_WORDS || /[?？]/u.test(query) || QUESTION.test(name)) return undefined;
  const named = await engine.findEntities(name, 10);
  const exact = named.filter((n) => nameKey(n.name) === key);
  if (exact.length > 0) return { create_safety: 'exists', create_safety_matches: exact.map((n) => ({ path: n.path, title: n.title, name: n.name, closeness: 1 })) };
  const close: TitleHit[] = await engine.titleSearch(name, 10);
  const matches = new Map<string, CreateSafetyReport['create_safety_matches'][number]>();
  for (const t of close) {
    const k = nameKey(t.name);
    const kWords = k.split(' ');
    const closeness = Math.max(nameCloseness(key, k), t.score, sameWords(words, kWords) ? 1 : 0);
    if (closeness >= PROBABLE_CLOSENESS || coversName(words, kWords)) {
      const prev = matches.get(t.path);
      if (!prev || closeness > prev.closeness) matches.set(t.path, { path: t.path, title: t.title, name: t.name, closeness });
    }
  }
  const list = [...matches.values()].sort((a, b) => b.closeness - a.closeness || (a.path < b.path ? -1 : 1));
  return list.length > 0 ? { create_safety: 'probable', create_safety_matches: list } : { create_safety: 'unknown', create_safety_matches: [] };
}

/** "Chen Alice" and "Alice Chen". */
function sameWords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.length > 1 && [...a].sort().join(' ') === [...b].sort().join(' ');
}

/**
 * A name of two or more words all inside the other name ("Alice Chen" in "Dr. Alice Chen"), or a single-word
 * name that is a whole word of a longer name ("Acme" for "Acme Robotics").
 */
function coversName(query: string[], name: string[]): boolean {
  const set = new Set(name);
  if (query.length >= 2) return query.every((w) => set.has(w));
  const [only] = query;
  return only !== undefined && only.length >= 3 && set.has(only);
}
