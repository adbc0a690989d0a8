// Step 1 of think: decide, from the store alone, which notes the answer may use. The set is fixed here, before
// any model sees it, so nothing a model (or a note's text) says can add a note to it.
import type { BrainEngine } from '../engine/brain-engine';
import { sentenceAroundLink } from './link-sentence';
import { frontmatterEntryText } from '../links/frontmatter-entry';
import { pageTitles } from './page-titles';
import { factExcerpts, relationFacts, type RelationFacts } from './relation-facts';
import type { Excerpt, ExcerptOrigin } from './types';

/** What the think step needs from a search hit (a subset of the hybrid search result): an excerpt's place and text. */
export type SearchHitLike = Pick<Excerpt, 'path' | 'title' | 'heading' | 'startLine' | 'endLine' | 'text'>;

export type SearchFn = (query: string, limit: number) => Promise<SearchHitLike[]>;

export interface GatherDeps {
  engine: BrainEngine;
  search: SearchFn;
  /** The user's include/exclude rules: a path it refuses never enters an excerpt. */
  accepts: (path: string) => boolean;
}

export interface GatherOptions {
  /** Vault path of the note the question is about (already resolved). */
  anchor?: string;
  since?: string;
  until?: string;
  maxNotes: number;
  /** Default 3 per note, at most 40. */
  maxExcerpts?: number;
  /** Default 24 000: the prompt's excerpt budget in characters. */
  maxChars?: number;
}

export interface Gathered {
  excerpts: Excerpt[];
  /** Notes named in the question (plus the anchor): where the graph walk and the gap checks start. */
  entities: string[];
  /** For a relation question ("who invested in X"): the typed facts that answer it. */
  facts?: RelationFacts;
}

const MAX_EXCERPT_CHARS = 1200;
const SEARCH_LIMIT = 12;
const ENTITY_LIMIT = 5;

type Candidate = Omit<Excerpt, 'n'>;

export async function gather(deps: GatherDeps, question: string, options: GatherOptions): Promise<Gathered> {
  const { engine, accepts } = deps;
  const entities: string[] = [];
  if (options.anchor && accepts(options.anchor)) entities.push(options.anchor);
  for (const e of await engine.findEntities(question, ENTITY_LIMIT)) {
    if (accepts(e.path) && !entities.includes(e.path)) entities.push(e.path);
  }
  // A relation question is answered by the sentences carrying its typed edges: they lead the excerpts.
  const facts = await relationFacts(engine, accepts, question);
  if (facts && !entities.includes(facts.entity.path)) entities.push(facts.entity.path);

  const hits = (await deps.search(question, SEARCH_LIMIT)).filter((h) => accepts(h.path));
  const searchCandidates = hits.map((h) => candidate(h.path, h.title, h.heading, h.startLine, h.endLine, h.text, 'search'));
  const anchorCandidates = options.anchor && entities[0] === options.anchor ? await anchorChunks(engine, options.anchor) : [];
  const graphCandidates: Candidate[] = [];
  const mentionCandidates: Candidate[] = [];
  const timelineCandidates: Candidate[] = [];
  for (const entity of entities) {
    const graph = await neighbourhood(engine, entity);
    graphCandidates.push(...graph.typed);
    mentionCandidates.push(...graph.mentions);
    const rows = await engine.timeline({ path: entity, since: options.since, until: options.until, limit: 6 });
    for (const r of rows) timelineCandidates.push(candidate(r.path, r.title, 'Timeline', r.line, r.line, `${r.date}: ${r.summary}`, 'timeline'));
  }
  if (options.since || options.until) {
    const rows = await engine.timeline({ since: options.since, until: options.until, limit: 20 });
    for (const r of rows) timelineCandidates.push(candidate(r.path, r.title, 'Timeline', r.line, r.line, `${r.date}: ${r.summary}`, 'timeline'));
  }

  // Search leads (it ranks the question's words), typed edges of named entities follow, then the rest.
  const ordered = [
    ...(facts ? factExcerpts(facts) : []),
    ...anchorCandidates,
    ...searchCandidates.slice(0, 6),
    ...graphCandidates,
    ...searchCandidates.slice(6),
    ...timelineCandidates,
    ...mentionCandidates,
  ].filter((c) => accepts(c.path));
  return { excerpts: select(ordered, options), entities, ...(facts ? { facts } : {}) };
}

function candidate(path: string, title: string, heading: string, startLine: number, endLine: number, text: string, origin: ExcerptOrigin, relation?: string): Candidate {
  const clipped = text.length > MAX_EXCERPT_CHARS ? `${text.slice(0, MAX_EXCERPT_CHARS)}…` : text;
  return { path, title, heading, startLine, endLine, text: clipped.trim(), origin, ...(relation ? { relation } : {}) };
}

async function anchorChunks(engine: BrainEngine, anchor: string): Promise<Candidate[]> {
  const page = await engine.getPage(anchor);
  if (!page) return [];
  // Any word of the title finds the note's own chunks; the first two carry the note's summary.
  const hits = await engine.keywordSearch({ tsquery: page.title, mode: 'or', limit: 2, filters: { paths: [anchor] } });
  if (hits.length > 0) return hits.map((h) => candidate(h.path, h.title, h.heading, h.startLine, h.endLine, h.text, 'anchor'));
  const text = page.compiledTruth.trim();
  return text ? [candidate(anchor, page.title, '', 1, 1, text, 'anchor')] : [];
}

/** The entity's typed links both ways, each as the sentence (or frontmatter field) that states it. */
async function neighbourhood(engine: BrainEngine, entity: string): Promise<{ typed: Candidate[]; mentions: Candidate[] }> {
  const typed: Candidate[] = [];
  const mentions: Candidate[] = [];
  const titleOf = pageTitles(engine);
  for (const link of await engine.outgoingLinks(entity)) {
    if (link.to === null || link.type === 'mentions') continue;
    const text = link.field ? `${await titleOf(entity)}: ${link.field}: ${link.raw}` : sentenceAroundLink(link.context, [link.raw]);
    typed.push(candidate(entity, await titleOf(entity), '', link.line, link.line, text, 'graph', link.type));
  }
  const page = await engine.getPage(entity);
  const names = [page?.title ?? '', ...(page?.aliases ?? []), entity.replace(/\.md$/i, '').split('/').pop() ?? ''].map((n) => `[[${n}`);
  for (const link of await engine.backlinks(entity)) {
    const from = await titleOf(link.from);
    const fieldText = link.source === 'frontmatter' || link.source === 'inline-field';
    const text = fieldText ? `${from}: ${frontmatterEntryText(link.context, names, link.field)}` : sentenceAroundLink(link.context, names);
    const c = candidate(link.from, from, '', link.line, link.line, text, 'graph', link.type);
    (link.type === 'mentions' ? mentions : typed).push(c);
  }
  return { typed, mentions };
}

/** Drops duplicates and overlaps, then fills the note, excerpt and character budgets in order. */
function select(ordered: Candidate[], options: GatherOptions): Excerpt[] {
  const maxExcerpts = options.maxExcerpts ?? Math.min(40, options.maxNotes * 3);
  const maxChars = options.maxChars ?? 24_000;
  const out: Excerpt[] = [];
  const notes = new Set<string>();
  let chars = 0;
  for (const c of ordered) {
    if (out.length >= maxExcerpts) break;
    if (!c.text) continue;
    const overlaps = out.some((e) => e.path === c.path && c.startLine <= e.endLine && c.endLine >= e.startLine && (e.origin !== 'graph' || e.text === c.text));
    if (overlaps) continue;
    if (!notes.has(c.path) && notes.size >= options.maxNotes) continue;
    if (chars + c.text.length > maxChars) continue;
    notes.add(c.path);
    chars += c.text.length;
    out.push({ ...c, n: out.length + 1 });
  }
  return out;
}
