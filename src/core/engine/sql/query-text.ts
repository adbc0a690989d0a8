// Turns a websearch-syntax query into its OR form. The result still goes through websearchTsquery
// (text/tsquery.ts), which accepts any input, so this only shapes recall, never safety.

const TOKEN = /"[^"]*"|[^\s"]+/g;

/**
 * `a b "c d"` -> `a or b or "c d"`. Quoted phrases (including the bigram phrases segmentQuery makes for CJK)
 * stay whole; an existing `or` is dropped, and so are negations (`-x`), which inside an alternation would match
 * nearly everything. Returns '' when nothing searchable is left.
 */
export function orQuery(query: string): string {
  const parts: string[] = [];
  for (const m of query.matchAll(TOKEN)) {
    const t = m[0];
    if (t.toLowerCase() === 'or' || t.startsWith('-')) continue;
    if (t.startsWith('"') && t.replace(/"/g, '').trim() === '') continue;
    parts.push(t);
  }
  return parts.join(' or ');
}

/**
 * The terms a websearch query ranks by: words and quoted phrases, without `or` and without negations (`-x`
 * excludes, it does not score). Deduplicated, in order.
 */
export function positiveTerms(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(TOKEN)) {
    const t = m[0];
    if (t.toLowerCase() === 'or' || t.startsWith('-')) continue;
    if (t.startsWith('"') && t.replace(/"/g, '').trim() === '') continue;
    out.add(t);
  }
  return [...out];
}
