// Re-picks each resolved link's reading once the target's type is known (parse time, from the types the indexer
// already knows; later, the indexer's pass over stored links when a target's type changes).
import { typeFromFolder } from '../markdown/note-type';
import type { ResolvedLink } from '../types';
import { chooseCandidate, kindOfType, typedFields, type EntityKind } from './entity-kinds';

/** A page's type when the caller knows it (stored, or parsed earlier in the run). */
export type PageTypeOf = (path: string) => string | undefined;

/** Kind of a link target: its known type, else what its folder says; unknown when the note does not exist. */
export function targetKind(target: string | null, typeOf: PageTypeOf): EntityKind {
  if (target === null) return 'unknown';
  return kindOfType(typeOf(target) ?? typeFromFolder(target));
}

/** Sets type, direction, evidence and past of every link that has candidates, in place. */
export function typeResolvedLinks(links: ResolvedLink[], pageType: string, typeOf: PageTypeOf): void {
  const pageKind = kindOfType(pageType);
  for (const link of links) {
    if (!link.candidates) continue;
    const t = typedFields(chooseCandidate(link.candidates, pageKind, targetKind(link.target, typeOf)));
    link.type = t.type;
    link.direction = t.direction;
    if (t.evidence === undefined) delete link.evidence;
    else link.evidence = t.evidence;
    if (t.past) link.past = true;
    else delete link.past;
  }
}
