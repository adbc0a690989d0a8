// Decides each link's relation type and direction (no LLM): frontmatter keys and inline-field names
// first, then page-type rules, verbs in the link's clause, role priors, and finally `mentions`.
import type { KnownLinkType } from '../types';
import { windowAfter, windowBefore } from './context';
import { normalizeFieldName } from './field-name';
import type { LinkMatch } from './link-match';
import { matchVerb } from './verb-match';

export interface EdgeDecision {
  type: string;
  direction: 'out' | 'in';
  evidence?: string;
}

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
}

// Links separated only by a list separator share one clause: "invested in [[A]], [[B]] and [[C]]".
const ENUM_GAP = /^[ \t]*(?:[,，、&/]|and|or|和|及|与|以及|或)?[ \t]*(?:and|和|及|与)?[ \t]*$/i;
const MAX_ENUM_GAP = 16;

const ROLE_WORD = /(?<![\p{L}])(?:CEO|CTO|CFO|COO|CPO|VP|founder|co-founder|engineer|developer|designer|PM|product manager|manager|director|head of|researcher|scientist|analyst|partner|intern|employee)(?![\p{L}])|工程师|经理|总监|设计师|研究员|首席|总裁|创始人|负责人|主管|分析师|实习生|员工/iu;
const COMPANY_TARGET = /(?:^|\/)compan(?:y|ies)\//i;

/** Decisions for body links (`links` sorted by offset), one per link, same order. */
export function typeBodyLinks(links: readonly LinkMatch[], ctx: BodyTypingContext): EdgeDecision[] {
  const decisions: EdgeDecision[] = new Array<EdgeDecision>(links.length);
  const isMeeting = ctx.pageType.toLowerCase() === 'meeting';
  let roleMemo: boolean | undefined;
  const pageHasRole = (): boolean => (roleMemo ??= hasRole(ctx));
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
    let verb: EdgeDecision | null | undefined;
    for (let k = i; k <= j; k++) {
      const link = links[k]!;
      if (link.source === 'inline-field') {
        decisions[k] = typeInlineFieldLink(link.field ?? 'mentions');
      } else if (link.source === 'embed') {
        decisions[k] = { type: 'mentions', direction: 'out' };
      } else if (isMeeting) {
        decisions[k] = { type: 'attended', direction: 'in', evidence: 'page type: meeting' };
      } else {
        if (verb === undefined) {
          const floor = i > 0 ? links[i - 1]!.end : 0;
          const ceiling = j + 1 < links.length ? links[j + 1]!.start : ctx.scan.length;
          const hit = matchVerb(windowBefore(ctx.scan, first.start, floor), windowAfter(ctx.scan, last.end, ceiling));
          verb = hit ? { type: hit.type, direction: hit.direction, evidence: hit.evidence } : null;
        }
        decisions[k] = verb ?? rolePrior(link, ctx, pageHasRole) ?? { type: 'mentions', direction: 'out' };
      }
    }
    i = j + 1;
  }
  return decisions;
}

/**
 * A person page linking a company (`companies/...`) while naming a role (frontmatter `role`/`title`, or
 * a role word anywhere in the page) most likely records where the person works.
 */
function rolePrior(link: LinkMatch, ctx: BodyTypingContext, pageHasRole: () => boolean): EdgeDecision | null {
  if (ctx.pageType.toLowerCase() !== 'person' || !COMPANY_TARGET.test(link.targetText)) return null;
  if (!pageHasRole()) return null;
  return { type: 'works_at', direction: 'out', evidence: 'prior: person->company role' };
}

function hasRole(ctx: BodyTypingContext): boolean {
  const fm = ctx.frontmatter;
  const hasRoleField = ['role', 'title'].some((k) => {
    const v = fm[k];
    return typeof v === 'string' && v.trim() !== '';
  });
  return hasRoleField || ROLE_WORD.test(ctx.scan);
}
