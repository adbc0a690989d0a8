// The order of evidence tags, strongest first, apart from how they are computed (evidence.ts): the plugin's
// main thread reads it for the search pane's badge and must not pull the search code into main.js with it.

/** Tags from strongest to weakest; the search pane shows the first a result has as its badge. */
export const EVIDENCE_ORDER = ['exact_title', 'alias_hit', 'keyword_exact', 'rare_term', 'high_vector', 'graph_edge', 'weak_semantic'] as const;

/** The strongest tag of a result (`graph_edge:works_at` ranks as `graph_edge`), or undefined when it has none. */
export function strongestEvidence(tags: readonly string[]): string | undefined {
  const rank = (t: string): number => EVIDENCE_ORDER.indexOf(t.replace(/:.*$/, '') as (typeof EVIDENCE_ORDER)[number]);
  return [...tags].filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b))[0];
}
