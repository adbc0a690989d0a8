// Hybrid search: keyword, title, vector and graph arms fused with Reciprocal Rank Fusion at the note level,
// then the best chunk(s) of each note, boosts, at most two chunks per note, and an explain record.
import type { BrainEngine, ChunkHit } from '../engine/brain-engine';
import { applyBoosts, boostsFor, BOOST } from './boosts';
import { graphArm, type GraphHit } from './graph-arm';
import { keywordArm } from './keyword-arm';
import { capQuery, queryTerms } from './query-terms';
import { fuseRrf, rrfContribution, type ArmList, type RankedItem } from './rrf';
import { makeSnippet, snippetHighlights } from './snippet';
import { titleArm } from './title-arm';
import type { ArmName, Boost, ExplainRecord, SearchDeps, SearchOptions, SearchResponse, SearchResult } from './types';
import { vectorArm } from './vector-arm';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 200;
export const MAX_OFFSET = 10_000;
/** Chunks of one note that may appear in the results. */
export const MAX_CHUNKS_PER_NOTE = 2;

/** Arm weights in the fusion (weighted RRF). */
export const ARM_WEIGHTS: Record<ArmName, number> = { keyword: 1, vector: 1, title: 1, graph: 1 };
/**
 * The built-in static word-vector embedder is much weaker than keyword search on real questions (Obsidian Help
 * set: vector arm alone R@5 0.59, BM25 alone 0.87; fused at equal weight 0.80, at 0.1 0.87 with MRR 0.76), so
 * its arm only breaks near-ties. Provider embedders keep the full weight.
 */
export const BUILTIN_VECTOR_WEIGHT = 0.1;
/** The second-best chunk of a note adds this share of its score to the note's keyword score. */
export const SECOND_CHUNK_SHARE = 0.5;

function clampInt(n: number | undefined, fallback: number, min: number, max: number): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(min, Math.min(max, Math.floor(n)));
}

/**
 * Notes ranked by their best chunk plus half their second best: a note that answers in two sections is a better
 * answer than one that mentions the words once (Obsidian Help set, keyword arm alone: MRR 0.73 -> 0.77).
 */
export function noteRanking(hits: ChunkHit[], secondShare = SECOND_CHUNK_SHARE): RankedItem[] {
  const per = new Map<string, number[]>();
  for (const h of hits) {
    const list = per.get(h.path);
    if (list) list.push(h.rank);
    else per.set(h.path, [h.rank]);
  }
  const out: RankedItem[] = [];
  for (const [key, ranks] of per) {
    ranks.sort((a, b) => b - a);
    out.push({ key, score: (ranks[0] ?? 0) + secondShare * (ranks[1] ?? 0) });
  }
  return out.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
}

export async function hybridSearch(deps: SearchDeps, query: string, options: SearchOptions = {}): Promise<SearchResponse> {
  const limit = clampInt(options.limit, DEFAULT_LIMIT, 0, MAX_LIMIT);
  const offset = clampInt(options.offset, 0, 0, MAX_OFFSET);
  const q = capQuery(query);
  if (q.length === 0 || limit === 0) return { query, results: [] };
  const { engine, embedder } = deps;
  const filters = options.filters;
  // Each arm reads deeper than the page asked for, so fusion has overlap to work with.
  const depth = Math.min(1000, Math.max(50, (offset + limit) * 3));

  const terms = queryTerms(q);
  const kw = await keywordArm(engine, terms, depth, filters);
  const vec = await vectorArm(engine, embedder, q, depth, filters);
  // Close-title (typo) search costs a trigram scan of every name: only when some typed word occurs in none of
  // the keyword hits, i.e. is probably misspelt or truncated (a word that matched needs no correcting).
  const title = await titleArm(engine, q, terms.words, 10, kw.hits.length === 0 || hasUnmatchedWord(terms.words, kw.hits));
  const graph = await graphArm(engine, q);

  const lists: ArmList[] = [
    { arm: 'keyword', weight: ARM_WEIGHTS.keyword, items: noteRanking(kw.hits) },
    { arm: 'vector', weight: vectorWeight(embedder?.id), items: noteRanking(vec.hits, 0) },
    { arm: 'title', weight: ARM_WEIGHTS.title, items: title.items },
    { arm: 'graph', weight: ARM_WEIGHTS.graph, items: graph.hits.map((h) => ({ key: h.path, score: h.score })) },
  ];
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
  addChunks(vec.hits, vectorWeight(embedder?.id));
  const chunksByNote = new Map<string, { hit: ChunkHit; score: number }[]>();
  for (const c of chunkScore.values()) {
    const list = chunksByNote.get(c.hit.path) ?? [];
    list.push(c);
    chunksByNote.set(c.hit.path, list);
  }
  const graphByPath = new Map(graph.hits.map((h) => [h.path, h]));
  const candidates: NoteCandidate[] = fused.map((f) => ({
    path: f.key,
    rrf: f.rrf,
    arms: f.arms,
    chunks: (chunksByNote.get(f.key) ?? []).sort((a, b) => b.score - a.score || a.hit.chunkId - b.hit.chunkId),
    graph: graphByPath.get(f.key),
  }));

  // Only the notes that can reach the requested page need boosts and chunk look-ups.
  const window = candidates.slice(0, Math.max(offset + limit, 1) * 2 + 10);
  await fillMissingChunks(engine, window, filters);
  const present = window.filter((c) => c.chunks.length > 0);
  const backlinks = await engine.backlinkCounts(present.map((c) => c.path));

  const relational = graph.intent !== undefined;
  const results: (SearchResult & { explain: ExplainRecord })[] = [];
  for (const c of present) {
    const boosts = boostsFor({
      exactTitle: title.exact.has(c.path),
      backlinks: backlinks.get(c.path) ?? 0,
      kind: c.chunks[0]?.hit.kind ?? null,
      relational,
    });
    // A relation question's answers lead, ordered by edge evidence (an evidence point outweighs any fused
    // score, which is below 0.1); the fused score orders answers with equal evidence and everything else.
    const evidence = relational && c.graph ? c.graph.score : 0;
    const score = applyBoosts(c.rrf, boosts) + evidence;
    c.chunks.slice(0, MAX_CHUNKS_PER_NOTE).forEach((chunk, i) => {
      // A second chunk only when an arm ranked it; it trails its note's best chunk.
      if (i > 0 && chunk.score === 0) return;
      const chunkBoosts: Boost[] = i === 0 ? boosts : [...boosts, { name: 'second-chunk', factor: BOOST.secondChunk }];
      const final = i === 0 ? score : score * BOOST.secondChunk;
      results.push(toResult(c, chunk.hit, final, chunkBoosts, terms.words, `${kw.query} (${kw.mode})`, evidence));
    });
  }
  results.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.chunkId ?? 0) - (b.chunkId ?? 0)));

  const page = results.slice(offset, offset + limit).map((r) => {
    if (options.explain) return r;
    const { explain: _explain, ...rest } = r;
    return rest;
  });
  return { query, results: page, ...(graph.intent ? { intent: graph.intent } : {}) };
}

/**
 * Notes found only by title or graph have no chunk yet: take the one holding the edge line written in that
 * note, else its first chunk. Notes the filters exclude come back without chunks and are dropped.
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
    const lines = (c.graph?.edges ?? []).filter((e) => e.note === c.path).map((e) => e.line);
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
  const edges = c.graph?.edges ?? [];
  // The edge's own words make the best snippet for a graph answer written in its own note.
  const edgeHere = edges.find((e) => e.note === c.path && e.line >= hit.startLine && e.line <= hit.endLine);
  const snippetWords = edgeHere ? [...words, ...titleWords(c.graph)] : words;
  const snippet = makeSnippet(hit.text, snippetWords);
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
    explain: { arms: c.arms, rrf: c.rrf, boosts, edges, keywordQuery, ...(graphEvidence > 0 ? { graphEvidence } : {}), final: score },
  };
}

function titleWords(g: GraphHit | undefined): string[] {
  return g ? g.edges.map((e) => e.object.replace(/^.*\//, '').replace(/\.md$/, '')) : [];
}
