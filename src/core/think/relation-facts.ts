// Relation questions ("Who invested in Acme?", "谁投资了星辰科技？") are answered from typed facts: the links of the
// matching type on the named note, both ways, each with the sentence that states it. Missing notes count (a
// fund named only by a link is still an investor), and a question about the present skips relations that ended.
import type { BrainEngine } from '../engine/brain-engine';
import { resolveName } from '../search/graph-arm';
import { parseRelationAsk } from '../search/relation-intent';
import { sentenceAroundLink } from './link-sentence';
import { frontmatterEntryText } from '../links/frontmatter-entry';
import { pageTitles } from './page-titles';
import { noteLink } from './render';
import type { Claim, Excerpt } from './types';

export interface RelationFact {
  /** The note on the other end; null when it does not exist yet. */
  path: string | null;
  /** Its title, or the link text of a missing note. */
  name: string;
  /** Where the fact is written and the sentence (or field) that states it. */
  writtenIn: string;
  writtenInTitle: string;
  line: number;
  text: string;
}

export interface RelationFacts {
  relation: string;
  want: 'subjects' | 'objects';
  entity: { path: string; title: string };
  facts: RelationFact[];
}

const MAX_FACTS = 24;

export async function relationFacts(engine: BrainEngine, accepts: (path: string) => boolean, question: string): Promise<RelationFacts | null> {
  const ask = parseRelationAsk(question);
  if (!ask || ask.kind !== 'relation') return null;
  const entity = await resolveName(engine, ask.name);
  if (!entity || !accepts(entity.path)) return null;
  const titleOf = pageTitles(engine, [[entity.path, entity.title]]);
  // The entity is the object when the question wants subjects ("who invested in X"), the subject otherwise.
  const entityIsObject = ask.want === 'subjects';
  const wanted = (type: string, past: boolean): boolean => type === ask.relation && !(past && ask.tense === 'current');
  const facts: RelationFact[] = [];
  const page = await engine.getPage(entity.path);
  const names = [entity.title, ...(page?.aliases ?? [])].map((n) => `[[${n}`);
  // Written on the entity's page: the other end is the link target.
  for (const l of await engine.outgoingLinks(entity.path)) {
    if (!wanted(l.type, l.past) || (l.direction === 'in') !== entityIsObject) continue;
    if (l.to !== null && !accepts(l.to)) continue;
    facts.push({
      path: l.to,
      name: l.to ? await titleOf(l.to) : l.targetText,
      writtenIn: entity.path,
      writtenInTitle: entity.title,
      line: l.line,
      text: l.field ? `${entity.title}: ${l.field}: ${l.raw}` : sentenceAroundLink(l.context, [l.raw]),
    });
  }
  // Written on other pages that link to the entity.
  for (const b of await engine.backlinks(entity.path)) {
    if (!wanted(b.type, b.past) || (b.direction === 'out') !== entityIsObject || !accepts(b.from) || b.from === entity.path) continue;
    const from = await titleOf(b.from);
    const field = b.source === 'frontmatter' || b.source === 'inline-field';
    facts.push({ path: b.from, name: from, writtenIn: b.from, writtenInTitle: from, line: b.line, text: field ? `${from}: ${frontmatterEntryText(b.context, names, b.field)}` : sentenceAroundLink(b.context, names) });
  }
  return { relation: ask.relation, want: ask.want, entity, facts: facts.filter((f) => f.text !== '').slice(0, MAX_FACTS) };
}

/** The facts as gather candidates (graph excerpts), in the order they were found. */
export function factExcerpts(r: RelationFacts): Omit<Excerpt, 'n'>[] {
  return r.facts.map((f) => ({ path: f.writtenIn, title: f.writtenInTitle, heading: '', startLine: f.line, endLine: f.line, text: f.text, origin: 'graph', relation: r.relation }));
}

const SUBJECT_LEAD: Record<string, string> = {
  founded: 'Founders of {e}',
  invested_in: 'Investors in {e}',
  advises: 'Advisors to {e}',
  works_at: 'People at {e}',
  attended: 'Attended {e}',
};
const OBJECT_LEAD: Record<string, string> = {
  founded: '{e} founded',
  invested_in: '{e} invested in',
  advises: '{e} advises',
  works_at: '{e} works at',
  attended: '{e} attended',
};

/**
 * The answer's first claim: the related notes by name (a missing note as `[[its name]]`), cited to the excerpts
 * that state each fact. Null when no fact made it into the excerpts.
 */
export function factClaim(r: RelationFacts, excerpts: Excerpt[]): Claim | null {
  const named: string[] = [];
  const seen = new Set<string>();
  const citations: Claim['citations'] = [];
  for (const f of r.facts) {
    const e = excerpts.find((x) => x.origin === 'graph' && x.path === f.writtenIn && x.startLine === f.line && x.text === f.text);
    if (!e) continue;
    citations.push({ path: e.path, title: e.title, line: e.startLine, n: e.n });
    const key = f.path ?? `\u0000${f.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    named.push(f.path ? noteLink(f.path, f.name) : `[[${f.name.replace(/[[\]|#^]/g, ' ').trim()}]] (no note yet)`);
  }
  if (named.length === 0) return null;
  const lead = (r.want === 'subjects' ? SUBJECT_LEAD : OBJECT_LEAD)[r.relation] ?? `${r.relation.replace(/_/g, ' ')} ({e})`;
  return { text: `${lead.replace('{e}', r.entity.title)}: ${named.join(', ')}.`, citations, from: 'typed-facts' };
}
