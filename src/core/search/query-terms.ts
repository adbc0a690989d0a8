// Turns what a person typed into full-text terms. People ask questions ("how do I make a note show up when I
// hover over a link"): the question words carry no topic, and requiring every word (AND) finds nothing, so
// question stopwords are dropped before the terms become a web-search tsquery (text/tsquery.ts). Queries already written in
// websearch syntax (quotes, `-word`) are passed through as typed.
import { bigrams, hanUnigrams, hasCjk, segmentQuery } from '../text/segment';
import { CJK_STOPWORDS, EN_STOPWORDS } from './stopwords';
import { zhVariants } from './variants-zh';

export interface QueryTerms {
  /**
   * Websearch terms for the OR query: plain words, quoted phrases, each CJK word's overlapping bigrams and Han
   * characters, and the variants of Chinese words (variants-zh.ts).
   */
  terms: string[];
  /** Plain words, for snippets and highlighting (CJK words unsegmented). */
  words: string[];
  /** True when the query used websearch syntax and was kept as typed. */
  verbatim: boolean;
  /** The AND form (websearch text, segmented). */
  and: string;
  /** The terms in `terms` that are variants, not the question's own words. */
  expansions: string[];
}

// Quotes and `-word` are websearch syntax; a bare "or" is not treated as syntax, people write it in sentences.
const SYNTAX = /"|(^|\s)-[\p{L}\p{N}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+/gu;
const LATIN_WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;
/** Longest query we analyse; the rest is ignored (a pasted page is not a query). */
export const MAX_QUERY_CHARS = 2000;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string): Intl.Segmenter {
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, s);
  }
  return s;
}

/**
 * Words of a CJK run with stopwords dropped. The segmenter often splits an unknown word into single characters
 * (耗|时, 重|试, 赤|兔); adjacent single characters are joined back, and a single character left alone is
 * dropped (it would match nearly every note).
 */
export function cjkWords(run: string): string[] {
  const locale = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(run) ? 'ja' : 'zh';
  const out: string[] = [];
  let singles = '';
  const flush = (): void => {
    if (Array.from(singles).length >= 2) out.push(singles);
    singles = '';
  };
  for (const s of segmenter(locale).segment(run)) {
    if (!s.isWordLike) continue;
    const w = s.segment;
    if (CJK_STOPWORDS.has(w)) {
      flush();
      continue;
    }
    if (Array.from(w).length === 1) {
      singles += w;
      continue;
    }
    flush();
    out.push(w);
  }
  flush();
  return out;
}

function latinWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(LATIN_WORD)) {
    const w = m[0].toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
    if (w.length === 0 || EN_STOPWORDS.has(w)) continue;
    // Punctuation inside a token (`v1.2`, `e-mail`) is split by the lexer that builds the tsvectors too; keep
    // the token whole and let the tsquery builder split it the same way (as a phrase).
    out.push(w);
  }
  return out;
}

/** The query cut to MAX_QUERY_CHARS at a word boundary, trimmed. */
export function capQuery(query: string): string {
  if (query.length <= MAX_QUERY_CHARS) return query.trim();
  const cut = query.slice(0, MAX_QUERY_CHARS);
  const space = cut.search(/\s\S*$/);
  return (space > 0 ? cut.slice(0, space) : cut).trim();
}

export function queryTerms(query: string): QueryTerms {
  const q = capQuery(query);
  if (SYNTAX.test(q)) {
    const and = segmentQuery(q);
    const words = [...latinWords(q.replace(CJK_RUN, ' ')), ...[...q.matchAll(CJK_RUN)].map((m) => m[0])];
    return { terms: [and], words, verbatim: true, and, expansions: [] };
  }
  const words: string[] = [];
  const terms: string[] = [];
  // Keep the reading order of Latin and CJK parts.
  let last = 0;
  const pushLatin = (text: string): void => {
    for (const w of latinWords(text)) {
      words.push(w);
      terms.push(w);
    }
  };
  for (const m of q.matchAll(CJK_RUN)) {
    pushLatin(q.slice(last, m.index));
    last = m.index + m[0].length;
    // Each bigram is its own term, as CJK analyzers do: a question shares characters, not whole words, with
    // the note that answers it (删掉 vs 删除, 多少个字 vs 字数), and BM25's IDF weighs every bigram by its rarity.
    const kept = cjkWords(m[0]);
    for (const w of kept) {
      words.push(w);
      terms.push(...bigrams(w), ...hanUnigrams(w));
    }
    // A character the segmenter left alone (斜 in 变成斜的) is not a word, but it can be the one the answer
    // shares (斜体): it stays a character term, weighed by its IDF like the others.
    const covered = kept.join('');
    for (const c of hanUnigrams(m[0])) if (!covered.includes(c) && !CJK_STOPWORDS.has(c)) terms.push(c);
  }
  pushLatin(q.slice(last));
  const andTerms = [...new Set(terms)];
  // Variants only widen the OR query: a question needs its own words, not every synonym, to match all.
  for (const v of hasCjk(q) ? zhVariants(q) : []) {
    if (hasCjk(v)) terms.push(...bigrams(v));
    else terms.push(...latinWords(v));
  }
  const unique = [...new Set(terms)];
  // Everything was a stopword ("what is it"): search the words as typed rather than nothing.
  if (unique.length === 0 && q.length > 0) {
    const fallback = hasCjk(q) ? segmentQuery(q).trim() : q;
    return { terms: [fallback], words: [q], verbatim: false, and: fallback, expansions: [] };
  }
  const own = new Set(andTerms);
  return { terms: unique, words: [...new Set(words)], verbatim: false, and: andTerms.join(' '), expansions: unique.filter((t) => !own.has(t)) };
}
