// `[text](dest)` and `![alt](dest)` pointing at notes or files. External URLs are not note links.
// One pass with a bracket stack; a destination scan stops at the next `[`/`]`, so total work is linear.
import type { LinkMatch } from './link-match';
import { percentDecode } from './percent-decode';

const MAX_LABEL = 1000;
const MAX_DEST = 1024;
const MAX_TITLE = 500;
const MAX_STACK = 64;

/** `http:`, `mailto:`, `obsidian:`, `file:`, `data:`..., and protocol-relative `//host`. */
export function isExternalUrl(dest: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(dest) || dest.startsWith('//');
}

interface Destination {
  dest: string;
  end: number;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/** Parses `(dest "title")` starting just after the `(`. Null when it is not a link destination. */
function parseDestination(s: string, p: number, to: number): Destination | null {
  let q = p;
  while (q < to && isSpace(s.charCodeAt(q))) q++;
  let dest: string;
  if (s.charCodeAt(q) === 60 /* < */) {
    const startDest = q + 1;
    let k = startDest;
    while (k < to && k - startDest <= MAX_DEST) {
      const c = s.charCodeAt(k);
      if (c === 62 /* > */ || c === 10 || c === 60) break;
      k++;
    }
    if (s.charCodeAt(k) !== 62) return null;
    dest = s.slice(startDest, k);
    q = k + 1;
  } else {
    const startDest = q;
    let depth = 0;
    while (q < to) {
      const c = s.charCodeAt(q);
      // Obsidian forbids brackets in file names; stopping at them keeps hostile input linear.
      if (c <= 32 || c === 91 || c === 93 || c === 60) break;
      if (c === 40 /* ( */) depth++;
      else if (c === 41 /* ) */) {
        if (depth === 0) break;
        depth--;
      } else if (c === 92 /* \ */) q++;
      q++;
      if (q - startDest > MAX_DEST) return null;
    }
    dest = s.slice(startDest, q);
  }
  while (q < to && isSpace(s.charCodeAt(q))) q++;
  const t = s[q];
  if (t === '"' || t === "'" || t === '(') {
    if (q === p) return null; // a title needs a destination before it
    const close = t === '(' ? ')' : t;
    let k = q + 1;
    while (k < to && k - q <= MAX_TITLE && s[k] !== close && s[k] !== '\n') k++;
    if (s[k] !== close) return null;
    q = k + 1;
    while (q < to && isSpace(s.charCodeAt(q))) q++;
  }
  if (s.charCodeAt(q) !== 41 /* ) */) return null;
  return { dest, end: q + 1 };
}

/**
 * Markdown links in `scan` within [from, to); `original` gives raw text. `skip` lists ranges (sorted,
 * e.g. wikilinks) that are jumped over. Labels stay on one line. Images (`![alt](x.png)`) are embeds.
 */
export function scanMarkdownLinks(
  scan: string,
  original: string,
  from = 0,
  to = scan.length,
  skip: readonly { start: number; end: number }[] = [],
): LinkMatch[] {
  const out: LinkMatch[] = [];
  const stack: number[] = [];
  let nextSkip = 0;
  for (let i = from; i < to; i++) {
    while (nextSkip < skip.length && skip[nextSkip]!.end <= i) nextSkip++;
    const s = skip[nextSkip];
    if (s && i >= s.start) {
      i = s.end - 1;
      continue;
    }
    const c = scan.charCodeAt(i);
    if (c === 10) stack.length = 0;
    else if (c === 92 /* \ */) i++;
    else if (c === 91 /* [ */) {
      if (stack.length >= MAX_STACK) stack.shift();
      stack.push(i);
    } else if (c === 93 /* ] */) {
      const open = stack.pop();
      if (open === undefined || scan.charCodeAt(i + 1) !== 40 /* ( */ || i - open > MAX_LABEL) continue;
      const d = parseDestination(scan, i + 2, nextStop(skip, nextSkip, to));
      if (!d) continue;
      const link = toLink(original, scan, open, i, d, from);
      if (link) out.push(link);
      i = d.end - 1;
    }
  }
  return out;
}

/** A destination may not run into a skipped range. */
function nextStop(skip: readonly { start: number; end: number }[], k: number, to: number): number {
  const s = skip[k];
  return s && s.start < to ? s.start : to;
}

function toLink(original: string, scan: string, open: number, labelEnd: number, d: Destination, from: number): LinkMatch | null {
  const dest = d.dest.trim();
  if (!dest || isExternalUrl(dest)) return null;
  const hash = dest.indexOf('#');
  const targetText = percentDecode(hash === -1 ? dest : dest.slice(0, hash)).trim();
  if (!targetText) return null; // `[x](#heading)` points inside this note
  const subpath = hash === -1 ? '' : percentDecode(dest.slice(hash + 1)).trim();
  const embed = open > from && scan.charCodeAt(open - 1) === 33; /* ! */
  const start = embed ? open - 1 : open;
  const alias = original.slice(open + 1, labelEnd).replace(/\s+/g, ' ').trim();
  return {
    start,
    end: d.end,
    raw: original.slice(start, d.end),
    targetText,
    ...(subpath ? { subpath } : {}),
    ...(alias ? { alias } : {}),
    source: embed ? 'embed' : 'markdown',
  };
}
