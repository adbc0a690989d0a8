// Hybrid search, stage by stage (docs/search.md): intent; keyword, title, vector, relation-graph and (for a
// time window) dated-note arms fused with Reciprocal Rank Fusion at the note level; graph augmentation from the
// best answers; the best chunk(s) of each note with boosts and leads; evidence tags and create-safety; the page,
// fitted to a token budget.
import type { BrainEngine, ChunkHit } from '../engine/brain-engine';
import { graphNeighbours, type Neighbour } from './augment';
import { applyBoosts, boostsFor, BOOST } from './boosts';
import { createSafety, entityNaming, evidenceTags, rareWords } from './evidence';
import { graphArm, type GraphHit } from './graph-arm';
import { classifyIntent } from './intent';
import { keywordArm } from './keyword-arm';
import { fitToBudget, MODES, modeOf } from './modes';
import { capQuery, queryTerms } from './query-terms';
import { fuseRrf, rrfContribution, type ArmList, type RankedItem } from './rrf';
import { rerankResults } from './rerank';
import { EXPANSION_WEIGHT, expansionArms, startExpansion } from './query-expansion';
import { modelStagePlan } from './model-stage-plan';
import { withNameLookupCache } from './name-lookups';
import { makeSnippet, snippetHighlights } from './snippet';
import { withoutTimeWords } from './temporal';
import { datedInWindow, leadingDated, temporalLead, type DatedHit } from './temporal-answers';
import { titleArm } from './title-arm';
import type { ArmName, Boost, EdgeWalked, ExplainRecord, SearchDeps, SearchOptions, SearchResponse, SearchResult } from './types';
import { vectorArm } from './vector-arm';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;
export const MAX_OFFSET = 10_000;
/** Chunks of one note that may appear in the results. */
export const MAX_CHUNKS_PER_NOTE = 2;

/** Arm weights in the fusion (weighted RRF). */
export const ARM_WEIGHTS: Record<ArmName, number> = { keyword: 1, vector: 1, title: 1, graph: 1, dated: 1, expansion: EXPANSION_WEIGHT };
/**
 * The built-in static word-vector embedder is much weaker than keyword search on real questions (Obsidian Help
 * set: vector arm alone R@5 0.59, BM25 alone 0.87; fused at equal weight 0.80, at 0.1 0.87 with MRR 0.76), so
 * its arm only breaks near-ties. Once the keyword ranker weighed coverage (session 8), 0.05 measured at least as
 * well as 0.1 on every dev half (R@5/MRR: EN help .889/.790 -> .889/.810, blind EN MRR .620 -> .639, EN typo
 * .909/.818 -> 1.0/.826, fuzzy .962/.869 -> .981/.904, new EN MRR .532 -> .570, people MRR .829 -> .850; 0.03
 * lost a question each on EN help and new EN; 0.2 was worse everywhere). Session 10, after the embedder shrank to
 * 20k words (its near-ties moved): 0.04 at or above 0.05 on every dev half (MRR EN help .807 -> .812, blind EN .633
 * -> .650, new EN .570 -> .577, EN typo .765 -> .773, fuzzy .865 -> .885, people .854 unchanged; 0.03 again lost a
 * question on new EN, 0.065 and 0.08 lost MRR on new EN and fuzzy). Provider embedders keep the full weight.
 */
export const BUILTIN_VECTOR_WEIGHT = 0.04;
function clampInt(n: number | undefined, fallback: number, min: number, max: number): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(min, Math.min(max, Math.floor(n)));
}

/**
 * Notes ranked by their best chunk. Adding half the second-best chunk (a note answering in two sections) helped
 * before every chunk carried its note's title and properties (text/search-fields.ts); since then a second chunk
 * repeats the name's evidence, and best-chunk-only measured better on the dev halves (R@5 / MRR, half -> none:
 * EN help .853/.741 -> .877/.751, blind EN .735/.592 -> .779/.595, EN typo .909/.773 -> .909/.818, fuzzy
 * .904/.776 -> .942/.821, mixed .970/1.0 -> 1.0/.955, ZH help .800/.609 -> .800/.567; a quarter lay between).
 */
export function noteRanking(hits: ChunkHit[]): RankedItem[] {
  const best = new Map<string, number>();
  for (const h of hits) best.set(h.path, Math.max(best.get(h.path) ?? -Infinity, h.rank));
  return [...best]
    .map(([key, score]) => ({ key, score }))
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * True when a Latin query word appears in no hit's title or text. Compared on the word without its last two
 * letters (at least three kept), so inflections the stemmer matched (`hovers`/`hovering`) still count as found.
 */
export function hasUnmatchedWord(words: string[], hits: ChunkHit[]): boolean {
  const texts = hits.map((h) => `${h.title}\n${h.text}`.toLowerCase());
  return words.some((w) => {
    if (!/^[\p{Script=Latin}\p{N}]/u.test(w)) return false;
    const stem = w.length > 5 ? w.slice(0, w.length - 2) : w;
    return !texts.some((t) => t.includes(stem));
  });
}

/** Notes whose keyword hits, together, hold every word (Latin words compared as in hasUnmatchedWord). */
export function notesHoldingAll(words: string[], hits: ChunkHit[]): Set<string> {
  const byNote = new Map<string, ChunkHit[]>();
  for (const h of hits) byNote.set(h.path, [...(byNote.get(h.path) ?? []), h]);
  const out = new Set<string>();
  for (const [path, list] of byNote) {
    const text = list.map((h) => `${h.title}\n${h.text}`.toLowerCase()).join('\n');
    const cjkMissing = words.some((w) => !/^[\p{Script=Latin}\p{N}]/u.test(w) && !text.includes(w.toLowerCase()));
    if (!cjkMissing && !hasUnmatchedWord(words, list)) out.add(path);
  }
  return out;
}

export function vectorWeight(embedderId: string | undefined): number {
  return embedderId?.startsWith('builtin:') ? BUILTIN_VECTOR_WEIGHT : ARM_WEIGHTS.vector;
}



interface NoteCandidate {
  path: string;
  rrf: number;
  arms: ExplainRecord['arms'];
  /** This note's chunks with their chunk-level fused score, best first. */
  chunks: { hit: ChunkHit; score: number }[];
  graph?: GraphHit;
  dated?: DatedHit;
  augmented?: Neighbour;
}

/** Words that carry no topic in a question about a time ("what happened", 发生了什么, "notes from"). */
const TIME_FILLER = new Set(['happened', 'happen', 'happens', 'occurred', 'occur', 'going', 'done', 'did', 'notes', 'note', 'wrote', 'written', '发生', '发生了', '做了', '写了', '笔记', '记录', '事情']);

export async function hybridSearch(deps: SearchDeps, query: string, options: SearchOptions = {}): Promise<SearchResponse> {
  const limit = clampInt(options.limit, DEFAULT_LIMIT, 0, MAX_LIMIT);
  const offset = clampInt(options.offset, 0, 0, MAX_OFFSET);
  const mode = modeOf(options.mode);
  const settings = MODES[mode];
  const q = capQuery(query);
  if (q.length === 0 || limit === 0) return { query, results: [], intent: { kind: 'general' }, mode };
  // Title and alias look-ups repeat across the stages (title arm, graph arm, intent, create-safety).
  const engine = withNameLookupCache(deps.engine);
  const embedder = settings.vector ? deps.embedder : null;
  const filters = options.filters;
  const stages: Record<string, string> = {};
  // Each arm reads deeper than the page asked for, so fusion has overlap to work with.
  const depthOf = (factor: number): number => Math.min(1000, Math.max(50, (offset + limit) * factor));
  const depth = depthOf(settings.depthFactor);
  // Reading deeper only adds candidates below what balanced reads, never re-orders its head: the keyword ranker
  // scores a candidate pool that grows with the depth (keyword-ranker.ts), and which words the hits hold decides
  // whether the close-title arm runs. So every arm reads balanced's depth, and deep appends what a deeper read adds.
  const headDepth = Math.min(depth, depthOf(MODES.balanced.depthFactor));
  const terms = queryTerms(q);
  const kw = await keywordArm(engine, terms, headDepth, filters);
  const vec = embedder ? await vectorArm(engine, embedder, q, headDepth, filters) : { hits: [], skipped: deps.embedder ? `${mode} mode` : 'no embedder' };
  // Close-title (typo) search costs a trigram scan of every name: only when some typed word occurs in none of
  // the keyword hits, i.e. is probably misspelt or truncated (a word that matched needs no correcting).
  const title = await titleArm(engine, q, terms.words, 10, kw.hits.length === 0 || hasUnmatchedWord(terms.words, kw.hits));
  const graph = await graphArm(engine, q);
  // Deep's deeper reads add only notes no arm found at balanced's depth (each ranked after the head's notes).
  const found = new Set([...kw.hits, ...vec.hits].map((h) => h.path).concat(title.items.map((i) => i.key), graph.hits.map((h) => h.path)));
  const deeper = async (hits: ChunkHit[], read: (d: number) => Promise<ChunkHit[]>): Promise<ChunkHit[]> =>
    depth > headDepth && hits.length >= headDepth ? appendNew(hits, await read(depth), found) : hits;
  kw.hits = await deeper(kw.hits, async (d) => (await keywordArm(engine, terms, d, filters)).hits);
  if (embedder && !vec.skipped) vec.hits = await deeper(vec.hits, async (d) => (await vectorArm(engine, embedder, q, d, filters)).hits);
  stages.vector = vec.skipped ? `skipped: ${vec.skipped}` : `${vec.hits.length} chunks`;
  const intent = await classifyIntent(engine, q, graph.intent, options.now ?? new Date());
  stages.intent = intent.kind;
  // The model's rewrites of an open question (deep mode with a model): started now, read before fusion.
  const plan = modelStagePlan(intent, undefined);
  const expanding = mode === 'deep' && deps.expander && !plan.expandSkip ? startExpansion(deps.expander, q, deps.modelTimeoutMs) : null;

  // A time window: the notes dated inside it form their own arm, earliest first.
  let dated: DatedHit[] = [];
  let topic: string[] = [];
  if (intent.kind === 'temporal') {
    dated = await datedInWindow(engine, intent.window, filters?.hidden);
    topic = queryTerms(withoutTimeWords(q, intent.window)).words.filter((w) => !TIME_FILLER.has(w));
  }
  const topical = topic.length > 0;
  if (intent.kind === 'temporal') {
    stages.temporal = `${dated.length} notes dated ${intent.window.since}..${intent.window.until}${topical ? ', must also match the other words' : ''}`;
  }

  const expansion = expanding ? await expansionArms(engine, expanding, depth, filters, terms) : null;
  stages.expansion = expansion ? expansion.stage : mode !== 'deep' ? `skipped: ${mode} mode` : !deps.expander ? 'skipped: no model configured' : plan.expandSkip!;
  const expansionLists = (expansion?.queries ?? []).map((x) => ({ hits: x.hits, weight: ARM_WEIGHTS.expansion / expansion!.queries.length }));

  const vw = vectorWeight(embedder?.id);
  const lists: ArmList[] = [
    { arm: 'keyword', weight: ARM_WEIGHTS.keyword, items: noteRanking(kw.hits) },
    { arm: 'vector', weight: vw, items: noteRanking(vec.hits) },
    { arm: 'title', weight: ARM_WEIGHTS.title, items: title.items },
    { arm: 'graph', weight: ARM_WEIGHTS.graph, items: graph.hits.map((h) => ({ key: h.path, score: h.score })) },
    ...expansionLists.map((x) => ({ arm: 'expansion' as const, weight: x.weight, items: noteRanking(x.hits) })),
  ];
  // A topical time question ("meetings with Acme in March") keeps its dated notes out of fusion: they only lead
  // when the words found them too.
  if (dated.length > 0 && !topical) lists.push({ arm: 'dated', weight: ARM_WEIGHTS.dated, items: dated.map((d, i) => ({ key: d.path, score: dated.length - i })) });
  const fused = fuseRrf(lists);

  // Chunk-level scores (same RRF over the chunk lists) pick which chunk represents a note.
  const chunkScore = new Map<number, { hit: ChunkHit; score: number }>();
  const addChunks = (hits: ChunkHit[], weight: number): void => {
    hits.forEach((hit, i) => {
      const c = chunkScore.get(hit.chunkId) ?? { hit, score: 0 };
      c.score += rrfContribution(i + 1, weight);
      chunkScore.set(hit.chunkId, c);
    });
  };
  addChunks(kw.hits, ARM_WEIGHTS.keyword);
  addChunks(vec.hits, vw);
  for (const x of expansionLists) addChunks(x.hits, x.weight);
  const chunksByNote = new Map<string, { hit: ChunkHit; score: number }[]>();
  for (const c of chunkScore.values()) {
    const list = chunksByNote.get(c.hit.path) ?? [];
    list.push(c);
    chunksByNote.set(c.hit.path, list);
  }
  const graphByPath = new Map(graph.hits.map((h) => [h.path, h]));
  // "Meetings with Acme in March": a dated note leads only when its keyword hits hold every other word (a year
  // in a description, "the company started in 2018 in Boston", is not a question about 2018's notes).
  const leading = leadingDated(dated, topical, topical ? notesHoldingAll(topic, kw.hits) : new Set());
  const datedByPath = new Map(leading.map((d) => [d.path, d]));
  const candidates: NoteCandidate[] = fused.map((f) => ({
    path: f.key,
    rrf: f.rrf,
    arms: f.arms,
    chunks: (chunksByNote.get(f.key) ?? []).sort((a, b) => b.score - a.score || a.hit.chunkId - b.hit.chunkId),
    graph: graphByPath.get(f.key),
    dated: datedByPath.get(f.key),
  }));

  // Only the notes that can reach the requested page need boosts and chunk look-ups.
  const window = candidates.slice(0, Math.max(offset + limit, 1) * 2 + 10);
  await fillMissingChunks(engine, window, filters);
  const present = window.filter((c) => c.chunks.length > 0);
  const backlinks = settings.backlinks ? await engine.backlinkCounts(present.map((c) => c.path)) : new Map<string, number>();

  const relational = graph.intent !== undefined;
  const scored = present.map((c) => {
    const boosts = boostsFor({
      exactTitle: title.exact.has(c.path),
      backlinks: backlinks.get(c.path) ?? 0,
    });
    // A relation question's answers lead, ordered by edge evidence (an evidence point outweighs any fused
    // score, which is below 0.1); the fused score orders answers with equal evidence and everything else.
    const evidence = relational && c.graph ? c.graph.score : 0;
    const datedIndex = c.dated ? leading.indexOf(c.dated) : -1;
    const lead = datedIndex >= 0 ? temporalLead(datedIndex, leading.length) : 0;
    return { c, boosts, evidence, lead, score: applyBoosts(c.rrf, boosts) + evidence + lead };
  });

  // Graph augmentation: from the best answers out along their links, for entity and open questions.
  const augmentable = intent.kind === 'entity' || intent.kind === 'general';
  if (settings.hops > 0 && augmentable && scored.length > 0) {
    const ranked = [...scored].sort((a, b) => b.score - a.score);
    const anchors = (intent.kind === 'entity' ? ranked.filter((x) => x.c.path === intent.entity.path) : ranked).slice(0, settings.anchors);
    const have = new Set(scored.map((x) => x.c.path));
    // An open question walks typed edges only: its anchors are less certain than a named note, and plain
    // mentions from them pulled unrelated notes into the top five (blind EN paraphrase dev half, R@5
    // 0.735 -> 0.706 with mentions, unchanged without; fuzzy descriptions unchanged either way).
    const neighbours = await graphNeighbours(engine, anchors.map((a) => ({ path: a.c.path, score: a.score })), settings.hops, intent.kind === 'general');
    const fresh = neighbours.filter((n) => !have.has(n.path));
    // A neighbour fusion ranked below the window keeps its arms and chunks; the others get their linking chunk.
    const byCandidate = new Map(candidates.map((c) => [c.path, c]));
    const added: NoteCandidate[] = fresh.map((n) => ({ ...(byCandidate.get(n.path) ?? { path: n.path, rrf: 0, arms: [], chunks: [] }), augmented: n }));
    await fillMissingChunks(engine, added, filters);
    for (const c of added) if (c.chunks.length > 0 && c.augmented) scored.push({ c, boosts: [], evidence: 0, lead: 0, score: Math.max(c.rrf, c.augmented.score) });
    // A note already found rises to what its link to an anchor is worth, if that is more (so a hop-1 neighbour
    // never trails a hop-2 one), and the edge is evidence either way.
    const byPath = new Map(neighbours.map((n) => [n.path, n]));
    for (const x of scored) {
      const n = byPath.get(x.c.path);
      if (x.c.augmented || !n) continue;
      x.c.augmented = n;
      x.score = Math.max(x.score, n.score);
    }
    stages.augment = `${added.filter((c) => c.chunks.length > 0).length} notes added, ${neighbours.length - fresh.length} already found, from ${anchors.length} anchors, ${settings.hops} hop(s)`;
  } else {
    stages.augment = settings.hops === 0 ? `skipped: ${mode} mode` : `skipped: ${intent.kind} query`;
  }

  const vectorTop = vec.hits[0]?.rank ?? 0;
  const vectorRank = new Map(noteRanking(vec.hits).map((it, i) => [it.key, { rank: i + 1, similarity: it.score, share: vectorTop > 0 ? it.score / vectorTop : 0 }]));
  const rare = rareWords(terms.words, kw.hits);
  const named = entityNaming(intent);
  const results: (SearchResult & { explain: ExplainRecord })[] = [];
  for (const { c, boosts, evidence, lead, score } of scored) {
    const arms = new Set(c.arms.map((a) => a.arm));
    const graphTypes = [...(c.graph?.edges ?? []).map((e) => e.type), ...(c.augmented ? [c.augmented.edge.type] : [])];
    const tagsFor = (hit: ChunkHit): string[] =>
      evidenceTags({
        exactName: title.exactBy.get(c.path) ?? (named?.path === c.path ? named.as : undefined),
        aliasNamed: title.byAlias.has(c.path),
        chunk: hit,
        words: terms.words,
        rareWords: rare,
        vector: vectorRank.get(c.path),
        foundOtherwise: arms.has('keyword') || arms.has('title') || arms.has('expansion') || c.dated !== undefined || arms.has('dated'),
        graphTypes,
      });
    c.chunks.slice(0, MAX_CHUNKS_PER_NOTE).forEach((chunk, i) => {
      // A second chunk only when an arm ranked it; it trails its note's best chunk.
      if (i > 0 && chunk.score === 0) return;
      const chunkBoosts: Boost[] = i === 0 ? boosts : [...boosts, { name: 'second-chunk', factor: BOOST.secondChunk }];
      const final = i === 0 ? score : score * BOOST.secondChunk;
      const r = toResult(c, chunk.hit, final, chunkBoosts, terms.words, `${kw.query} (${kw.mode})`, evidence);
      r.evidence = tagsFor(chunk.hit);
      if (lead > 0 && c.dated) r.explain.dated = { date: c.dated.date, source: c.dated.source, lead };
      results.push(r);
    });
  }
  results.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.chunkId ?? 0) - (b.chunkId ?? 0)));

  let ranked = results;
  const { rerankSkip, keep } = modelStagePlan(intent, results[0]?.path);
  if (mode === 'deep' && deps.reranker && !rerankSkip) {
    const reranked = await rerankResults(results, q, deps.reranker, deps.accepts ?? (() => true), { timeoutMs: deps.modelTimeoutMs, modelWeight: deps.rerankWeight, keep });
    ranked = reranked.results;
    stages.rerank = reranked.stage;
  } else {
    stages.rerank = mode !== 'deep' ? `skipped: ${mode} mode` : !deps.reranker ? 'skipped: no reranker configured' : rerankSkip!;
  }

  let page: SearchResult[] = ranked.slice(offset, offset + limit).map((r) => {
    if (options.explain) return r;
    const { explain: _explain, ...rest } = r;
    return rest;
  });
  const safety =
    intent.kind === 'entity'
      ? { create_safety: 'exists' as const, create_safety_matches: [{ path: intent.entity.path, title: intent.entity.title, name: intent.name, closeness: 1 }] }
      : intent.kind === 'general' || intent.kind === 'event'
        ? await createSafety(engine, q)
        : undefined;
  let budget: SearchResponse['budget'];
  if (options.tokenBudget !== undefined) {
    const fitted = fitToBudget(page, Math.max(1, Math.floor(options.tokenBudget)));
    page = fitted.results;
    budget = fitted.report;
  }
  return {
    query,
    results: page,
    intent,
    ...(safety ?? {}),
    mode,
    ...(budget ? { budget } : {}),
    // An arm that should have run and could not: said in every answer, not only with explain.
    ...(vec.failed && vec.skipped ? { skipped: { vector: vec.skipped } } : {}),
    ...(options.explain ? { pipeline: { mode, stages } } : {}),
  };
}

/**
 * `head` followed by the chunks of `deeper` from notes neither head nor `found` (the other arms) holds, in `deeper`'s order, each scored no
 * higher than head's last (notes are ranked by their best chunk's score, and a deeper read's scores are not on
 * the head's scale). A note head already holds gets nothing more: fused scores of the top notes sit within a
 * hair of each other, and even a 99th-rank vote for one re-ordered EN help's first two.
 */
export function appendNew(head: ChunkHit[], deeper: ChunkHit[], found: ReadonlySet<string> = new Set()): ChunkHit[] {
  const have = new Set([...found, ...head.map((h) => h.path)]);
  const floor = head.reduce((m, h) => Math.min(m, h.rank), Infinity);
  return [...head, ...deeper.filter((h) => !have.has(h.path)).map((h) => ({ ...h, rank: Math.min(h.rank, floor) }))];
}

/**
 * Notes found only by title, graph, date or augmentation have no chunk yet: take the one holding the line that
 * brought them (an edge written in that note, a timeline entry), else its first chunk. Notes the filters exclude
 * come back without chunks and are dropped.
 */
async function fillMissingChunks(engine: BrainEngine, window: NoteCandidate[], filters: SearchOptions['filters']): Promise<void> {
  const missing = window.filter((c) => c.chunks.length === 0);
  if (missing.length === 0) return;
  const rows = await engine.pageChunks(
    missing.map((c) => c.path),
    { perPage: 200, filters },
  );
  const byPath = new Map<string, ChunkHit[]>();
  for (const r of rows) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
  for (const c of missing) {
    const chunks = byPath.get(c.path) ?? [];
    const edges = [...(c.graph?.edges ?? []), ...(c.augmented ? [c.augmented.edge] : [])];
    const lines = edges.filter((e) => e.note === c.path).map((e) => e.line);
    if (c.dated?.line != null) lines.unshift(c.dated.line);
    const holding = chunks.find((h) => lines.some((l) => l >= h.startLine && l <= h.endLine));
    const pick = holding ?? chunks[0];
    if (pick) c.chunks = [{ hit: pick, score: 0 }];
  }
}

function toResult(
  c: NoteCandidate,
  hit: ChunkHit,
  score: number,
  boosts: Boost[],
  words: string[],
  keywordQuery: string,
  graphEvidence: number,
): SearchResult & { explain: ExplainRecord } {
  const why: string[] = [];
  const armsHere = new Set(c.arms.map((a) => a.arm));
  if (armsHere.has('keyword')) why.push('keyword');
  if (armsHere.has('vector')) why.push('semantic');
  if (armsHere.has('title')) why.push('title');
  if (c.graph) why.push(`graph: ${c.graph.label}`);
  if (c.dated) why.push(`dated: ${c.dated.date}`);
  if (c.augmented) why.push(`linked: ${c.augmented.edge.type}`);
  const edges = [...(c.graph?.edges ?? []), ...(c.augmented ? [c.augmented.edge] : [])];
  // The edge's own words make the best snippet for a graph answer written in its own note.
  const edgeHere = edges.find((e) => e.note === c.path && e.line >= hit.startLine && e.line <= hit.endLine);
  const snippetWords = edgeHere ? [...words, ...titleWords(edges)] : words;
  const snippet = makeSnippet(hit.text, snippetWords, undefined, hit.kind);
  const augmented = c.augmented ? { anchor: c.augmented.anchor, hop: c.augmented.hop, weight: c.augmented.score, edge: c.augmented.edge } : undefined;
  return {
    path: c.path,
    title: hit.title,
    score,
    heading: hit.heading,
    snippet,
    highlights: snippetHighlights(snippet, snippetWords),
    startLine: hit.startLine,
    endLine: hit.endLine,
    chunkId: hit.chunkId,
    kind: hit.kind,
    text: hit.text,
    why,
    evidence: [],
    explain: {
      arms: c.arms,
      rrf: c.rrf,
      boosts,
      edges,
      keywordQuery,
      ...(graphEvidence > 0 ? { graphEvidence } : {}),
      ...(augmented ? { augmented } : {}),
      final: score,
    },
  };
}

function titleWords(edges: EdgeWalked[]): string[] {
  return edges.map((e) => e.object.replace(/^.*\//, '').replace(/\.md$/, ''));
}
