// A short window of a chunk around the first query word it contains, on one line and as prose: heading lines
// are left out (every surface shows the title and heading path beside the snippet, so keeping them printed the
// title two or three times), links read as their display text, and the window is cut at word boundaries (at
// any character in CJK text, which has no spaces). `snippetHighlights` names the snippet's words the keyword
// arm matched: the same English stem, or a query CJK word's bigram, not only the letters typed.
import { stemEnglish } from '../text/english-stem';
import { bigrams } from '../text/segment';
import { wordEdge } from '../text/word-boundary';

const DEFAULT_LENGTH = 220;

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+/gu;
/** Latin-script tokens as the lexer (text/lexemes.ts) splits them: runs of letters, digits and marks. */
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
const HEADING_LINE = /^ {0,3}#{1,6}(?:\s|$)/;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Markdown as a reader sees it: link text instead of link syntax, no emphasis marks or heading hashes. */
export function displayText(markdown: string): string {
  return (
    markdown
      .replace(/!?\[\[([^\]|]*)\|([^\]]*)\]\]/g, '$2')
      .replace(/!?\[\[([^\]#]*)(?:#([^\]]*))?\]\]/g, (_m, target: string, sub: string | undefined) =>
        target ? target.slice(target.lastIndexOf('/') + 1).replace(/\.md$/i, '') : (sub ?? '').replace(/^\^/, ''),
      )
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // A link the chunk boundary cut in half leaves its brackets: drop them rather than show syntax.
      .replace(/\[\[|\]\]/g, '')
      .replace(/(\*\*|__|==|~~)/g, '')
      .replace(/(^|\s)#{1,6}\s+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The chunk's prose: no frontmatter block and no heading lines (unless the chunk is nothing but a heading). */
function proseOf(text: string): string {
  const body = text.startsWith('---\n') && text.indexOf('\n---', 3) > 0 ? text.slice(text.indexOf('\n---', 3) + 4) : text;
  const lines = body.split('\n');
  const prose = lines.filter((l) => !HEADING_LINE.test(l));
  return prose.some((l) => l.trim() !== '') ? prose.join('\n') : body;
}

/** The part of `text` around the earliest of `words` (case-insensitive); the start of the text otherwise. */
export function makeSnippet(text: string, words: string[], maxLength = DEFAULT_LENGTH): string {
  const flat = displayText(proseOf(text));
  if (flat.length <= maxLength) return flat;
  let at = -1;
  const wanted = words.filter((w) => w.length > 0).sort((a, b) => b.length - a.length).slice(0, 50);
  if (wanted.length > 0) {
    const m = new RegExp(wanted.map(escapeRegExp).join('|'), 'iu').exec(flat);
    if (m) at = m.index;
  }
  // Some context before the hit, the rest after it.
  let start = at < 0 ? 0 : Math.max(0, at - Math.floor(maxLength / 4));
  if (start > 0) start = Math.min(wordEdge(flat, start, 1), at < 0 ? flat.length : at);
  let end = Math.min(flat.length, start + maxLength);
  if (end < flat.length) end = Math.max(wordEdge(flat, end, -1), start + 1);
  const body = flat.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${body}${end < flat.length ? '…' : ''}`;
}

/**
 * The words of `snippet` to mark for a query's `words`: Latin tokens with the same Snowball stem as a query
 * word (as the keyword arm matched them), and each bigram of a query CJK word found in the snippet (the arm
 * matches CJK by bigrams). Distinct, in order of appearance.
 */
export function snippetHighlights(snippet: string, words: string[]): string[] {
  const stems = new Set<string>();
  const grams = new Set<string>();
  for (const w of words) {
    const lower = w.toLowerCase();
    for (const run of lower.match(CJK_RUN) ?? []) {
      const b = bigrams(run);
      for (const g of b.length > 0 ? b : [run]) grams.add(g);
    }
    for (const t of lower.replace(CJK_RUN, ' ').match(TOKEN) ?? []) if (t.length >= 2) stems.add(stemEnglish(t));
  }
  const out = new Set<string>();
  for (const m of snippet.replace(CJK_RUN, (r) => ' '.repeat(r.length)).matchAll(TOKEN)) {
    if (stems.has(stemEnglish(m[0].toLowerCase()))) out.add(m[0]);
  }
  for (const g of grams) if (snippet.includes(g)) out.add(g);
  return [...out];
}
