// Unlinked mentions: places where a note names another note (its file name, title or an alias) in plain prose
// without linking it, and the one-occurrence rewrite that turns such a place into a link. Only prose counts:
// frontmatter, code, comments, math, existing links, URLs and tags are skipped, so "link it" can never break a
// link or a code sample. Names match case-insensitively at word edges for Latin script; CJK text has no spaces,
// so any character boundary counts there (as Obsidian's own unlinked mentions do).
import { BrainError } from '../errors';
import { bodyStartOf } from '../markdown/frontmatter-bounds';
import { LineIndex } from '../markdown/line-index';
import { maskNonLinkText } from '../markdown/mask';
import { insideWord } from '../text/word-boundary';
import { contextAround } from './context';
import { scanMarkdownLinks } from './markdown-links';
import { scanWikilinks } from './wikilinks';

export interface UnlinkedMention {
  /** 1-based line. */
  line: number;
  /** UTF-16 offset within the line (an editor's `ch`). */
  column: number;
  /** The words as written in the note. */
  text: string;
  /** The words around them, cut at word edges. */
  context: string;
}

/** Names shorter than this are skipped: a one-letter alias would match everywhere. */
export const MIN_NAME_CHARS = 2;
const CONTEXT_CHARS = 60;
// Bare URLs and autolinks: a name inside one is part of an address, not prose.
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>)\]]+/giu;

export class MentionMovedError extends BrainError {
  constructor() {
    super('mention_moved', 'that mention is no longer there as unlinked text (the note changed); refresh the list');
    this.name = 'MentionMovedError';
  }
}

/** The distinct names worth looking for, longest first (so "Acme Robotics" wins over "Acme" at one place). */
export function mentionNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of names) {
    const n = raw.trim();
    if ([...n].length < MIN_NAME_CHARS || n.includes('\n')) continue;
    const key = n.toLowerCase();
    if (!seen.has(key)) seen.set(key, n);
  }
  return [...seen.values()].sort((a, b) => b.length - a.length);
}

/** Every unlinked mention of any of `names` in `text`, in order, at most `max`. */
export function findUnlinkedMentions(text: string, names: readonly string[], max = 50): UnlinkedMention[] {
  const wanted = mentionNames(names);
  if (wanted.length === 0) return [];
  const lines = new LineIndex(text);
  const bodyStart = bodyStartOf(text);
  const masked = maskNonLinkText(text);
  const wikilinks = scanWikilinks(masked, text);
  const taken: { start: number; end: number }[] = [...wikilinks, ...scanMarkdownLinks(masked, text, 0, masked.length, wikilinks)];
  for (const m of masked.matchAll(URL)) taken.push({ start: m.index, end: m.index + m[0].length });
  const inTaken = (from: number, to: number): boolean => taken.some((r) => from < r.end && to > r.start);

  // One pass over the masked text (code is blanked there, offsets unchanged); spaces in a name match any run of
  // spaces or tabs, so a name wrapped by extra spaces is still found.
  const pattern = new RegExp(wanted.map((n) => escapeRegExp(n).replace(/\s+/g, '[ \\t]+')).join('|'), 'giu');
  const out: UnlinkedMention[] = [];
  pattern.lastIndex = bodyStart;
  let m: RegExpExecArray | null;
  while (out.length < max && (m = pattern.exec(masked)) !== null) {
    const start = m.index;
    const end = start + m[0].length;
    const ok = !insideWord(text, start) && !insideWord(text, end) && text[start - 1] !== '#' && !inTaken(start, end);
    if (!ok) {
      // A shorter name may still match here ("Acme" where "Acme Robotics" ran into a word).
      pattern.lastIndex = start + 1;
      continue;
    }
    const line = lines.lineAt(start);
    out.push({ line, column: start - lines.lineStart(line), text: text.slice(start, end), context: contextAround(text, start, end, CONTEXT_CHARS, bodyStart) });
  }
  return out;
}

/**
 * `text` with the one mention at `at` (as `findUnlinkedMentions` reported it) turned into a link to `linktext`:
 * `[[Acme Robotics]]` when the words are the link text in another case, else `[[linktext|words]]` so the prose
 * reads the same. Throws MentionMovedError when that place no longer holds those words as unlinked text.
 */
export function linkMention(text: string, at: Pick<UnlinkedMention, 'line' | 'column' | 'text'>, linktext: string): string {
  const found = findUnlinkedMentions(text, [at.text], Number.MAX_SAFE_INTEGER).find((m) => m.line === at.line && m.column === at.column && m.text === at.text);
  if (!found) throw new MentionMovedError();
  const start = new LineIndex(text).lineStart(at.line) + at.column;
  const tail = linktext.split('/').pop() ?? linktext;
  const link = tail.toLowerCase() === at.text.toLowerCase() && !linktext.includes('/') ? `[[${at.text}]]` : `[[${linktext}|${at.text}]]`;
  return text.slice(0, start) + link + text.slice(start + at.text.length);
}

/** The link text for a note path: its file name without `.md` (Obsidian's "shortest path" when it is unique). */
export function linktextFor(path: string, unique: boolean): string {
  const noExt = path.replace(/\.md$/i, '');
  return unique ? (noExt.split('/').pop() ?? noExt) : noExt;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
