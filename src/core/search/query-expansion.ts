// The optional query-expansion stage of `deep` search (issue 12): the configured chat model rewrites the question
// into 2-3 short keyword queries (synonyms, the words a note would use, names the question implies); each runs
// through the keyword arm and joins the fusion as its own ranked list (arm `expansion`). Only the question is
// sent, never note text. The model's answer is untrusted: only short plain lines become queries, as keywords
// (no search syntax), and a failure or timeout leaves the search as it was, saying why in explain.
import type { BrainEngine, ChunkHit, SearchFilters } from '../engine/brain-engine';
import { errorMessage } from '../errors';
import { dropInvisible, neutralizeTitle } from '../think/neutralize';
import type { ChatModel } from '../think/types';
import { forEachLexeme } from '../text/lexemes';
import { keywordArm } from './keyword-arm';
import { queryTerms, type QueryTerms } from './query-terms';
import { withTimeout } from '../util/with-timeout';

/**
 * The expansion arm's weight in the fusion, shared by its queries (each rewrite's list weighs this / their count),
 * so the rewrites together count as much as the question's own keyword arm and never outvote it and the others.
 */
export const EXPANSION_WEIGHT = 1;
/** Most queries taken from the model's answer. */
export const MAX_EXPANSIONS = 3;
/** Longest line taken as a query, in characters and in words: a keyword query is short; longer is prose. */
const MAX_EXPANSION_CHARS = 120;
const MAX_EXPANSION_WORDS = 10;
/** Tokens the model may answer with: a few short lines. */
const MAX_EXPANSION_TOKENS = 150;

export interface QueryExpander {
  id: string;
  /** Up to MAX_EXPANSIONS keyword queries for the question (none is a valid answer). */
  expand(question: string, signal?: AbortSignal): Promise<string[]>;
}

export const EXPANSION_SYSTEM_PROMPT = [
  'You rewrite a search question about a person\'s notes into keyword queries for a full-text search engine.',
  'Write 2 or 3 queries, one per line, each a few keywords: the words a note answering the question would contain, synonyms, and names the question implies.',
  'Keep the question\'s language (write Chinese queries for a Chinese question).',
  'No numbering, no quotes, no explanations, nothing else.',
].join('\n');

/** The chat model as a query expander: one unstreamed call per question. */
export function chatExpander(model: ChatModel): QueryExpander {
  return {
    id: `expand:${model.id}`,
    async expand(question, signal) {
      const text = await model.complete({
        system: EXPANSION_SYSTEM_PROMPT,
        user: `Question: ${neutralizeTitle(question, 400)}`,
        maxTokens: MAX_EXPANSION_TOKENS,
        signal,
        stream: false,
      });
      return parseExpansions(text, question);
    },
  };
}

/**
 * The keyword queries in a model's answer: one per line, list markers and quotes dropped, search syntax and
 * markup characters removed, long lines (prose, an injected instruction) and repeats of the question skipped.
 */
export function parseExpansions(answer: string, question: string): string[] {
  const seen = new Set([question.trim().toLowerCase()]);
  const out: string[] = [];
  for (const raw of dropInvisible(answer.normalize('NFKC')).split('\n')) {
    const line = raw
      .replace(/^\s*(?:[-*•·]|\d+[.)]|query\s*\d*\s*:)\s*/i, '')
      .replace(/["“”'`[\]{}()<>|\\]/g, ' ')
      // A leading minus is websearch's "without": keywords only.
      .replace(/(^|\s)-+(?=\S)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    if (!line || line.length > MAX_EXPANSION_CHARS || line.split(' ').length > MAX_EXPANSION_WORDS || !/[\p{L}\p{N}]/u.test(line)) continue;
    const key = line.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(line);
    if (out.length === MAX_EXPANSIONS) break;
  }
  return out;
}

/**
 * Starts the model call for `question`, bounded by `timeoutMs`. Started before the arms run, so its latency
 * overlaps theirs; a rejection is only ever read by expansionArms, never left unhandled.
 */
export function startExpansion(expander: QueryExpander, question: string, timeoutMs: number | undefined): Promise<string[]> {
  const expanding = withTimeout((signal) => expander.expand(question, signal), timeoutMs);
  expanding.catch(() => undefined);
  return expanding;
}

export interface ExpansionOutcome {
  /** Each expanded query with its keyword hits, best first. */
  queries: { query: string; hits: ChunkHit[] }[];
  /** The stage's explain line. */
  stage: string;
}

/**
 * What a keyword query searches for: its terms' stemmed lexemes (CJK terms pass unchanged), as one sorted key.
 * Two queries with the same key run the same keyword search whatever their word order or inflection.
 */
export function keywordKey(terms: QueryTerms): string {
  const lexemes = new Set<string>();
  for (const t of terms.terms) forEachLexeme(t, (l) => lexemes.add(l));
  return [...lexemes].sort().join(' ');
}

/**
 * Runs the model call (started by the caller, so it overlaps the arms) and the keyword arm for each query it
 * returned. A rewrite that searches exactly the question's own keywords (the same lexemes: a model that echoes the
 * question, reorders or inflects it) is skipped: its list would be the keyword arm's again, and fusing it twice
 * only doubles the keyword arm's weight against the vector, title and graph arms, which re-orders near-ties with
 * nothing learned (the lexical stand-in's rewrites, dev halves: "does my company have to pay to use Obsidian at
 * work?" lost its right first answer that way). A failure leaves no queries and says why.
 */
export async function expansionArms(
  engine: BrainEngine,
  expanding: Promise<string[]>,
  depth: number,
  filters: SearchFilters | undefined,
  question?: QueryTerms,
): Promise<ExpansionOutcome> {
  let queries: string[];
  try {
    queries = await expanding;
  } catch (e) {
    return { queries: [], stage: `fell back to the question alone: ${errorMessage(e)}` };
  }
  if (queries.length === 0) return { queries: [], stage: 'the model gave no usable query' };
  // A question in search syntax ("exact phrase", -word) runs another search than its bare words do.
  const seen = new Set(question && !question.verbatim ? [keywordKey(question)] : []);
  const out: ExpansionOutcome['queries'] = [];
  let repeats = 0;
  for (const query of queries) {
    const terms = queryTerms(query);
    if (terms.terms.length === 0) continue;
    const key = keywordKey(terms);
    if (seen.has(key)) {
      repeats++;
      continue;
    }
    seen.add(key);
    out.push({ query, hits: (await keywordArm(engine, terms, depth, filters)).hits });
  }
  const skipped = repeats > 0 ? `${repeats} skipped: the question's own keywords` : '';
  if (out.length === 0) return { queries: [], stage: skipped ? `no new query (${skipped})` : 'the model gave no usable query' };
  return { queries: out, stage: `${out.length} queries: ${out.map((q) => `${q.query} (${q.hits.length} chunks)`).join(' | ')}${skipped ? `; ${skipped}` : ''}` };
}
