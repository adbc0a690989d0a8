// Read operations over the store: notes, links, the typed graph, timeline and status.
// JSON shapes here are contracts (CLI --json, MCP): fields may be added, never renamed or dropped.
import { strongestPerPair } from '../links/pair-edges';
import type { Brain } from '../brain';
import { NoteNotFoundError } from '../note-not-found';
import { lastRecovery } from '../engine/open-checked';
import { noteParam } from './note-param';
import { defineOp, type OpContext } from './registry';
import { visibilityOf } from './visibility';

type Ctx = OpContext<Brain>;

// A note can carry tens of thousands of links: lists of them come in pages (the SQL reads only the page), so no
// caller, local or remote, holds more than one page at a time. `nextOffset` is the offset of the next page.
const linkPageParams = {
  limit: { type: 'integer', minimum: 1, maximum: 10_000, default: 1000, description: 'Most links to return' },
  offset: { type: 'integer', minimum: 0, default: 0, description: 'Links to skip (nextOffset of the previous page)' },
} as const;

/** Reads one page of links with one row more than asked, to know whether another page follows. */
async function linkPage<T>(read: (page: { limit: number; offset: number; hidden: string[] | undefined }) => Promise<T[]>, p: { limit: number; offset: number }, hidden: string[] | undefined) {
  const rows = await read({ limit: p.limit + 1, offset: p.offset, hidden });
  return { rows: rows.slice(0, p.limit), nextOffset: rows.length > p.limit ? p.offset + p.limit : null };
}

export const backlinksOp = defineOp({
  name: 'backlinks',
  description: 'Notes that link to a note, with the relation type and the words around each link.',
  scope: 'read',
  params: { type: 'object', properties: { note: noteParam, ...linkPageParams }, required: ['note'] },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, p: { note: string; limit: number; offset: number }) {
    const vis = visibilityOf(ctx);
    const path = await vis.note(p.note);
    const { rows, nextOffset } = await linkPage((page) => ctx.brain.engine.backlinks(path, page), p, vis.hidden);
    return {
      note: path,
      backlinks: rows
        .filter((r) => vis.shows(r.from))
        .map((r) => ({ from: r.from, type: r.type, context: r.context, line: r.line, source: r.source, direction: r.direction, raw: r.raw, field: r.field })),
      nextOffset,
    };
  },
});

export const linksOp = defineOp({
  name: 'links',
  description: 'Outgoing links of a note: resolved target (null when the note does not exist), relation type, source and context.',
  scope: 'read',
  params: { type: 'object', properties: { note: noteParam, ...linkPageParams }, required: ['note'] },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, p: { note: string; limit: number; offset: number }) {
    const vis = visibilityOf(ctx);
    const path = await vis.note(p.note);
    const { rows, nextOffset } = await linkPage((page) => ctx.brain.engine.outgoingLinks(path, page), p, vis.hidden);
    return {
      note: path,
      // A link into an excluded note is left out, not shown as dangling (its target exists).
      links: rows
        .filter((r) => vis.shows(r.to))
        .map((r) => ({
          to: r.to,
          raw: r.raw,
          type: r.type,
          source: r.source,
          line: r.line,
          context: r.context,
          targetText: r.targetText,
          field: r.field ?? null,
          direction: r.direction,
        })),
      nextOffset,
    };
  },
});

export const graphOp = defineOp({
  name: 'graph',
  description:
    'The typed link graph: one edge {from, to, type, source, direction, past, evidence} per related pair, with the strongest relation stated for it and how many links state it; to is null when the target does not exist.',
  scope: 'read',
  params: { type: 'object', properties: {} },
  async handler(ctx: Ctx) {
    const vis = visibilityOf(ctx);
    const edges = (await ctx.brain.engine.allEdges()).filter((e) => vis.shows(e.from) && vis.shows(e.to));
    return { edges: strongestPerPair(edges) };
  },
});

export const traverseOp = defineOp({
  name: 'traverse',
  description: 'Walk the typed link graph from a note: who it works at, who invested, who attended, up to a depth.',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      note: noteParam,
      depth: { type: 'integer', minimum: 1, maximum: 5, default: 2, description: 'How many links away to walk' },
      types: { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 20, description: 'Relation types to follow (default: all)' },
      direction: { type: 'string', enum: ['out', 'in', 'both'], default: 'both', description: 'Follow outgoing links, incoming links, or both' },
      limit: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'Most edges to return' },
    },
    required: ['note'],
  },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, p: { note: string; depth: number; types?: string[]; direction: 'out' | 'in' | 'both'; limit: number }) {
    const vis = visibilityOf(ctx);
    const path = await vis.note(p.note);
    const nodes = await ctx.brain.engine.traverse({ start: [path], types: p.types, direction: p.direction, depth: p.depth, limit: p.limit });
    // A node reached through an excluded note would reveal that note in its `via` steps.
    const shown = nodes.filter((n) => vis.shows(n.path) && n.via.every((s) => vis.shows(s.from) && vis.shows(s.to)));
    return { note: path, nodes: shown };
  },
});

export const timelineOp = defineOp({
  name: 'timeline',
  description: 'Dated timeline entries, for one note or the whole vault, optionally within a date range (YYYY-MM-DD).',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      note: noteParam,
      since: { type: 'string', maxLength: 10, description: 'Earliest date, YYYY-MM-DD' },
      until: { type: 'string', maxLength: 10, description: 'Latest date, YYYY-MM-DD' },
      limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'Most entries to return' },
    },
  },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, p: { note?: string; since?: string; until?: string; limit: number }) {
    const vis = visibilityOf(ctx);
    const path = p.note ? await vis.note(p.note) : undefined;
    const entries = await ctx.brain.engine.timeline({ path, since: p.since, until: p.until, limit: p.limit, hidden: vis.hidden });
    return { note: path ?? null, entries: entries.filter((e) => vis.shows(e.path)) };
  },
});

export const statsOp = defineOp({
  name: 'stats',
  description: 'Counts: notes, chunks, links, typed links, dangling links, embeddings, notes by type.',
  scope: 'read',
  params: { type: 'object', properties: {} },
  async handler(ctx: Ctx) {
    // Remote callers count as if excluded notes were not stored.
    return ctx.brain.engine.stats({ hidden: visibilityOf(ctx).hidden });
  },
});

export const statusOp = defineOp({
  name: 'status',
  description: 'Index status: last run, counts, and every skipped or failed file with the reason.',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['indexed', 'skipped', 'failed'], description: 'Only files with this status' },
      limit: { type: 'integer', minimum: 1, maximum: 100000, default: 1000, description: 'Most files to list' },
    },
  },
  async handler(ctx: Ctx, p: { status?: 'indexed' | 'skipped' | 'failed'; limit: number }) {
    const engine = ctx.brain.engine;
    const vis = visibilityOf(ctx);
    const all = (await engine.fileStatuses()).filter((r) => vis.shows(r.path));
    const count = (s: string): number => all.filter((r) => r.status === s).length;
    const problems = all.filter((r) => (p.status ? r.status === p.status : r.status !== 'indexed'));
    const lastRun = await engine.getMeta('last_index_at');
    return {
      // Which engine holds the brain; where (a data directory, or a server URL without its password) only for
      // local callers: an MCP client has no use for the machine's paths or the server's address.
      // Its source: the vault's name among those the database holds (several vaults can share a server).
      engine: { kind: engine.kind, location: ctx.remote ? null : engine.location, source: engine.source },
      lastIndexedAt: lastRun ? new Date(Number(lastRun)).toISOString() : null,
      indexed: count('indexed'),
      skipped: count('skipped'),
      failed: count('failed'),
      withWarnings: all.filter((r) => r.status === 'indexed' && r.reason).length,
      files: problems.slice(0, p.limit).map((r) => ({ path: r.path, status: r.status, reason: r.reason, size: r.size })),
      embedder: ctx.brain.embedder?.id ?? null,
      // The providers' circuit breakers: an open `embeddings` one means semantic search is off for now.
      providers: ctx.brain.health.list(),
      // The last time a damaged database was moved aside and rebuilt from the notes (status view, doctor).
      lastRecovery: await lastRecovery(engine),
    };
  },
});

export const getNoteOp = defineOp({
  name: 'get_note',
  description: 'A note\'s content and frontmatter (content capped at maxChars; `truncated` says when it was cut).',
  scope: 'read',
  params: {
    type: 'object',
    properties: { note: noteParam, maxChars: { type: 'integer', minimum: 100, maximum: 200000, default: 20000, description: 'Longest content to return, in characters' } },
    required: ['note'],
  },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, { note, maxChars }: { note: string; maxChars: number }) {
    const path = await visibilityOf(ctx).note(note);
    const page = await ctx.brain.engine.getPage(path);
    if (!page) throw new NoteNotFoundError(note, []);
    const content = new TextDecoder().decode(await ctx.brain.source.read(path));
    return {
      path,
      title: page.title,
      type: page.type,
      aliases: page.aliases,
      tags: page.tags,
      frontmatter: page.frontmatter,
      content: content.slice(0, maxChars),
      truncated: content.length > maxChars,
      totalChars: content.length,
    };
  },
});

export const listNotesOp = defineOp({
  name: 'list_notes',
  description: 'List notes, optionally within a folder, with a tag, or of a type (person, company, meeting, ...).',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      folder: { type: 'string', maxLength: 1000, description: 'Only notes in this folder (and below)' },
      tag: { type: 'string', maxLength: 200, description: 'Only notes with this tag' },
      type: { type: 'string', maxLength: 100, description: 'Only notes of this type (person, company, meeting, ...)' },
      limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'Most notes to return' },
      offset: { type: 'integer', minimum: 0, default: 0, description: 'Notes to skip (for the next page)' },
    },
  },
  async handler(ctx: Ctx, p: { folder?: string; tag?: string; type?: string; limit: number; offset: number }) {
    const vis = visibilityOf(ctx);
    const pages = await ctx.brain.engine.listPages({ folder: vis.folder(p.folder), tag: p.tag, type: p.type, limit: p.limit + 1, offset: p.offset, hidden: vis.hidden });
    const shown = pages.slice(0, p.limit).filter((pg) => vis.shows(pg.path));
    return {
      notes: shown.map((pg) => ({ path: pg.path, title: pg.title, type: pg.type, tags: pg.tags })),
      nextOffset: pages.length > p.limit ? p.offset + p.limit : null,
    };
  },
});

export const readOps = [backlinksOp, linksOp, graphOp, traverseOp, timelineOp, statsOp, statusOp, getNoteOp, listNotesOp] as const;
