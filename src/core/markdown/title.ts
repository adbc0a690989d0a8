// A note's title: frontmatter `title`, else its first H1, else its file name.

import type { Heading } from './headings';

/** Longest heading text considered for a title; longer lines are cut before stripping markup. */
const MAX_TITLE_SOURCE = 1000;

export function resolveTitle(path: string, frontmatter: Record<string, unknown>, text: string, headings: Heading[]): string {
  const fm = frontmatter['title'];
  if (typeof fm === 'string' && fm.trim() !== '') return fm.trim();
  if (typeof fm === 'number' && Number.isFinite(fm)) return String(fm);
  for (const h of headings) {
    if (h.level !== 1 || h.textEnd <= h.textStart) continue;
    const title = stripInlineMarkdown(text.slice(h.textStart, Math.min(h.textEnd, h.textStart + MAX_TITLE_SOURCE)));
    if (title !== '') return title;
  }
  return fileStem(path);
}

/** File name without folders and without its last extension (`people/Alice Smith.md` -> `Alice Smith`). */
export function fileStem(path: string): string {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

// Character classes exclude the opening bracket, so each match attempt fails fast on `[[[[` runs.
const WIKILINK = /!?\[\[([^[\]|\n]*)(?:\|([^[\]\n]*))?\]\]/g;
const MD_LINK = /!?\[([^[\]\n]*)\]\([^()\n]*\)/g;
const CODE = /`+([^`\n]*)`+/g;
const EMPHASIS = /(\*\*|__|~~|==)(?=\S)([^\n]*?\S)\1/g;
const STAR = /\*(?=\S)([^*\n]*?\S)\*/g;
const HTML_TAG = /<\/?[a-zA-Z][^<>\n]*>/g;

/** Plain display text of an inline Markdown fragment: `[[a|b]]` -> `b`, `[t](u)` -> `t`, `**x**` -> `x`. */
export function stripInlineMarkdown(s: string): string {
  return s
    .replace(WIKILINK, (_m, target: string, alias: string | undefined) => alias?.trim() || wikiDisplay(target))
    .replace(MD_LINK, (_m, label: string) => label)
    .replace(CODE, (_m, code: string) => code)
    .replace(EMPHASIS, (_m, _mark: string, inner: string) => inner)
    .replace(STAR, (_m, inner: string) => inner)
    .replace(HTML_TAG, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How Obsidian shows an unaliased link: `Note#Heading` -> `Note > Heading`, `#Heading` -> `Heading`. */
function wikiDisplay(target: string): string {
  const parts = target
    .split('#')
    .map((p) => p.replace(/^\^/, '').trim())
    .filter((p) => p !== '');
  return parts.join(' > ');
}
