// Picks the verb that types a link from the clause text just before and just after it.
import { candidatePatterns } from './verb-keys';
import { NEGATION, NOT_YET, PAST_LEAD, PAST_MARKER, PAST_PHRASE, someoneElsesRole, VERB_PATTERNS, VERB_PRECEDENCE, type VerbType } from './verb-patterns';
import { ROLE_EN } from './verb-syntax';

export interface VerbHit {
  type: VerbType;
  direction: 'out' | 'in';
  /** `verb: co-founded`, `verb: worked at (past)`. */
  evidence: string;
  past: boolean;
  /** The pattern is weak evidence: both ends' kinds must be known to fit. */
  strict?: boolean;
}

const HAS_WORD = /[\p{L}\p{N}]/u;

/**
 * Evidence phrases that name a role rather than an act: "CEO of", "founder of", "investor in". (Not "board of" or
 * "advisory board of": "joined the board of [[X]]", "on the advisory board of [[X]]" are the page's own seat.)
 */
const NOUN_PHRASE = new RegExp(String.raw`^(?:co-?|co\s)?(?:founder|founding|investor|angel|backer|advis[oe]r|mentor|employee|${ROLE_EN})(?![\p{L}])`, 'iu');

interface Candidate {
  rank: number;
  distance: number;
  verbAt: number;
  hit: VerbHit;
}

// "co-founded and invested in [[Acme]]": verbs joined by a conjunction all govern the link.
const CONJUNCTION_TAIL = /(?:\s+(?:and|&|or)|\s*(?:和|并且|并|及|与|、))\s*$/iu;
const MAX_CHAIN = 3;

/** The best verb for a link, by type precedence, then by closeness to the link. Null when none. */
export function matchVerb(before: string, after: string): VerbHit | null {
  return matchVerbs(before, after)[0] ?? null;
}

/**
 * Every reading the verbs around a link allow, best first (type precedence, then closeness), one per type and
 * direction: target-aware typing takes the first one the two ends' kinds can hold.
 */
export function matchVerbs(before: string, after: string): VerbHit[] {
  if (!HAS_WORD.test(before) && !HAS_WORD.test(after)) return [];
  const found = hitsIn(before, after, 0);
  let window = before;
  let earliest = Math.min(...found.filter((c) => c.verbAt >= 0).map((c) => c.verbAt), Infinity);
  for (let n = 0; n < MAX_CHAIN && Number.isFinite(earliest); n++) {
    const lead = window.slice(0, earliest);
    const conj = CONJUNCTION_TAIL.exec(lead);
    if (!conj) break;
    window = lead.slice(0, conj.index);
    const more = hitsIn(window, '', before.length - window.length).filter((c) => c.hit.direction === 'out');
    if (more.length === 0) break;
    found.push(...more);
    earliest = Math.min(...more.map((c) => c.verbAt));
  }
  found.sort((a, b) => a.rank - b.rank || a.distance - b.distance);
  const seen = new Set<string>();
  const out: VerbHit[] = [];
  for (const c of found) {
    const key = `${c.hit.type}\u0000${c.hit.direction}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c.hit);
  }
  return out;
}

function hitsIn(before: string, after: string, extraDistance: number): Candidate[] {
  const out: Candidate[] = [];
  const hay = `${before}\n${after}`.toLowerCase();
  const candidates = candidatePatterns(hay);
  for (let pi = 0; pi < VERB_PATTERNS.length; pi++) {
    if (candidates[pi] !== 1) continue;
    const p = VERB_PATTERNS[pi]!;
    const phrases: string[] = [];
    let verbAt = before.length;
    let distance = 0;
    if (p.before) {
      const m = p.before.exec(before);
      if (!m) continue;
      verbAt = m.index;
      distance = before.length - m.index + extraDistance;
      phrases.push(m.groups?.v ?? m[0]);
    } else if (!after) continue;
    if (p.after) {
      const m = p.after.exec(after);
      if (!m) continue;
      if (!p.before) distance = m[0].length;
      phrases.push(m.groups?.v ?? m[0]);
    }
    const lead = before.slice(0, verbAt);
    const near = lead.slice(-40);
    if (NEGATION.test(near) || NOT_YET.test(near)) continue;
    // "met the CEO of [[Acme]]": a role noun after an article is someone else's (a verb phrase never is).
    if (p.before && p.direction === 'out' && NOUN_PHRASE.test(phrases[0] ?? '') && someoneElsesRole(lead)) continue;
    const rank = VERB_PRECEDENCE.indexOf(p.type);
    const phrase = phrases.join('…').replace(/\s+/g, ' ').trim();
    // Only employment and advising end; a founder or an investor stays one.
    const past =
      (p.type === 'works_at' || p.type === 'advises') &&
      (p.past === true || PAST_MARKER.test(lead) || PAST_LEAD.test(lead) || PAST_PHRASE.test(phrases[phrases.length - 1] ?? ''));
    out.push({
      rank,
      distance,
      verbAt: p.before ? verbAt : -1,
      hit: { type: p.type, direction: p.direction, past, evidence: `verb: ${phrase}${past ? ' (past)' : ''}`, ...(p.strict ? { strict: true } : {}) },
    });
  }
  return out;
}
