// The pass over stored links that re-picks a type once both ends' types are known: links are parsed note by
// note, so a link may have been typed before its target was indexed, or its target's type may have changed.
import { chooseCandidate, kindOfType, typedFields } from '../links/entity-kinds';
import { targetKind } from '../links/target-typing';
import type { LinkTypeUpdate } from '../engine/brain-engine';
import type { IndexStore } from './index-store';

/** Re-types the links with candidates touching `paths` (all when null); returns how many changed. */
export async function retypeStoredLinks(store: Pick<IndexStore, 'linkTypingRows' | 'setLinkTypes'>, paths: string[] | null): Promise<number> {
  const updates: LinkTypeUpdate[] = [];
  for (const row of await store.linkTypingRows(paths)) {
    const target = targetKind(row.toPath, () => row.toType ?? undefined);
    const t = typedFields(chooseCandidate(row.candidates, kindOfType(row.fromType), target));
    const evidence = t.evidence ?? null;
    if (t.type !== row.type || t.direction !== row.direction || evidence !== row.evidence || t.past !== row.past) {
      updates.push({ id: row.id, type: t.type, direction: t.direction, evidence, past: t.past });
    }
  }
  await store.setLinkTypes(updates);
  return updates.length;
}
