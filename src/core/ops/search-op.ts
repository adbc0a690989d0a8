// The `search` operation: hybrid search for every surface (CLI `vault-brain search`, MCP, plugin).
// JSON shape is a contract: {query, intent?, results: [{path, title, score, heading, snippet, startLine, why, ...}]}.
import type { Brain } from '../brain';
import type { BrainEngine } from '../engine/brain-engine';
import { hybridSearch } from '../search/hybrid-search';
import { agentWrittenAmong, AGENT_WRITTEN_TAG } from '../note/provenance';
import { fitToBudget, MODES, type SearchMode } from '../search/modes';
import type { SearchResponse, SearchResult } from '../search/types';
import { remoteSafe } from './search-visibility';
import type { FetchLike } from '../net/fetch-like';
import { searchModelStages } from './search-model-stages';
import type { LlmSettings } from '../think/settings';
import { defineOp, type OpContext } from './registry';
import { visibilityOf } from './visibility';

type Ctx = OpContext<Brain>;

export interface SearchParams {
  query: string;
  limit: number;
  offset: number;
  folder?: string;
  tag?: string;
  type?: string;
  explain: boolean;
  full: boolean;
  mode?: SearchMode;
  tokenBudget?: number;
  /** Sources (vaults) of a shared database to search besides this vault's own; `*` for all of them. */
  sources?: string[];
}

/** What an agent needs to judge a hit and cite it: no chunk text, chunk ids or raw float scores. */
export interface CompactHit {
  /** The source (vault) the note is in, when the search spanned sources. */
  source?: string;
  path: string;
  line: number;
  title: string;
  heading?: string;
  tags: string[];
  snippet: string;
  why: string[];
  evidence: string[];
  agentWritten?: boolean;
  explain?: SearchResult['explain'];
}

async function compactHits(brain: Brain, hits: SearchResult[]): Promise<CompactHit[]> {
  // Tags come from each hit's own source.
  const tags = new Map<string, string[]>();
  for (const source of new Set(hits.map((h) => h.source ?? brain.engine.source))) {
    const paths = [...new Set(hits.filter((h) => (h.source ?? brain.engine.source) === source).map((h) => h.path))];
    const engine = await brain.sourceEngine(source);
    for (const pg of await engine.listPages({ paths, limit: paths.length })) tags.set(`${source}\u0000${pg.path}`, pg.tags);
  }
  return hits.map((h) => ({
    ...(h.source !== undefined ? { source: h.source } : {}),
    path: h.path,
    line: h.startLine,
    title: h.title,
    ...(h.heading ? { heading: h.heading } : {}),
    tags: tags.get(`${h.source ?? brain.engine.source}\u0000${h.path}`) ?? [],
    snippet: h.snippet,
    why: h.why,
    evidence: h.evidence,
    ...(h.agentWritten ? { agentWritten: true } : {}),
    ...(h.explain ? { explain: h.explain } : {}),
  }));
}

/** Results from notes an agent wrote through MCP say so (`agentWritten`, evidence `agent_written`). */
async function markAgentWritten<T extends { results: SearchResult[] }>(engine: BrainEngine, found: T): Promise<T> {
  const agents = await agentWrittenAmong(engine, found.results.map((r) => r.path));
  if (agents.size === 0) return found;
  const results = found.results.map((r) => (agents.has(r.path) ? { ...r, agentWritten: true, evidence: [...r.evidence, AGENT_WRITTEN_TAG] } : r));
  return { ...found, results };
}

/** Longest chunk text a remote caller gets per result. */
const REMOTE_TEXT_CAP = 4000;

export interface SearchOpOptions {
  /**
   * The model settings: `deep` search expands the query with the chat model and reranks with `rerankModel` at an
   * OpenAI-compatible `baseURL`, else with the chat model (search-model-stages.ts).
   */
  llm?: () => LlmSettings;
  /** Unstreamed provider calls (Node's fetch, the plugin's requestUrl); without it there are no model stages. */
  fetch?: FetchLike;
  rerankWeight?: number;
}

export const createSearchOp = (options: SearchOpOptions = {}) => defineOp({
  name: 'search',
  description:
    'Hybrid search (keyword + semantic + typed graph): natural questions, Chinese, and relation questions like "who works at Acme" or "what connects A and B".',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to look for, in plain words', minLength: 1, maxLength: 2000 },
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 10, description: 'Most results to return' },
      offset: { type: 'integer', minimum: 0, maximum: 10000, default: 0, description: 'Results to skip (next page)' },
      folder: { type: 'string', maxLength: 1000, description: 'Only notes under this folder' },
      tag: { type: 'string', maxLength: 200, description: 'Only notes with this tag (or nested)' },
      type: { type: 'string', maxLength: 100, description: 'Only notes of this type (person, meeting...)' },
      explain: { type: 'boolean', default: false, description: 'Say how each result ranked: arms, boosts, edges' },
      mode: {
        type: 'string',
        enum: ['fast', 'balanced', 'deep'],
        description: 'fast: keywords/titles; deep: 2-hop links',
      },
      tokenBudget: {
        type: 'integer',
        minimum: 100,
        description: 'Answer cap in tokens (default 4k/12k/32k)',
      },
      full: {
        type: 'boolean',
        default: false,
        description: 'Every field of each hit (text, ids, scores), not the compact form',
      },
      sources: {
        type: 'array',
        items: { type: 'string', minLength: 1, maxLength: 200 },
        maxItems: 20,
        description: 'Other vaults in a shared database to search too ("*": all); hits then name their source',
      },
    },
    required: ['query'],
  },
  cli: { positional: ['query'] },
  async handler(ctx: Ctx, p: SearchParams) {
    const vis = visibilityOf(ctx);
    // Excluded notes are left out inside the arms' queries, so the page fills from notes the caller may see.
    const filters = { folder: vis.folder(p.folder), tag: p.tag, type: p.type, ...(vis.hidden ? { hidden: vis.hidden } : {}) };
    const mode = p.mode ?? 'balanced';
    const tokenBudget = p.tokenBudget ?? MODES[mode].tokenBudget;
    // Excluded notes never reach a model, whichever surface asked.
    const accepts = (path: string): boolean => ctx.brain.filter.accepts(path);
    const stages = mode === 'deep' ? searchModelStages(options.llm?.(), options.fetch, ctx.brain.health) : null;
    const sources = await searchedSources(ctx.brain, p.sources);
    const run = async (budget?: number): Promise<SearchResponse> => {
      const one = (engine: BrainEngine, limit: number, offset: number) =>
        hybridSearch(
          { engine, embedder: ctx.brain.embedder, reranker: stages?.reranker, expander: stages?.expander, modelTimeoutMs: stages?.timeoutMs, rerankWeight: options.rerankWeight, accepts },
          p.query,
          { limit, offset, filters, explain: p.explain, mode, tokenBudget: budget },
        ).then((r) => markAgentWritten(engine, r));
      if (sources.length === 1 && sources[0] === ctx.brain.engine.source) return one(ctx.brain.engine, p.limit, p.offset);
      return spanSources(sources, (name) => ctx.brain.sourceEngine(name), (engine) => one(engine, p.limit + p.offset, 0), p, budget);
    };
    if (!ctx.remote) return run(tokenBudget);
    const found = await run();
    const shows = (path: string): boolean => vis.shows(path);
    const shown = found.results.filter((r) => shows(r.path)).map((r) => ({ ...r, text: r.text.slice(0, REMOTE_TEXT_CAP) }));
    const fitted = fitToBudget(shown, tokenBudget);
    const safe: SearchResponse = remoteSafe({ ...found, results: fitted.results, budget: fitted.report }, shows);
    if (p.full) return safe;
    return { ...safe, results: await compactHits(ctx.brain, safe.results) };
  },
});

/** The sources a search reads: this vault's own, then the ones named (`*`: every source the database holds). */
async function searchedSources(brain: Brain, named: string[] | undefined): Promise<string[]> {
  const own = brain.engine.source;
  if (!named || named.length === 0) return [own];
  const others = named.includes('*') ? (await brain.engine.sources()).map((s) => s.source) : named;
  // This vault first: its hits win ties, and its intent and create-safety describe the answer.
  return [...new Set([own, ...others])];
}

/**
 * One search over several sources: each source answers the first `offset + limit` results on its own engine (the
 * keyword statistics are the database's, so scores compare), the hits are merged by score, each naming its
 * source, and the page is cut from the merged list. The first source's intent and create-safety stand for all.
 */
async function spanSources(
  sources: string[],
  engineOf: (name: string) => Promise<BrainEngine>,
  search: (engine: BrainEngine) => Promise<SearchResponse>,
  p: SearchParams,
  tokenBudget: number | undefined,
): Promise<SearchResponse & { sources: string[] }> {
  const answers: SearchResponse[] = [];
  for (const name of sources) {
    const r = await search(await engineOf(name));
    answers.push({ ...r, results: r.results.map((hit) => ({ ...hit, source: name })) });
  }
  const order = new Map(sources.map((s, i) => [s, i]));
  const merged = answers
    .flatMap((a) => a.results)
    .sort((a, b) => b.score - a.score || order.get(a.source!)! - order.get(b.source!)!)
    .slice(p.offset, p.offset + p.limit);
  const first = answers[0]!;
  const skipped = answers.find((a) => a.skipped)?.skipped;
  const page = tokenBudget === undefined ? { results: merged } : (({ results, report }) => ({ results, budget: report }))(fitToBudget(merged, tokenBudget));
  return { ...first, ...page, ...(skipped ? { skipped } : {}), sources };
}
