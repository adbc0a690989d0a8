// Splits text into plain and matching runs for the query's terms, so the DOM can mark them with spans.
import { displayText } from '../../core/search/snippet';

export interface TextRun {
  text: string;
  match: boolean;
}

/** Words of a query worth highlighting: no operators or quotes, at least two characters (one for CJK). */
export function queryTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[\s"'()[\]{}:,;!?]+/u)
    .map((w) => w.replace(/^[-+#]+/, ''))
    .filter((w) => w.length >= 2 || /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(w));
  return [...new Set(words)].slice(0, 20);
}

/** `wholeWords`: a Latin term marks whole words only (the engine's matched words); typed words mark prefixes too. */
export function highlightRuns(text: string, terms: string[], wholeWords = false): TextRun[] {
  if (!text) return [];
  const usable = terms.filter((t) => t.length > 0).sort((a, b) => b.length - a.length);
  if (usable.length === 0) return [{ text, match: false }];
  const re = new RegExp(usable.map(escapeRegExp).join('|'), 'giu');
  const runs: TextRun[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index;
    if (m[0].length === 0) continue;
    // "work" is not marked inside "homework"; CJK has no word breaks to respect.
    if (wholeWords && !CJK.test(m[0]) && (latinLetter(text[start - 1]) || latinLetter(text[start + m[0].length]))) continue;
    if (start > last) runs.push({ text: text.slice(last, start), match: false });
    runs.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), match: false });
  return runs;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /[\p{L}\p{N}\p{M}]/u;
const latinLetter = (c: string | undefined): boolean => c !== undefined && LETTER.test(c) && !CJK.test(c);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Snippets and link contexts as prose: link text instead of link syntax, no emphasis marks (core's rule). */
export const plainSnippet = displayText;
