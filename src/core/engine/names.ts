// Normalised page names (titles, aliases) and the candidate phrases of a text that could be one of them, so
// "which notes does this question name?" is one indexed `= any($1)` lookup instead of a scan of every title.
import { hasCjk } from '../text/segment';

const EDGE_PUNCT = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const POSSESSIVE = /['\u2019]s$/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+/gu;

/** Longest CJK substring tried as a name, and cap on candidates for pathological (huge) inputs. */
const MAX_CJK_NAME = 12;
const MAX_CANDIDATES = 20_000;

function tokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s+/u)
    .map((t) => t.replace(EDGE_PUNCT, ''))
    .filter((t) => t.length > 0);
}

/** The key a name is stored and matched under: NFKC, lower case, words trimmed of edge punctuation, single spaces. */
export function nameKey(name: string): string {
  return tokens(name).join(' ');
}

/** Every phrase of 1..maxWords words in the text (as name keys), plus CJK substrings, deduplicated. */
export function entityCandidates(text: string, maxWords = 6): string[] {
  const out = new Set<string>();
  const words = tokens(text);
  outer: for (let i = 0; i < words.length; i++) {
    let phrase = '';
    for (let n = 0; n < maxWords && i + n < words.length; n++) {
      const w = words[i + n]!;
      phrase = n === 0 ? w : `${phrase} ${w}`;
      out.add(phrase);
      // "Alice's notes" names Alice.
      if (POSSESSIVE.test(w)) out.add(phrase.replace(POSSESSIVE, '').replace(EDGE_PUNCT, ''));
      if (out.size >= MAX_CANDIDATES) break outer;
    }
  }
  if (hasCjk(text)) {
    for (const w of words) {
      for (const m of w.matchAll(CJK_RUN)) {
        const chars = Array.from(m[0]);
        for (let i = 0; i < chars.length && out.size < MAX_CANDIDATES; i++) {
          for (let len = 2; len <= MAX_CJK_NAME && i + len <= chars.length; len++) {
            out.add(chars.slice(i, i + len).join(''));
          }
        }
      }
    }
  }
  out.delete('');
  return [...out];
}
