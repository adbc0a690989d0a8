// Turns claims and gaps into Markdown that reads well in Obsidian: each claim followed by `[[path|title]]` links
// to the notes it came from, the reason when no model was used, and the gaps with the notes they involve.
import type { Claim, Gap, GapKind } from './types';

const GAP_LABEL: Record<GapKind, string> = {
  hole: 'Missing note',
  conflict: 'Conflict',
  stale: 'Possibly out of date',
  thin: 'Thin note',
  unsourced: 'Unsourced',
};

/** `[[people/Alice Chen|Alice Chen]]`: the path without `.md`, and a display text that cannot break the link. */
export function noteLink(path: string, title: string): string {
  const target = path.replace(/\.md$/i, '').replace(/[[\]|#^]/g, ' ');
  const display = title.replace(/[[\]|]/g, ' ').replace(/\s+/g, ' ').trim() || target;
  return `[[${target}|${display}]]`;
}

export function renderAnswer(claims: Claim[], fallbackReason?: string): string {
  const lines: string[] = [];
  if (fallbackReason) lines.push(`> [!note] No model was used: ${fallbackReason}. These are the most relevant sentences from your notes.`, '');
  if (claims.length === 0) lines.push('The notes gathered for this question do not answer it.');
  for (const c of claims) {
    const seen = new Set<string>();
    const links = c.citations.filter((x) => !seen.has(x.path) && seen.add(x.path)).map((x) => noteLink(x.path, x.title));
    lines.push(`- ${c.text}${links.length > 0 ? ` ${links.join(' ')}` : ''}`);
  }
  return lines.join('\n');
}

export function renderGaps(gaps: Gap[], titleOf: (path: string) => string): string {
  if (gaps.length === 0) return '';
  const lines = ['## What the vault does not know', ''];
  for (const g of gaps) {
    const notes = g.paths.slice(0, 8).map((p) => noteLink(p, titleOf(p)));
    const more = g.paths.length > 8 ? ` and ${g.paths.length - 8} more` : '';
    lines.push(`- **${GAP_LABEL[g.kind]}**: ${g.detail}${notes.length > 0 ? ` (${notes.join(', ')}${more})` : ''}`);
  }
  return lines.join('\n');
}
