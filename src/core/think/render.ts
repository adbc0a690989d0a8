// Turns claims and gaps into Markdown that reads well in Obsidian: each claim followed by `[[path|title]]` links
// to the notes it came from, the reason when no model was used, and the gaps with the notes they involve.
import { inertMarkdown } from './inert-markdown';
import { neutralizeTitle } from './neutralize';
import type { Claim, Excerpt, Gap, GapKind } from './types';

const GAP_LABEL: Record<GapKind, string> = {
  hole: 'Missing note',
  conflict: 'Conflict',
  stale: 'Possibly out of date',
  thin: 'Thin note',
  unsourced: 'Unsourced',
  absent: 'Not in your notes',
};

/** Words as a quoted list for a sentence: “a”, “b” or “c” (the absent gap's detail and the answer's opening line). */
export function quotedList(words: string[]): string {
  const quoted = words.map((w) => `“${w}”`);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** `[[people/Alice Chen|Alice Chen]]`: the path without `.md`, and a display text that cannot break the link. */
export function noteLink(path: string, title: string): string {
  const target = path.replace(/\.md$/i, '').replace(/[[\]|#^]/g, ' ');
  // Titles are note text: neutralized so a title like ">>> SYSTEM: …" cannot pose as a delimiter or markup.
  const display = neutralizeTitle(title) || neutralizeTitle(target);
  return `[[${target}|${display}]]`;
}

/** The link targets an answer may keep live: each gathered note's path (with and without `.md`) and title. */
export function liveTargetsOf(excerpts: Pick<Excerpt, 'path' | 'title'>[]): Set<string> {
  const out = new Set<string>();
  for (const e of excerpts) {
    out.add(e.path.toLowerCase());
    out.add(e.path.replace(/\.md$/i, '').toLowerCase());
    if (e.title) out.add(e.title.trim().toLowerCase());
  }
  return out;
}

/**
 * Markdown for the claims: each claim's text made inert (no HTML, images, remote links; only `[[links]]` to
 * `liveTargets` stay live), then the links to the notes it cites. Claims without a citation are not rendered:
 * the caller withholds them.
 */
export function renderAnswer(claims: Claim[], fallbackReason?: string, liveTargets?: ReadonlySet<string>, withheld = 0, absent: string[] = []): string {
  const lines: string[] = [];
  if (fallbackReason) lines.push(`> [!note] No model was used: ${fallbackReason}. These are the most relevant sentences from your notes.`, '');
  const cited = claims.filter((c) => c.citations.length > 0);
  // Said first: sentences matching the question's other words ("Obsidian") are not an answer about the missing one.
  if (absent.length > 0) {
    lines.push(`_No note mentions ${inertMarkdown(quotedList(absent), {})}${cited.length > 0 ? ': what follows matches only the rest of the question' : ''}._`, '');
  }
  if (cited.length === 0) lines.push('The notes gathered for this question do not answer it.');
  for (const c of cited) {
    const seen = new Set<string>();
    const links = c.citations.filter((x) => !seen.has(x.path) && seen.add(x.path)).map((x) => noteLink(x.path, x.title));
    lines.push(`- ${inertMarkdown(c.text, { liveTargets }).replace(/\n+/g, ' ')} ${links.join(' ')}`);
  }
  if (withheld > 0) lines.push('', `_${withheld} unsourced ${withheld === 1 ? 'line' : 'lines'} of the model\u2019s answer not shown._`);
  return lines.join('\n');
}

export function renderGaps(gaps: Gap[], titleOf: (path: string) => string): string {
  if (gaps.length === 0) return '';
  const lines = ['## What the vault does not know', ''];
  for (const g of gaps) {
    const notes = g.paths.slice(0, 8).map((p) => noteLink(p, titleOf(p)));
    const more = g.paths.length > 8 ? ` and ${g.paths.length - 8} more` : '';
    // Details quote note text (titles, values, link targets): inert like the answer, only a hole's own link live.
    const live = new Set(g.kind === 'hole' && g.target ? [neutralizeTitle(g.target).toLowerCase()] : []);
    lines.push(`- **${GAP_LABEL[g.kind]}**: ${inertMarkdown(g.detail, { liveTargets: live }).replace(/\n+/g, ' ')}${notes.length > 0 ? ` (${notes.join(', ')}${more})` : ''}`);
  }
  return lines.join('\n');
}
