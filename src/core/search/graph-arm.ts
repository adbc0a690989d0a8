// The graph arm: a relation question names a note ("who works at Acme"); the answer is the notes on the other
// end of the matching typed edges, ranked by how well the vault states each edge. "What connects A and B"
// returns the notes linked to both.
import type { BrainEngine, RelationEdge } from '../engine/brain-engine';
import { nameKey } from '../engine/names';
import { parseRelationAsk, type ParsedAsk } from './relation-intent';
import type { EdgeWalked, EntityRef, QueryIntent } from './types';

export interface GraphHit {
  path: string;
  score: number;
  edges: EdgeWalked[];
  /** Badge label: the relation type, or `connects`. */
  label: string;
}

export interface GraphArmResult {
  intent?: QueryIntent;
  hits: GraphHit[];
}

const PAST = /\(past\)/;
/** Edges read per question; a hub note can have thousands of links and we only rank, never list them all. */
const EDGE_CAP = 5000;

/**
 * How strongly one link states its relation: a field the author filled in (frontmatter, inline field) beats a
 * verb in a sentence, which beats a page-type rule or a role prior.
 */
export function evidenceWeight(edge: Pick<RelationEdge, 'source' | 'evidence'>): number {
  const ev = edge.evidence ?? '';
  if (edge.source === 'frontmatter' || edge.source === 'inline-field' || ev.startsWith('frontmatter:') || ev.startsWith('field:')) return 3;
  if (ev.startsWith('verb:')) return 2;
  if (ev.startsWith('page type:')) return 2;
  return 1;
}

export function isPast(edge: Pick<RelationEdge, 'evidence'>): boolean {
  return PAST.test(edge.evidence ?? '');
}

export function walked(e: RelationEdge): EdgeWalked {
  return { subject: e.subject, object: e.object, type: e.type, note: e.note, line: e.line, evidence: e.evidence, past: isPast(e) };
}

/** The note a name means: an exact title/alias, else the longest title/alias inside the name, else a close title. */
export async function resolveName(engine: BrainEngine, name: string): Promise<EntityRef | null> {
  const named = await engine.findEntities(name, 5);
  const key = nameKey(name);
  const exactName = named.find((n) => nameKey(n.name) === key);
  if (exactName) return { path: exactName.path, title: exactName.title };
  // Trigram search is slower; only names not written exactly get here.
  const titles = await engine.titleSearch(name, 3);
  const exact = titles.find((t) => t.exact);
  if (exact) return { path: exact.path, title: exact.title };
  if (named[0]) return { path: named[0].path, title: named[0].title };
  const close = titles[0];
  if (close && close.score >= 0.6) return { path: close.path, title: close.title };
  return null;
}

/**
 * Answers of a relation question, best first. Several notes stating the same edge add up (independent
 * evidence); within one note the strongest statement counts. Past relations count a quarter, and not at all
 * when the question asks about the present ("who works at").
 */
export function rankRelationAnswers(edges: RelationEdge[], anchor: string, want: 'subjects' | 'objects', tense: 'current' | 'any'): GraphHit[] {
  const perAnswer = new Map<string, { notes: Map<string, number>; edges: EdgeWalked[]; current: boolean }>();
  for (const e of edges) {
    const answer = want === 'subjects' ? e.subject : e.object;
    const anchored = want === 'subjects' ? e.object : e.subject;
    if (anchored !== anchor || answer === anchor) continue;
    let a = perAnswer.get(answer);
    if (!a) {
      a = { notes: new Map(), edges: [], current: false };
      perAnswer.set(answer, a);
    }
    const past = isPast(e);
    if (!past) a.current = true;
    const w = evidenceWeight(e) * (past ? 0.25 : 1);
    a.notes.set(e.note, Math.max(a.notes.get(e.note) ?? 0, w));
    a.edges.push(walked(e));
  }
  const hits: GraphHit[] = [];
  for (const [path, a] of perAnswer) {
    if (tense === 'current' && !a.current) continue;
    let score = 0;
    for (const w of a.notes.values()) score += w;
    hits.push({ path, score, edges: a.edges, label: a.edges[0]?.type ?? 'related' });
  }
  return hits.sort((x, y) => y.score - x.score || (x.path < y.path ? -1 : 1));
}

/**
 * Notes linked to both A and B (meetings they both attended, a company one founded and the other backs), best
 * first: evidence to each side, divided by how linked the note is overall (a hub connects everything, so it
 * explains little). Notes stating a direct A–B edge follow.
 */
export function rankConnections(edges: RelationEdge[], a: string, b: string, degree: Map<string, number>): GraphHit[] {
  const anchors = new Set([a, b]);
  const nodes = new Map<string, { sides: Set<string>; weight: number; edges: EdgeWalked[] }>();
  const direct = new Map<string, { weight: number; edges: EdgeWalked[] }>();
  for (const e of edges) {
    const s = anchors.has(e.subject);
    const o = anchors.has(e.object);
    if (s && o) {
      if (e.subject === e.object) continue;
      const d = direct.get(e.note) ?? { weight: 0, edges: [] };
      d.weight += evidenceWeight(e);
      d.edges.push(walked(e));
      direct.set(e.note, d);
      continue;
    }
    const other = s ? e.object : o ? e.subject : null;
    const side = s ? e.subject : e.object;
    if (other === null) continue;
    const n = nodes.get(other) ?? { sides: new Set<string>(), weight: 0, edges: [] };
    n.sides.add(side);
    n.weight += evidenceWeight(e);
    n.edges.push(walked(e));
    nodes.set(other, n);
  }
  const hits: GraphHit[] = [];
  for (const [path, n] of nodes) {
    if (n.sides.size < 2) continue;
    hits.push({ path, score: 10 + n.weight / Math.log2(2 + (degree.get(path) ?? 0)), edges: n.edges, label: 'connects' });
  }
  for (const [path, d] of direct) {
    if (hits.some((h) => h.path === path)) continue;
    hits.push({ path, score: d.weight, edges: d.edges, label: 'connects' });
  }
  return hits.sort((x, y) => y.score - x.score || (x.path < y.path ? -1 : 1));
}

export async function graphArm(engine: BrainEngine, query: string, ask: ParsedAsk | null = parseRelationAsk(query)): Promise<GraphArmResult> {
  if (!ask) return { hits: [] };
  if (ask.kind === 'relation') {
    const entity = await resolveName(engine, ask.name);
    if (!entity) return { hits: [] };
    const intent: QueryIntent = { kind: 'relation', relation: ask.relation, want: ask.want, entity, tense: ask.tense };
    const edges = await engine.relationEdges({
      paths: [entity.path],
      side: ask.want === 'subjects' ? 'object' : 'subject',
      types: [ask.relation],
      limit: EDGE_CAP,
    });
    return { intent, hits: rankRelationAnswers(edges, entity.path, ask.want, ask.tense) };
  }
  const [x, y] = await Promise.all([resolveName(engine, ask.names[0]), resolveName(engine, ask.names[1])]);
  if (!x || !y || x.path === y.path) return { hits: [] };
  const intent: QueryIntent = { kind: 'connects', entities: [x, y] };
  const edges = await engine.relationEdges({ paths: [x.path, y.path], side: 'either', limit: EDGE_CAP });
  const candidates = [...new Set(edges.flatMap((e) => [e.subject, e.object]))].filter((p) => p !== x.path && p !== y.path);
  const degree = await engine.backlinkCounts(candidates);
  return { intent, hits: rankConnections(edges, x.path, y.path, degree) };
}
