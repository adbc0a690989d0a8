// Decides each link's relation type and direction (no LLM): frontmatter keys and inline-field names
// first; body links get an ordered list of readings (verbs in the link's clause, the meeting-page rule, a role
// prior, `mentions`) of which target-aware typing (entity-kinds.ts) takes the first the two ends can hold.
import type { KnownLinkType } from '../types';
import { windowAfter, windowBefore } from './context';
import { normalizeFieldName } from './field-name';
import type { LinkMatch } from './link-match';
import { kindOfType, type EdgeCandidate } from './entity-kinds';
import { opensWithOtherSubject } from './clause-subject';
import { LINK_MARK } from './subject-patterns';
import { matchVerbs } from './verb-match';
import { someoneElsesRole } from './verb-patterns';
import { ROLE_EN } from './verb-syntax';

export type EdgeDecision = EdgeCandidate;

interface FieldRule {
  type: KnownLinkType;
  direction: 'out' | 'in';
  /** The rule only holds on these page types (`key_people` means employees only on a company page). */
  pageTypes?: readonly string[];
}

const FRONTMATTER_RULES: Readonly<Record<string, FieldRule>> = {
  company: { type: 'works_at', direction: 'out' },
  companies: { type: 'works_at', direction: 'out' },
  employer: { type: 'works_at', direction: 'out' },
  founded: { type: 'founded', direction: 'out' },
  founder_of: { type: 'founded', direction: 'out' },
  key_people: { type: 'works_at', direction: 'in', pageTypes: ['company'] },
  team: { type: 'works_at', direction: 'in', pageTypes: ['company'] },
  employees: { type: 'works_at', direction: 'in', pageTypes: ['company'] },
  founders: { type: 'founded', direction: 'in', pageTypes: ['company'] },
  investors: { type: 'invested_in', direction: 'in' },
  investments: { type: 'invested_in', direction: 'out' },
  portfolio: { type: 'invested_in', direction: 'out' },
  advisors: { type: 'advises', direction: 'in' },
  advisers: { type: 'advises', direction: 'in' },
  advises: { type: 'advises', direction: 'out' },
  advisor_to: { type: 'advises', direction: 'out' },
  adviser_to: { type: 'advises', direction: 'out' },
  attendees: { type: 'attended', direction: 'in', pageTypes: ['meeting'] },
  participants: { type: 'attended', direction: 'in', pageTypes: ['meeting'] },
  related: { type: 'related_to', direction: 'out' },
  see_also: { type: 'related_to', direction: 'out' },
};

/** Type of a link found in frontmatter key `key` on a page of type `pageType`. */
export function typeFrontmatterLink(key: string, pageType: string): EdgeDecision {
  const name = normalizeFieldName(key);
  const rule = Object.prototype.hasOwnProperty.call(FRONTMATTER_RULES, name) ? FRONTMATTER_RULES[name] : undefined;
  const applies = rule && (!rule.pageTypes || rule.pageTypes.includes(pageType.toLowerCase()));
  const evidence = `frontmatter: ${key}`;
  if (rule && applies) return { type: rule.type, direction: rule.direction, evidence };
  return { type: name || 'mentions', direction: 'out', evidence };
}

/** Inline fields keep their (normalized) name as the type. */
export function typeInlineFieldLink(field: string): EdgeDecision {
  return { type: field, direction: 'out', evidence: `field: ${field}` };
}

export interface BodyTypingContext {
  /** The masked file text (code/comments/math blanked), same offsets as the file. */
  scan: string;
  pageType: string;
  frontmatter: Record<string, unknown>;
  /** `nameTokens` of the page's title, aliases and file name: a clause opening with another name is not the page's. */
  pageNames?: ReadonlySet<string>;
}

/** A body link's readings, best first; `mentions` (or the field) closes every list. */
export interface BodyDecision {
  candidates: EdgeCandidate[];
}

// Links separated only by a list separator share one clause: "invested in [[A]], [[B]] and [[C]]".
const ENUM_GAP = /^[ \t]*(?:[,，、&/]|and|or|和|及|与|以及|或)?[ \t]*(?:and|和|及|与)?[ \t]*$/i;
const MAX_ENUM_GAP = 16;

// Singular: "mentoring founders at [[X]]" names other people.
const FOUNDER_WORD = /(?<![\p{L}])(?:co-?)?founder(?![\p{L}])|联合创始人|创始人|创办人/giu;
const ROLE_WORD = /(?<![\p{L}])(?:CEO|CTO|CFO|COO|CPO|VP|engineer|developer|designer|PM|product manager|manager|director|head of|researcher|scientist|analyst|intern|employee)(?![\p{L}])|工程师|经理|总监|设计师|研究员|首席|总裁|负责人|主管|分析师|实习生|员工/giu;
/** A line that lists who was there: "Attendees: …", "参会人：…" (the verb tables type its links). */
const ATTENDEE_LINE = /^[ \t>*_-]*(?:\*\*|__)?(?:attendees|participants|present|in attendance|参会人员?|参会者|与会者|与会人员|出席人员?|出席者|参加人员?)(?:\*\*|__)?\s*[:：]/imu;
const MENTION: EdgeCandidate = { type: 'mentions', direction: 'out' };

/** Decisions for body links (`links` sorted by offset), one per link, same order. */
export function typeBodyLinks(links: readonly LinkMatch[], ctx: BodyTypingContext): BodyDecision[] {
  const decisions: BodyDecision[] = new Array<BodyDecision>(links.length);
  const isMeeting = kindOfType(ctx.pageType) === 'meeting';
  // A meeting that names its attendees (a field or an attendee line) says who was there; other people in its
  // prose were only talked about. Without such a list, people in the prose are the attendees.
  const listsAttendees = isMeeting && (hasAttendeeField(ctx.frontmatter) || ATTENDEE_LINE.test(ctx.scan));
  const isPerson = kindOfType(ctx.pageType) === 'person';
  const attendees = listsAttendees ? attendeeNames(ctx.frontmatter, links, ctx.scan) : new Set<string>();
  let i = 0;
  while (i < links.length) {
    // Group links joined by list separators.
    let j = i;
    while (j + 1 < links.length) {
      const gapStart = links[j]!.end;
      const gapEnd = links[j + 1]!.start;
      if (gapEnd - gapStart > MAX_ENUM_GAP || !ENUM_GAP.test(ctx.scan.slice(gapStart, gapEnd))) break;
      j++;
    }
    const first = links[i]!;
    const last = links[j]!;
    let verbs: EdgeCandidate[] | undefined;
    let ownClause = true;
    for (let k = i; k <= j; k++) {
      const link = links[k]!;
      if (link.source === 'inline-field') {
        decisions[k] = { candidates: [typeInlineFieldLink(link.field ?? 'mentions')] };
        continue;
      }
      if (link.source === 'embed') {
        decisions[k] = { candidates: [MENTION] };
        continue;
      }
      if (verbs === undefined) {
        const floor = i > 0 ? links[i - 1]!.end : 0;
        const next = j + 1 < links.length ? links[j + 1]!.start : ctx.scan.length;
        let after = windowAfter(ctx.scan, last.end, next);
        if (j + 1 < links.length && last.end + after.length === next) after += LINK_MARK;
        const before = windowBefore(ctx.scan, first.start, floor);
        // "Harbor invested in [[Acme]]" on Elena's page: the verb is Harbor's, so no reading makes the page its subject.
        ownClause = ctx.pageNames === undefined || !opensWithOtherSubject(before, ctx.pageNames);
        verbs = matchVerbs(before, after).filter((h) => ownClause || h.direction === 'in').map((h) => ({
          type: h.type,
          direction: h.direction,
          evidence: h.evidence,
          ...(h.past ? { past: true } : {}),
          ...(h.strict ? { strict: true } : {}),
        }));
      }
      const candidates = [...verbs];
      const apposed = appositionIn(ctx.scan, link, k + 1 < links.length ? links[k + 1]!.start : ctx.scan.length);
      if (apposed) candidates.push(apposed);
      // A meeting's prose naming someone its attendee list names: "[[Tom]] asked about churn".
      if (attendees.size > 0 && attendees.has(nameKey(link.targetText)) && !onAttendeeLine(ctx.scan, link)) {
        candidates.push({ type: 'attended', direction: 'in', evidence: 'listed attendee' });
      }
      if (isMeeting && !listsAttendees) candidates.push({ type: 'attended', direction: 'in', evidence: 'page type: meeting', strict: true });
      // A founder word beside a company link ("founder & CEO, [[Acme]]", "Co-founder, [[Acme]] (CTO)") says more
      // than the role word next to it: it is tried first.
      if (isPerson && ownClause) {
        // Only the words between the neighbouring links: "Founder of [[A]]; ex-[[B]]" says nothing of a founder at B.
        const near = aroundLink(ctx.scan, links, i, j);
        if (ownWordIn(near, FOUNDER_WORD)) candidates.push({ type: 'founded', direction: 'out', evidence: 'prior: person->company founder', strict: true });
        if (ownWordIn(near, ROLE_WORD)) candidates.push({ type: 'works_at', direction: 'out', evidence: 'prior: person->company role', strict: true });
      }
      candidates.push(MENTION);
      decisions[k] = { candidates };
    }
    i = j + 1;
  }
  return decisions;
}

function hasAttendeeField(fm: Record<string, unknown>): boolean {
  return ['attendees', 'participants'].some((k) => {
    const v = fm[k];
    return (typeof v === 'string' && v.trim() !== '') || (Array.isArray(v) && v.length > 0);
  });
}

/**
 * A person page naming a role (or "founder") in the same sentence as a company link ("Dana - CTO, [[Nimbus]]") most
 * likely records the person's own role there; only taken when the target is known to be an organisation, and not
 * when the word is someone else's ("met the CEO of [[Nimbus]]").
 */
function ownWordIn(text: string, word: RegExp): boolean {
  for (const m of text.matchAll(word)) {
    if (!someoneElsesRole(text.slice(0, m.index))) return true;
  }
  return false;
}

/** The sentence around the link group [i, j], cut at the links before and after it. */
function aroundLink(scan: string, links: readonly LinkMatch[], i: number, j: number): string {
  const floor = i > 0 ? links[i - 1]!.end : 0;
  const ceiling = j + 1 < links.length ? links[j + 1]!.start : scan.length;
  return `${windowBefore(scan, links[i]!.start, floor, false)} ${windowAfter(scan, links[j]!.end, ceiling, false)}`;
}

/**
 * "- [[Sofia Marquez]], CEO", "[[Maya Okafor]] — Head of ML", "[[Hiro Tanaka]] (founder, left in 2022)": a role or
 * "founder" set right after a link says what the target is to this page (an organisation's). Weak on its own (a
 * daily note writes the same about someone else's company), so only taken when both kinds are known to fit.
 */
function appositionIn(scan: string, link: LinkMatch, ceiling: number): EdgeCandidate | null {
  const after = windowAfter(scan, link.end, ceiling, false);
  if (FOUNDER_APPOSITION.test(after)) return { type: 'founded', direction: 'in', evidence: 'apposition: founder', strict: true };
  const role = ROLE_APPOSITION.exec(after);
  if (!role) return null;
  return { type: 'works_at', direction: 'in', evidence: `apposition: ${role[0].replace(/^[\s,:—–-]+/u, '').trim()}`, strict: true, ...(role.groups?.former ? { past: true } : {}) };
}

const FOUNDER_APPOSITION = /^\s*(?:[,:—–-]|\(|（)\s*(?:(?:the|our|its)\s+)?(?:co-?)?founder(?![\p{L}])|^\s*[,，:：—–-]?\s*(?:联合)?创始人/iu;
const ROLE_APPOSITION = new RegExp(String.raw`^\s*[,:—–-]\s*(?:(?:the|our|its)\s+)?(?:(?<former>former|ex-)\s*|(?:new|current|acting)\s+)?${ROLE_EN}(?![\p{L}])`, 'iu');

/** A name as attendee lists and links write it: `[[People/Ann Lee|Ann]]` and `Ann Lee` are both `ann lee`. */
function nameKey(text: string): string {
  const target = text.replace(/^\[\[|\]\]$/g, '').split('|')[0]!.split('#')[0]!;
  return (target.split('/').pop() ?? '').replace(/\.md$/i, '').trim().toLowerCase();
}

/** Whom a meeting lists as there: its `attendees`/`participants` field and the links on its attendee lines. */
function attendeeNames(fm: Record<string, unknown>, links: readonly LinkMatch[], scan: string): Set<string> {
  const names = new Set<string>();
  for (const key of ['attendees', 'participants']) {
    const v = fm[key];
    for (const item of Array.isArray(v) ? v : [v]) if (typeof item === 'string' && item.trim() !== '') names.add(nameKey(item));
  }
  for (const link of links) if (onAttendeeLine(scan, link)) names.add(nameKey(link.targetText));
  return names;
}

function onAttendeeLine(scan: string, link: LinkMatch): boolean {
  const start = scan.lastIndexOf('\n', link.start - 1) + 1;
  const end = scan.indexOf('\n', link.start);
  return ATTENDEE_LINE.test(scan.slice(start, end < 0 ? scan.length : end));
}
