// Splits text into plain and matching runs for the query's terms, so the DOM can mark them with spans.

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

export function highlightRuns(text: string, terms: string[]): TextRun[] {
  if (!text) return [];
  const usable = terms.filter((t) => t.length > 0).sort((a, b) => b.length - a.length);
  if (usable.length === 0) return [{ text, match: false }];
  const re = new RegExp(usable.map(escapeRegExp).join('|'), 'giu');
  const runs: TextRun[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index;
    if (m[0].length === 0) continue;
    if (start > last) runs.push({ text: text.slice(last, start), match: false });
    runs.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), match: false });
  return runs;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Snippets are raw Markdown; the pane shows them as prose: link text instead of link syntax, no emphasis marks. */
export function plainSnippet(markdown: string): string {
  return markdown
    .replace(/!?\[\[([^\]|#]+)(?:#[^\]|]*)?\|([^\]]+)\]\]/g, '$2')
    .replace(/!?\[\[([^\]|#]+)(?:#[^\]]*)?\]\]/g, (_m, target: string) => target.slice(target.lastIndexOf('/') + 1))
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|==|~~)/g, '')
    .replace(/(^|\s)#{1,6}\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
