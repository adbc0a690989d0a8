// The `search` operation: hybrid search for every surface (CLI `vault-brain search`, MCP, plugin).
// JSON shape is a contract: {query, intent?, results: [{path, title, score, heading, snippet, startLine, why, ...}]}.
import type { Brain } from '../brain';
import { hybridSearch } from '../search/hybrid-search';
import type { SearchResult } from '../search/types';
import { defineOp, type OpContext } from './registry';
import { confineVaultPath } from './remote-path';

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
}

/** What an agent needs to judge a hit and cite it: no chunk text, chunk ids or raw float scores. */
export interface CompactHit {
  path: string;
  line: number;
  title: string;
  heading?: string;
  tags: string[];
  snippet: string;
  why: string[];
  explain?: SearchResult['explain'];
}

async function compactHits(brain: Brain, hits: SearchResult[]): Promise<CompactHit[]> {
  const paths = [...new Set(hits.map((h) => h.path))];
  const pages = paths.length > 0 ? await brain.engine.listPages({ paths, limit: paths.length }) : [];
  const tags = new Map(pages.map((pg) => [pg.path, pg.tags]));
  return hits.map((h) => ({
    path: h.path,
    line: h.startLine,
    title: h.title,
    ...(h.heading ? { heading: h.heading } : {}),
    tags: tags.get(h.path) ?? [],
    snippet: h.snippet,
    why: h.why,
    ...(h.explain ? { explain: h.explain } : {}),
  }));
}

/** Longest chunk text a remote caller gets per result. */
const REMOTE_TEXT_CAP = 4000;

export const searchOp = defineOp({
  name: 'search',
  description:
    'Hybrid search (keyword + semantic + typed graph): natural questions, Chinese, and relation questions like "who works at Acme" or "what connects A and B".',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to look for, in plain words', minLength: 1, maxLength: 2000 },
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 10, description: 'Most results to return' },
      offset: { type: 'integer', minimum: 0, maximum: 10000, default: 0, description: 'Results to skip (for the next page)' },
      folder: { type: 'string', maxLength: 1000, description: 'Only notes in this folder (and below)' },
      tag: { type: 'string', maxLength: 200, description: 'Only notes with this tag (nested tags match)' },
      type: { type: 'string', maxLength: 100, description: 'Only notes of this type (person, company, meeting, ...)' },
      explain: { type: 'boolean', default: false, description: 'Say how each result ranked: arms, boosts, edges' },
      full: {
        type: 'boolean',
        default: false,
        description: 'Remote callers (MCP): every field of each hit (chunk text, ids, scores) instead of the compact path, line, title, tags, snippet',
      },
    },
    required: ['query'],
  },
  cli: { positional: ['query'] },
  async handler(ctx: Ctx, p: SearchParams) {
    const folder = p.folder && ctx.remote ? confineVaultPath(p.folder) : p.folder;
    const filters = { folder, tag: p.tag, type: p.type };
    if (!ctx.remote) {
      return hybridSearch({ engine: ctx.brain.engine, embedder: ctx.brain.embedder }, p.query, { limit: p.limit, offset: p.offset, filters, explain: p.explain });
    }
    // Remote callers never see excluded notes: ask for extra results, drop excluded ones, then page.
    const filter = ctx.brain.filter;
    const wide = await hybridSearch({ engine: ctx.brain.engine, embedder: ctx.brain.embedder }, p.query, {
      limit: Math.min(200, p.offset + p.limit * 2 + 10),
      filters,
      explain: p.explain,
    });
    const shown = wide.results
      .filter((r) => filter.accepts(r.path))
      .map((r) => ({
        ...r,
        text: r.text.slice(0, REMOTE_TEXT_CAP),
        ...(r.explain ? { explain: { ...r.explain, edges: r.explain.edges.filter((e) => filter.accepts(e.subject) && filter.accepts(e.object) && filter.accepts(e.note)) } } : {}),
      }))
      .slice(p.offset, p.offset + p.limit);
    const intent = wide.intent;
    const intentVisible =
      !intent || (intent.kind === 'relation' ? filter.accepts(intent.entity.path) : intent.entities.every((e) => filter.accepts(e.path)));
    const visibleIntent = intent && intentVisible ? { intent } : {};
    if (p.full) return { query: wide.query, results: shown, ...visibleIntent };
    return { query: wide.query, results: await compactHits(ctx.brain, shown), ...visibleIntent };
  },
});
