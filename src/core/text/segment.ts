// CJK word segmentation for full-text search. Postgres' `simple` parser treats a run of Han/kana/Hangul as one
// giant "word", so unsegmented Chinese never matches a shorter query. We split CJK runs into words with
// Intl.Segmenter before text is turned into lexemes (lexemes.ts), and add the run's overlapping character bigrams.
//
// Why bigrams too (measured on 10 Chinese sentences, 442 substring queries of 2-5 characters): the
// segmenter is context-dependent (`字节跳动` alone -> 字节|跳动, inside `投资了字节跳动` -> 字|节|跳动), so
// query words matched index words for only 39% of substrings (44% with bigrams in the index but words in the
// query). Queries that are whole sequences of the document's words matched 100% either way. Turning each query
// CJK run into a phrase of its bigrams, against an index holding every bigram, matches every substring of two
// or more characters by construction, and the phrase (`<->`) keeps it precise: `"后台 台任 任务"` only matches
// where the three bigrams are adjacent, i.e. where 后台任务 occurs. Index words keep single-character matches
// and give BM25 real words to score.

// Kana/Han/Hangul by Script (not Script_Extensions, which would pull in CJK punctuation like 。and 「), plus the
// prolonged sound mark ー (Script=Common) which lives inside katakana words.
const CJK_CHAR = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u30FC';
const HAS_CJK = new RegExp(`[${CJK_CHAR}]`, 'u');
const CJK_RUN = new RegExp(`[${CJK_CHAR}]+`, 'gu');
const HAS_KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(locale: string): Intl.Segmenter {
  let seg = segmenters.get(locale);
  if (!seg) {
    seg = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, seg);
  }
  return seg;
}

/** True when the text holds at least one Han, kana or Hangul character. */
export function hasCjk(text: string): boolean {
  return HAS_CJK.test(text);
}

function localeOf(text: string): string {
  // Kanji-only runs are ambiguous; any kana in the text means Japanese. Hangul segments fine under either.
  return HAS_KANA.test(text) ? 'ja' : 'zh';
}

/**
 * ICU's dictionary segmenter goes superlinear on long runs (measured: 40k characters 0.7 s, 100k characters
 * did not finish in 5 minutes), so runs are segmented in slices. A word cut at a slice seam is still
 * findable through the run's bigrams.
 */
const SEGMENT_SLICE = 256;

function words(run: string, segmenter: Intl.Segmenter): string[] {
  const out: string[] = [];
  for (let i = 0; i < run.length; i += SEGMENT_SLICE) {
    // Never split a surrogate pair (rare CJK extension characters live outside the BMP).
    let end = Math.min(run.length, i + SEGMENT_SLICE);
    if (end < run.length && /[\uD800-\uDBFF]/.test(run[end - 1]!)) end++;
    for (const s of segmenter.segment(run.slice(i, end))) {
      if (s.isWordLike) out.push(s.segment);
    }
    i = end - SEGMENT_SLICE;
  }
  return out;
}

/** Overlapping character bigrams of a CJK run (none for a single character). */
export function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length < 2) return [];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

const HAN = /\p{Script=Han}/u;

/**
 * The Han characters of a CJK run, each once (kana and Hangul characters alone carry no meaning). A question and
 * its answer often share a character but no bigram (删掉/删除, 多少个字/字数), as Lucene's CJK bigram filter with
 * unigrams keeps them; IDF makes a common character (笔, 的) worth little.
 */
export function hanUnigrams(run: string): string[] {
  return [...new Set(Array.from(run).filter((c) => HAN.test(c)))];
}

/**
 * Text for the index (tsvectorLiteral): each CJK run becomes its words, its overlapping bigrams and its Han
 * characters, space-separated. Everything else is returned untouched (the fast path returns the input itself).
 */
export function segmentForIndex(text: string): string {
  if (!HAS_CJK.test(text)) return text;
  const segmenter = segmenterFor(localeOf(text));
  return text.replace(CJK_RUN, (run) => {
    const w = words(run, segmenter);
    const b = bigrams(run);
    // A two-character run that is one word would only repeat itself as its bigram; a character the segmenter
    // returned as a word is already there. Bigrams stay last, next to the text after the run, for quoted phrases
    // (segmentQuery).
    const extra = b.length === 1 && w.length === 1 && w[0] === b[0] ? [] : b;
    const single = new Set(w);
    const chars = Array.from(run).filter((c) => HAN.test(c) && !single.has(c));
    return ` ${[...w, ...chars, ...extra].join(' ')} `;
  });
}

/**
 * Text for a web-search query (websearchTsquery): each CJK run of two or more characters becomes a quoted phrase
 * of its bigrams (a substring match against the bigrams segmentForIndex stored); a single character stays
 * itself. Other text, including websearch operators (`or`, `-`, quotes), is left untouched.
 */
export function segmentQuery(text: string): string {
  if (!HAS_CJK.test(text)) return text;
  return text.replace(CJK_RUN, (run: string, offset: number) => {
    const b = bigrams(run);
    if (b.length === 0) return ` ${run} `;
    // Inside the user's own quoted phrase the bigrams join that phrase instead of nesting quotes; the index
    // emits a run's bigrams last, so they stay adjacent to the text that follows the run.
    const insideQuotes = (text.slice(0, offset).match(/"/g)?.length ?? 0) % 2 === 1;
    if (b.length === 1 || insideQuotes) return ` ${b.join(' ')} `;
    return ` "${b.join(' ')}" `;
  });
}
