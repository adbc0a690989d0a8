// Target-aware typing: a relation only holds between kinds of notes that can hold it (only people attend
// meetings; one works at, founds or advises an organisation; people and funds invest in one). The parser
// offers an ordered list of candidate readings for a link; the first one the two ends' kinds allow wins. A
// kind that is not known (a note without a type, a missing note) lets the verb decide, except for weak
// readings (`strict`: the meeting-page rule, the role prior) that need the kinds known.

export type EntityKind = 'person' | 'org' | 'meeting' | 'other' | 'unknown';

import type { EdgeCandidate } from '../types';

export type { EdgeCandidate } from '../types';

const PERSON_TYPES = new Set(['person', 'people', 'contact', 'human', 'individual', '人物', '联系人']);
const ORG_TYPES = new Set(['company', 'organisation', 'organization', 'org', 'fund', 'vc', 'investor', 'firm', 'startup', 'business', 'lab', 'institution', 'agency', 'employer', '公司', '机构', '基金']);
const MEETING_TYPES = new Set(['meeting', 'call', 'event', '会议']);
const UNKNOWN_TYPES = new Set(['', 'note']);

/** The kind a page type stands for. */
export function kindOfType(type: string | null | undefined): EntityKind {
  const t = (type ?? '').trim().toLowerCase();
  if (UNKNOWN_TYPES.has(t)) return 'unknown';
  if (PERSON_TYPES.has(t)) return 'person';
  if (ORG_TYPES.has(t)) return 'org';
  if (MEETING_TYPES.has(t)) return 'meeting';
  return 'other';
}

/** Which kinds each built-in relation joins (subject, object). Other types (mentions, fields) join anything. */
const FITS: Readonly<Record<string, { subject: readonly EntityKind[]; object: readonly EntityKind[] }>> = {
  attended: { subject: ['person'], object: ['meeting'] },
  works_at: { subject: ['person'], object: ['org'] },
  founded: { subject: ['person'], object: ['org'] },
  advises: { subject: ['person'], object: ['org'] },
  invested_in: { subject: ['person', 'org'], object: ['org'] },
};

export function relationFits(type: string, subject: EntityKind, object: EntityKind, strict = false): boolean {
  const rule = FITS[type];
  if (!rule) return true;
  const ok = (kind: EntityKind, allowed: readonly EntityKind[]): boolean => allowed.includes(kind) || (!strict && kind === 'unknown');
  return ok(subject, rule.subject) && ok(object, rule.object);
}

/** The first candidate the kinds of the page (where the link is written) and its target allow. */
export function chooseCandidate(candidates: readonly EdgeCandidate[], pageKind: EntityKind, targetKind: EntityKind): EdgeCandidate {
  for (const c of candidates) {
    const subject = c.direction === 'out' ? pageKind : targetKind;
    const object = c.direction === 'out' ? targetKind : pageKind;
    if (relationFits(c.type, subject, object, c.strict === true)) return c;
  }
  return { type: 'mentions', direction: 'out' };
}

/** Relation strength for the graph view: one strongest relation per pair (fields keep their names, unranked). */
export const RELATION_RANK: Readonly<Record<string, number>> = { founded: 0, invested_in: 1, advises: 2, works_at: 3, attended: 4, mentions: 9 };

/** What a stored or parsed link carries about its type. */
export interface TypedLinkFields {
  type: string;
  direction: 'out' | 'in';
  evidence?: string;
  past?: boolean;
}

/** The fields a candidate gives a link (`evidence`/`past` cleared when the candidate has none). */
export function typedFields(c: EdgeCandidate): Required<Pick<TypedLinkFields, 'type' | 'direction' | 'past'>> & { evidence: string | undefined } {
  return { type: c.type, direction: c.direction, evidence: c.evidence, past: c.past === true };
}
