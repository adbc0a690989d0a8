// A short window of a chunk around the first query word it contains, on one line and as prose: heading lines
// are left out (every surface shows the title and heading path beside the snippet, so keeping them printed the
// title two or three times), links read as their display text, Dataview fields as `key: value`, list items
// as a list reads inline, quotes and callouts without their `>` and `[!type]` marks, and the window is cut at
// word boundaries (at any character in CJK text, which has no spaces). Code is shown as written.
// `snippetHighlights` names the snippet's words the keyword arm matched: the same English stem, or a query CJK
// word's bigram, not only the letters typed.
import { findInlineFields } from '../links/inline-fields';
import { listItemStart } from '../markdown/list-item';
import { blankRanges, maskNonLinkText, nonLinkRanges } from '../markdown/mask';
import { stemEnglish } from '../text/english-stem';
import { bigrams } from '../text/segment';
import { wordEdge } from '../text/word-boundary';
import type { ChunkKind } from '../types';

const DEFAULT_LENGTH = 220;

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+/gu;
/** Latin-script tokens as the lexer (text/lexemes.ts) splits them: runs of letters, digits and marks. */
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
const HEADING_LINE = /^ {0,3}#{1,6}(?:\s|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/**
 * What goes between two list items on one line. A middle dot rather than "; ": it reads as a list in every
 * script (a Latin ";" is out of place between Chinese items), and it does not pile onto an item's own closing
 * "." or ";" as a second punctuation mark would. Not " - ", which reads as a dash run, not as a list.
 */
export const ITEM_SEPARATOR = ' · ';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replace text[at, end) with `text`. */
interface Edit {
  at: number;
  end: number;
  text: string;
}

/** Markdown as a reader sees it: link text instead of link syntax, no emphasis marks or heading hashes. */
export function displayText(markdown: string): string {
  return readerText(markdown, false);
}

/**
 * `displayText`, and with `lists` list items joined by the separator (their bullets and task boxes dropped) and
 * thematic breaks left out. Lists are the snippet's: `displayText` also shows frontmatter values, where a leading
 * `- ` is YAML the links pane reads. Code is kept as written: no field, list item, link or emphasis inside it.
 */
function readerText(markdown: string, lists: boolean): string {
  const code = nonLinkRanges(markdown).filter((r) => r.kind === 'code');
  // Block syntax is found with the code blanked, at the same offsets, so a `::` or `- ` in code counts for nothing.
  const masked = blankRanges(markdown, code);
  const edits = [...fieldEdits(masked), ...(lists ? listEdits(markdown, masked) : [])].sort((a, b) => a.at - b.at || a.end - b.end);
  const parts: string[] = [];
  let pos = 0;
  let e = 0;
  const prose = (to: number): void => {
    let s = '';
    for (; e < edits.length && edits[e]!.at < to; e++) {
      const edit = edits[e]!;
      if (edit.at < pos) continue;
      s += markdown.slice(pos, edit.at) + edit.text;
      pos = Math.min(edit.end, to);
    }
    parts.push(inlineText(s + markdown.slice(pos, to)));
    pos = to;
  };
  for (const r of code) {
    prose(r.from);
    parts.push(markdown.slice(r.from, r.to));
    pos = r.to;
  }
  prose(markdown.length);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Link text instead of link syntax, no emphasis marks or heading hashes, in prose (never code). */
function inlineText(prose: string): string {
  return (
    prose
      .replace(/!?\[\[([^\]|]*)\|([^\]]*)\]\]/g, '$2')
      .replace(/!?\[\[([^\]#]*)(?:#([^\]]*))?\]\]/g, (_m, target: string, sub: string | undefined) =>
        target ? target.slice(target.lastIndexOf('/') + 1).replace(/\.md$/i, '') : (sub ?? '').replace(/^\^/, ''),
      )
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // A link the chunk boundary cut in half leaves its brackets: drop them rather than show syntax.
      .replace(/\[\[|\]\]/g, '')
      .replace(/(\*\*|__|==|~~)/g, '')
      .replace(/(^|\s)#{1,6}\s+/g, '$1')
  );
}

/**
 * Dataview fields as a reader says them: `key:: value` -> `key: value`, `[key:: value]` and `(key:: value)` without
 * their brackets. The fields are the ones the link parser reads (links/inline-fields.ts); the spacing after the
 * `::` is kept as written, so `std::vector` in prose reads `std:vector`, not a made-up `std: vector`.
 */
function fieldEdits(masked: string): Edit[] {
  const edits: Edit[] = [];
  for (const f of findInlineFields(masked)) {
    edits.push({ at: f.colons, end: f.colons + 2, text: ':' });
    if (f.open !== null) edits.push({ at: f.open, end: f.open + 1, text: '' }, { at: f.valueEnd, end: f.valueEnd + 1, text: '' });
  }
  return edits;
}

/**
 * List items as a list reads inline: `- Alpha\n- [x] Beta` -> `Alpha · Beta`. Bullets and task boxes go (core
 * search shows a task as its text); a number stays, as it says the item's place. An item's continuation lines
 * and blank lines keep the list going; any other line ends it. Thematic breaks (`---`, `* * *`) are left out, and
 * so are a quote's `>` markers and a callout's `[!type]` head (see `quoteEdits`).
 */
function listEdits(text: string, masked: string): Edit[] {
  const edits: Edit[] = [];
  let inList = false;
  let lineStart = 0;
  for (const whole of masked.split('\n')) {
    // A quote's or callout's `>` markers go; what follows them is read as any other line (a list in a callout).
    const quote = quoteEdits(text, whole, lineStart);
    edits.push(...quote.edits);
    const line = whole.slice(quote.length);
    const rule = THEMATIC_BREAK.test(line);
    const item = rule ? null : listItemStart(line);
    if (rule) {
      edits.push({ at: lineStart, end: lineStart + line.length, text: '' });
      inList = false;
    } else if (item && text.startsWith(line.slice(0, item.length), lineStart + quote.length)) {
      // (The marker as written, not code the mask turned to spaces after a bare `-`.)
      const at = lineStart + quote.length + item.indent;
      const separator = inList ? ITEM_SEPARATOR : '';
      if (/^\d/.test(item.marker)) {
        edits.push({ at, end: at, text: separator });
        if (item.box) edits.push({ at: lineStart + quote.length + item.box[0], end: lineStart + quote.length + item.box[1], text: '' });
      } else {
        edits.push({ at, end: lineStart + quote.length + item.length, text: separator });
      }
      inList = true;
    } else if (line.trim() !== '' && !/^[ \t]/.test(line)) {
      inList = false;
    }
    lineStart += whole.length + 1;
  }
  return edits;
}

const QUOTE_MARKERS = /^ {0,3}>(?:[ \t]{0,4}>)*[ \t]?/;
const CALLOUT_HEAD = /^\[!([^\]\n]+)\][+-]?[ \t]*/;

/**
 * The edits that drop a quote line's `>` markers (nested ones too), and a callout's `[!type]` head: a callout reads
 * as its title, or as its type when it has none (`> [!tip]` -> "Tip"), as Obsidian renders it. `length` is how much
 * of the line the markers take, so the caller reads the rest as a plain line.
 */
function quoteEdits(text: string, line: string, lineStart: number): { edits: Edit[]; length: number } {
  const m = QUOTE_MARKERS.exec(line);
  // (Markers as written, not code the mask blanked.)
  if (!m || !text.startsWith(m[0], lineStart)) return { edits: [], length: 0 };
  const edits: Edit[] = [{ at: lineStart, end: lineStart + m[0].length, text: '' }];
  const rest = line.slice(m[0].length);
  const head = CALLOUT_HEAD.exec(rest);
  if (head && text.startsWith(head[0], lineStart + m[0].length)) {
    const at = lineStart + m[0].length;
    const titled = rest.slice(head[0].length).trim() !== '';
    const type = head[1]!.trim();
    edits.push({ at, end: at + head[0].length, text: titled ? '' : `${type.charAt(0).toUpperCase()}${type.slice(1)} ` });
    return { edits, length: m[0].length + head[0].length };
  }
  return { edits, length: m[0].length };
}

/** The chunk's prose: no frontmatter block and no heading lines (unless the chunk is nothing but a heading). */
function proseOf(text: string): string {
  const body = text.startsWith('---\n') && text.indexOf('\n---', 3) > 0 ? text.slice(text.indexOf('\n---', 3) + 4) : text;
  const lines = body.split('\n');
  // A `# comment` in a fenced block is code, not a heading: headings are looked for with code blanked.
  const masked = maskNonLinkText(body).split('\n');
  const prose = lines.filter((_l, i) => !HEADING_LINE.test(masked[i]!));
  return prose.some((l) => l.trim() !== '') ? prose.join('\n') : body;
}

/**
 * The part of `text` around the earliest of `words` (case-insensitive); the start of the text otherwise. A code
 * chunk (`kind` 'code') is shown as written, whitespace folded: `std::vector` is no field, `__init__` no emphasis.
 */
export function makeSnippet(text: string, words: string[], maxLength = DEFAULT_LENGTH, kind: ChunkKind = 'prose'): string {
  const flat = kind === 'code' ? text.replace(/\s+/g, ' ').trim() : readerText(proseOf(text), true);
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
  // A cut next to a list separator would leave a dot hanging by the ellipsis.
  const body = flat.slice(start, end).trim().replace(/^· /, '').replace(/ ·$/, '');
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
