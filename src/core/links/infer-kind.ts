// A kind for a note that does not say what it is (no `type`, no typed folder, no telling frontmatter key), or
// for a missing note, from how other notes link to it: "works at [[X]]" makes X an organisation, "[[X]] joined as
// CTO" on a company page and "Attendees: [[X]]" make X a person, "attended [[X]]" makes X a meeting. Each
// incoming link votes with its best reading that the linking page's own kind allows; the most votes win, a tie
// leaves the note unknown (the verb then decides, as before).
import type { EdgeCandidate } from '../types';
import { kindOfType, relationFits, type EntityKind } from './entity-kinds';

/** One link pointing at a note whose kind is sought. */
export interface KindEvidence {
  /** The note linked to: its path, or `missingKey(target text)` for a note that does not exist. */
  end: string;
  /** Page type of the note the link is written in. */
  fromType: string;
  /** The stored reading (frontmatter keys and inline fields have no other). */
  type: string;
  direction: 'out' | 'in';
  /** The readings of a body link, best first; null when the link has a single fixed reading. */
  candidates: readonly EdgeCandidate[] | null;
}

/** How a missing note is named in kind maps: by its link text, case-folded. */
export function missingKey(targetText: string): string {
  return `\u0001${targetText.toLowerCase()}`;
}

/** What a reading says the linked note is: the object of `type` when `out`, its subject when `in`. */
const OBJECT_KIND: Readonly<Record<string, EntityKind>> = { works_at: 'org', founded: 'org', advises: 'org', invested_in: 'org', attended: 'meeting' };
/** People and funds both invest, so an investor's kind stays open. */
const SUBJECT_KIND: Readonly<Record<string, EntityKind>> = { works_at: 'person', founded: 'person', advises: 'person', attended: 'person' };

function vote(reading: Pick<EdgeCandidate, 'type' | 'direction'>, fromKind: EntityKind): EntityKind | null {
  const implied = reading.direction === 'out' ? OBJECT_KIND[reading.type] : SUBJECT_KIND[reading.type];
  if (implied === undefined) return null;
  // The linking page must fit its own end of the relation ("works at [[X]]" written on a company page is not evidence).
  const fits = reading.direction === 'out' ? relationFits(reading.type, fromKind, implied) : relationFits(reading.type, implied, fromKind);
  return fits ? implied : null;
}

/** What one link says about its target: its first non-weak reading that implies a kind the linking page allows. */
function kindFrom(e: KindEvidence): EntityKind | null {
  const fromKind = kindOfType(e.fromType);
  if (e.candidates === null) return vote(e, fromKind);
  for (const c of e.candidates) {
    if (c.strict === true) continue;
    const kind = vote(c, fromKind);
    if (kind) return kind;
  }
  return null;
}

/** Kinds inferred for the linked notes that have enough votes; ends with none or a tie are left out. */
export function inferKinds(evidence: readonly KindEvidence[]): Map<string, EntityKind> {
  const votes = new Map<string, Map<EntityKind, number>>();
  for (const e of evidence) {
    const kind = kindFrom(e);
    if (!kind) continue;
    let tally = votes.get(e.end);
    if (!tally) votes.set(e.end, (tally = new Map<EntityKind, number>()));
    tally.set(kind, (tally.get(kind) ?? 0) + 1);
  }
  const out = new Map<string, EntityKind>();
  for (const [end, tally] of votes) {
    const ranked = [...tally].sort((a, b) => b[1] - a[1]);
    if (ranked.length === 1 || ranked[0]![1] > ranked[1]![1]) out.set(end, ranked[0]![0]);
  }
  return out;
}
