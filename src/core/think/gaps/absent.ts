// Words of the question no visible note holds: "how do I do bookkeeping with Obsidian?" over a vault that never
// mentions bookkeeping. Every other gap looks at the notes the question touched; this one says what the search
// could not find at all, so an answer built from the question's other words ("Obsidian") is not taken for an
// answer to it.
import type { BrainEngine } from '../../engine/brain-engine';
import { queryTerms } from '../../search/query-terms';
import { CJK_STOPWORDS } from '../../search/stopwords';
import { hasCjk, segmentQuery } from '../../text/segment';
import { quotedList } from '../render';
import type { Gap } from '../types';

/** Question words checked (each is one keyword query); a longer question's later words are not. */
const MAX_WORDS = 8;
/** Hits looked at per word: a word found only in excluded notes is absent for this caller. */
const HITS_PER_WORD = 20;

/** The question's topic words that no note the caller may see contains (stems and CJK words as search matches them). */
export async function absentWords(engine: BrainEngine, accepts: (path: string) => boolean, question: string): Promise<string[]> {
  const { words, verbatim } = queryTerms(question);
  if (verbatim) return [];
  const checked = words.filter((w) => (hasCjk(w) ? topicLikeCjk(w) : w.length >= 3 && !/^\d+$/.test(w))).slice(0, MAX_WORDS);
  const absent: string[] = [];
  for (const word of checked) {
    const phrase = word.replace(/["\\]/g, ' ').trim();
    if (!phrase) continue;
    const hits = await engine.keywordSearch({ tsquery: segmentQuery(`"${phrase}"`), mode: 'and', limit: HITS_PER_WORD });
    if (!hits.some((h) => accepts(h.path))) absent.push(word);
  }
  return absent;
}

/**
 * A Chinese word worth naming as absent: two characters or more, none of them a function character (在, 的, 把):
 * the segmenter also returns phrase pieces such as 写在 ("write at"), whose absence says nothing about a topic.
 */
function topicLikeCjk(word: string): boolean {
  const chars = [...word];
  return chars.length >= 2 && !chars.some((c) => CJK_STOPWORDS.has(c));
}

export function absentGap(words: string[]): Gap[] {
  if (words.length === 0) return [];
  return [{ kind: 'absent', detail: `No note mentions ${quotedList(words)}.`, paths: [], terms: words }];
}
