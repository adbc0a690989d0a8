// Knowledge holes: links, in the notes the question touched (or named by the question), to notes that do not
// exist. The more notes link to a missing one, the bigger the hole. A missing image or PDF is a broken embed, not
// a hole in what the vault knows: left out.
import { entityCandidates } from '../../engine/names';
import { isAttachmentTarget } from '../../links/attachment';
import { neutralizeTitle as label } from '../neutralize';
import type { Gap } from '../types';
import { uniquePaths, type GapContext } from './context';

const MAX_HOLES = 5;

export async function findHoles(ctx: GapContext, question: string, paths: string[]): Promise<Gap[]> {
  const targets = new Set<string>();
  for (const path of paths) {
    for (const link of await ctx.engine.outgoingLinks(path)) if (link.to === null) targets.add(link.targetText);
  }
  // "what is in the Series B term sheet?" names the hole itself.
  const named = entityCandidates(question).slice(0, 500);
  const rows = await ctx.engine.danglingLinksTo([...targets, ...named]);
  const byTarget = new Map<string, { name: string; from: string[] }>();
  for (const r of rows) {
    if (!ctx.accepts(r.fromPath) || isAttachmentTarget(r.targetText)) continue;
    const key = r.targetText.toLowerCase();
    const entry = byTarget.get(key) ?? { name: r.targetText, from: [] };
    entry.from.push(r.fromPath);
    byTarget.set(key, entry);
  }
  return [...byTarget.values()]
    .map((h) => ({ ...h, from: uniquePaths(h.from).sort() }))
    .sort((a, b) => b.from.length - a.from.length || a.name.localeCompare(b.name))
    .slice(0, MAX_HOLES)
    .map((h) => ({
      kind: 'hole' as const,
      target: h.name,
      detail: `[[${label(h.name)}]] is linked from ${h.from.length} note${h.from.length === 1 ? '' : 's'} but no such note exists.`,
      paths: h.from,
    }));
}
