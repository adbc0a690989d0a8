// `[[Note]]`, `[[Note#Heading|alias]]`, `![[embed]]`: a single left-to-right pass, so hostile input
// (a megabyte of `[[[[`) stays linear.
import type { LinkMatch } from './link-match';

/** Longest inner text of a wikilink; longer bracket runs are prose, not links. */
export const MAX_WIKILINK_INNER = 500;

export interface WikilinkParts {
  targetText: string;
  subpath?: string;
  alias?: string;
}

/** Splits the text between `[[` and `]]`. Null for same-note links (`[[#Heading]]`) and empty links. */
export function parseWikilinkInner(inner: string): WikilinkParts | null {
  const pipe = inner.indexOf('|');
  let targetPart = pipe === -1 ? inner : inner.slice(0, pipe);
  // Inside tables the alias pipe is escaped as `\|`.
  if (pipe !== -1 && targetPart.endsWith('\\')) targetPart = targetPart.slice(0, -1);
  const alias = pipe === -1 ? '' : inner.slice(pipe + 1).trim();
  const hash = targetPart.indexOf('#');
  const targetText = (hash === -1 ? targetPart : targetPart.slice(0, hash)).trim();
  const subpath = hash === -1 ? '' : targetPart.slice(hash + 1).trim();
  if (!targetText) return null;
  return {
    targetText,
    ...(subpath ? { subpath } : {}),
    ...(alias ? { alias } : {}),
  };
}

/**
 * Wikilinks in `scan` (the masked text) within [from, to). `original` supplies raw text (same offsets).
 * A link never spans a newline; when `[[` repeats, the last one before `]]` opens the link.
 */
export function scanWikilinks(scan: string, original: string, from = 0, to = scan.length): LinkMatch[] {
  const out: LinkMatch[] = [];
  let open = -1;
  for (let i = from; i < to - 1; i++) {
    const c = scan.charCodeAt(i);
    if (c === 10) {
      open = -1;
    } else if (c === 91 && scan.charCodeAt(i + 1) === 91) {
      open = i;
    } else if (c === 93 && scan.charCodeAt(i + 1) === 93 && open !== -1) {
      const innerStart = open + 2;
      if (i > innerStart && i - innerStart <= MAX_WIKILINK_INNER) {
        const parts = parseWikilinkInner(original.slice(innerStart, i));
        if (parts) {
          const embed = open > from && scan.charCodeAt(open - 1) === 33; /* ! */
          const start = embed ? open - 1 : open;
          out.push({ start, end: i + 2, raw: original.slice(start, i + 2), ...parts, source: embed ? 'embed' : 'wikilink' });
        }
      }
      open = -1;
      i++;
    }
  }
  return out;
}
