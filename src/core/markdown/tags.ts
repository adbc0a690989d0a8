// Tags from frontmatter (`tags` / `tag`) and inline `#tag` / `#tag/nested`, following Obsidian: a tag
// starts after whitespace or the start of a line, holds letters (any script), digits, `_`, `-` and `/`,
// and is not all digits. Tags compare case-insensitively; the first spelling wins.

import { frontmatterStrings, uniqueNonEmpty } from './frontmatter-values';

const TAG_BODY = /[\p{L}\p{N}\p{M}_\-/]+/uy;
const ALL_NUMERIC = /^[\p{N}/]+$/u;
const SEPARATORS = /[\s,]+/;

/** Tag name without `#` and trailing `/`, or null when `raw` cannot be a tag (empty, all digits). */
export function normalizeTag(raw: string): string | null {
  let t = raw.trim();
  let i = 0;
  while (t.charCodeAt(i) === 35 /* # */) i++;
  t = t.slice(i);
  let end = t.length;
  while (end > 0 && t.charCodeAt(end - 1) === 47 /* / */) end--;
  t = t.slice(0, end);
  if (t === '' || t.startsWith('/') || ALL_NUMERIC.test(t)) return null;
  return t;
}

export function frontmatterTags(frontmatter: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const value of frontmatterStrings(frontmatter, ['tags', 'tag'], SEPARATORS)) {
    for (const part of value.split(SEPARATORS)) {
      const tag = normalizeTag(part);
      if (tag !== null) out.push(tag);
    }
  }
  return out;
}

/**
 * Inline tags in a body, in order (duplicates kept). `masked` is the body with code, `%%comments%%` and math
 * blanked (maskNonLinkText); `original` is the same body unmasked, used for the character before a `#`.
 * HTML comments are skipped as well: their content is hidden in reading view.
 */
export function inlineTags(original: string, masked: string): string[] {
  const out: string[] = [];
  const comments = htmlCommentRanges(masked);
  let ci = 0;
  let i = masked.indexOf('#');
  while (i !== -1) {
    while (ci < comments.length && comments[ci]![1] <= i) ci++;
    const comment = comments[ci];
    if (comment && i >= comment[0]) {
      i = masked.indexOf('#', comment[1]);
      continue;
    }
    let next = i + 1;
    if (i === 0 || isTagBoundary(original.charCodeAt(i - 1))) {
      TAG_BODY.lastIndex = i + 1;
      if (TAG_BODY.exec(masked)) {
        next = TAG_BODY.lastIndex;
        const tag = normalizeTag(masked.slice(i + 1, next));
        if (tag !== null) out.push(tag);
      }
    }
    i = masked.indexOf('#', next);
  }
  return out;
}

/** Frontmatter tags then inline tags, unique (case-insensitive), in order of first appearance. */
export function collectTags(frontmatter: Record<string, unknown>, original: string, masked: string): string[] {
  return uniqueNonEmpty([...frontmatterTags(frontmatter), ...inlineTags(original, masked)], (t) => t.toLowerCase());
}

/** Whitespace (incl. ideographic space / NBSP) may precede a tag; `a#b`, `/#x`, `[[N#h]]`, `\#x` may not. */
function isTagBoundary(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0 || c === 0x3000 || c === 0xfeff;
}

/** [start, end) of each `<!-- ... -->`; an unclosed one runs to the end. Linear: each search moves forward. */
function htmlCommentRanges(s: string): [number, number][] {
  const ranges: [number, number][] = [];
  let open = s.indexOf('<!--');
  while (open !== -1) {
    const close = s.indexOf('-->', open + 4);
    if (close === -1) {
      ranges.push([open, s.length]);
      break;
    }
    ranges.push([open, close + 3]);
    open = s.indexOf('<!--', close + 3);
  }
  return ranges;
}
