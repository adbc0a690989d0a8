// The pass over stored links that re-picks a type once both ends' types are known: links are parsed note by
// note, so a link may have been typed before its target was indexed, or its target's type may have changed.
// A note that does not say what it is (or a missing note) gets the kind other notes' links give it.
import { chooseCandidate, kindOfType, typedFields, type EntityKind } from '../links/entity-kinds';
import { inferKinds, missingKey } from '../links/infer-kind';
import { targetKind, type PageTypeOf } from '../links/target-typing';
import type { LinkTypeUpdate, LinkTypingRow } from '../engine/brain-engine';
import type { IndexStore } from './index-store';

type RetypeStore = Pick<IndexStore, 'linkTypingRows' | 'setLinkTypes' | 'kindEvidence'>;

/** Re-types the links with candidates touching `paths` (all when null); returns how many changed. */
export async function retypeStoredLinks(store: RetypeStore, paths: string[] | null): Promise<number> {
  return retypeRows(store, await store.linkTypingRows(paths));
}

/** Re-types the given stored links (their ends' types as given); returns how many changed. */
export async function retypeRows(store: RetypeStore, rows: readonly LinkTypingRow[]): Promise<number> {
  const inferred = await inferredKinds(store, rows);
  const kindOf = (key: string, known: EntityKind): EntityKind => (known === 'unknown' ? (inferred.get(key) ?? 'unknown') : known);
  const updates: LinkTypeUpdate[] = [];
  for (const row of rows) {
    const from = kindOf(row.fromPath, kindOfType(row.fromType));
    const to = kindOf(row.toPath ?? missingKey(row.targetText), targetKind(row.toPath, () => row.toType ?? undefined));
    const t = typedFields(chooseCandidate(row.candidates, from, to));
    const evidence = t.evidence ?? null;
    if (t.type !== row.type || t.direction !== row.direction || evidence !== row.evidence || t.past !== row.past) {
      updates.push({ id: row.id, type: t.type, direction: t.direction, evidence, past: t.past });
    }
  }
  await store.setLinkTypes(updates);
  return updates.length;
}

/** The stored links from other notes into `paths`, as they will read once those notes are gone (target missing). */
export async function incomingTypingRows(store: Pick<IndexStore, 'linkTypingRows'>, paths: string[]): Promise<LinkTypingRow[]> {
  const gone = new Set(paths);
  return (await store.linkTypingRows(paths))
    .filter((r) => r.toPath !== null && gone.has(r.toPath) && !gone.has(r.fromPath))
    .map((r) => ({ ...r, toPath: null, toType: null }));
}

/** Targets of the stored links written in `paths` that do not say what they are (their kind rests on links). */
export async function untypedLinkTargets(store: Pick<IndexStore, 'linkTypingRows'>, paths: string[], typeOf: PageTypeOf): Promise<string[]> {
  const from = new Set(paths);
  const out = new Set<string>();
  for (const r of await store.linkTypingRows(paths)) if (from.has(r.fromPath) && r.toPath !== null && targetKind(r.toPath, typeOf) === 'unknown') out.add(r.toPath);
  return [...out];
}

/** Kinds other notes' links give the ends of `rows` that do not say what they are themselves. */
async function inferredKinds(store: RetypeStore, rows: readonly LinkTypingRow[]): Promise<Map<string, EntityKind>> {
  const paths = new Set<string>();
  const missing = new Set<string>();
  for (const row of rows) {
    if (kindOfType(row.fromType) === 'unknown') paths.add(row.fromPath);
    if (row.toPath === null) missing.add(row.targetText.toLowerCase());
    else if (targetKind(row.toPath, () => row.toType ?? undefined) === 'unknown') paths.add(row.toPath);
  }
  if (paths.size === 0 && missing.size === 0) return new Map();
  return inferKinds(await store.kindEvidence([...paths], [...missing]));
}
