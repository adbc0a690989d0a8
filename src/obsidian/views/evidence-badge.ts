// The one badge that says how sure a search hit is: the strongest of the engine's evidence tags
// (core/search/evidence.ts), in words a reader understands, with the tag itself in the tooltip.
import { strongestEvidence } from '../../core/search/evidence-order';

const LABELS: Record<string, { text: string; tip: string }> = {
  exact_title: { text: 'exact title', tip: 'The search is this note\'s title' },
  alias_hit: { text: 'alias', tip: 'The search names one of this note\'s aliases' },
  keyword_exact: { text: 'all words', tip: 'Every word of the search is in this passage' },
  rare_term: { text: 'rare word', tip: 'A word of the search that few notes use is here' },
  high_vector: { text: 'close meaning', tip: 'Among the closest passages by meaning' },
  graph_edge: { text: 'linked', tip: 'A typed link leads here from a note the search found' },
  weak_semantic: { text: 'loose match', tip: 'Found only by meaning, and not closely: check it' },
};

export interface EvidenceBadge {
  /** The tag's family (`graph_edge` for `graph_edge:works_at`), for the style. */
  kind: string;
  text: string;
  tip: string;
}

/** The badge for a hit's evidence tags, or null when the hit carries none the pane knows. */
export function evidenceBadge(tags: readonly string[] | undefined): EvidenceBadge | null {
  const tag = strongestEvidence(tags ?? []);
  if (!tag) return null;
  const [kind, detail] = tag.split(':', 2) as [string, string | undefined];
  const label = LABELS[kind];
  if (!label) return null;
  const relation = detail ? detail.replace(/_/g, ' ') : '';
  return { kind, text: relation ? `${label.text}: ${relation}` : label.text, tip: `${label.tip} (${tag})` };
}
