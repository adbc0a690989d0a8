// Ops about one note's neighbourhood beyond its links: where other notes name it without linking it (unlinked
// mentions, which the links pane turns into links one at a time) and which notes are related to it by meaning,
// shared neighbours and shared tags (related notes; works offline with the built-in embedder).
import type { Brain } from '../brain';
import { normalizeInPlace, isZeroVector } from '../embed/embedder';
import { errorMessage } from '../errors';
import { findUnlinkedMentions, linktextFor, mentionNames, type UnlinkedMention } from '../links/unlinked-mentions';
import { segmentQuery } from '../text/segment';
import { noteParam } from './note-param';
import { defineOp, type OpContext } from './registry';
import { visibilityOf, type Visibility } from './visibility';

type Ctx = OpContext<Brain>;

/** Chunks a keyword phrase search may return per name: the candidates whose text is then read and scanned. */
const MENTION_CANDIDATES = 200;

export interface MentioningNote {
  path: string;
  title: string;
  mentions: UnlinkedMention[];
}

export const unlinkedMentionsOp = defineOp({
  name: 'unlinked_mentions',
  description:
    'Notes that name a note (its file name, title or an alias) in prose without linking it: each place with line, column, the words and their context (code, links, URLs, tags and frontmatter skipped). Use to find where a link is missing.',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      note: noteParam,
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'Most mentioning notes to return' },
    },
    required: ['note'],
  },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, p: { note: string; limit: number }) {
    const vis = visibilityOf(ctx);
    const path = await vis.note(p.note);
    const names = await namesOf(ctx.brain, path);
    const candidates = await mentionCandidates(ctx, vis, path, names);
    const notes: MentioningNote[] = [];
    for (const c of candidates) {
      let text: string;
      try {
        text = new TextDecoder().decode(await ctx.brain.source.read(c.path));
      } catch {
        continue; // Deleted or unreadable since it was indexed: nothing to link there.
      }
      const mentions = findUnlinkedMentions(text, names, 20);
      if (mentions.length > 0) notes.push({ path: c.path, title: c.title, mentions });
    }
    notes.sort((a, b) => b.mentions.length - a.mentions.length || a.path.localeCompare(b.path));
    return { note: path, names, linktext: await linktextOf(ctx.brain, path), notes: notes.slice(0, p.limit) };
  },
});

/** The names an unlinked mention of the note at `path` may use: its file name, title and aliases. */
export async function namesOf(brain: Brain, path: string): Promise<string[]> {
  const page = await brain.engine.getPage(path);
  return mentionNames([linktextFor(path, true), page?.title ?? '', ...(page?.aliases ?? [])]);
}

/** The link text a "link it" writes to the note at `path`: its file name when no other note has it, else its path. */
export async function linktextOf(brain: Brain, path: string): Promise<string> {
  const base = linktextFor(path, true).toLowerCase();
  const pages = await brain.engine.listPages({});
  return linktextFor(path, pages.filter((pg) => linktextFor(pg.path, true).toLowerCase() === base).length <= 1);
}

/** The notes whose indexed text holds one of the names as a phrase (stems and CJK segments included). */
async function mentionCandidates(ctx: Ctx, vis: Visibility, self: string, names: string[]): Promise<{ path: string; title: string }[]> {
  const found = new Map<string, string>();
  for (const name of names) {
    const phrase = name.replace(/["\\]/g, ' ').trim();
    if (!phrase) continue;
    const hits = await ctx.brain.engine.keywordSearch({
      tsquery: segmentQuery(`"${phrase}"`),
      mode: 'and',
      limit: MENTION_CANDIDATES,
      filters: { excludePaths: [self], hidden: vis.hidden },
    });
    for (const h of hits) if (vis.shows(h.path) && !found.has(h.path)) found.set(h.path, h.title);
  }
  return [...found].map(([path, title]) => ({ path, title }));
}

export interface RelatedNoteRow {
  path: string;
  title: string;
  score: number;
  /** Cosine similarity of the two notes' vectors (null without an embedder or vectors). */
  similarity: number | null;
  /** Notes both link with (or are linked from), with the relation type on this note's side. */
  sharedLinks: { path: string; type: string }[];
  sharedTags: string[];
  /** One line saying why, for a pane row or an agent. */
  why: string;
}

/**
 * How much one shared neighbour or tag adds to a similarity in [0, 1] when only the two notes share it; the three
 * strongest of each count at most. A shared neighbour or tag many notes have says less (see `hubWeight`).
 */
const NEIGHBOUR_WEIGHT = 0.15;
const TAG_WEIGHT = 0.1;
const MAX_SHARED_COUNTED = 3;

/**
 * The weight of something two notes share that `degree` notes have in all (the two included): 1 when only they
 * have it, falling as 1 / log(degree) — the Adamic-Adar index of link prediction. Without it a hub (a person every
 * daily note links, a tag on half the vault) made every note that touches it "related", and daily notes, which
 * link everything of their day, filled the list.
 */
export function hubWeight(degree: number): number {
  return degree <= 2 ? 1 : Math.LN2 / Math.log(degree);
}
/** A similarity below this says nothing on its own (the built-in embedder puts most prose near 0.3). */
const MIN_SIMILARITY = 0.35;

export const relatedNotesOp = defineOp({
  name: 'related_notes',
  description:
    'Notes related to a note that it does not link: ranked by similarity of meaning (note vectors) plus neighbours and tags they share, each with why. Use to find connections not made yet.',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      note: noteParam,
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Most notes to return' },
    },
    required: ['note'],
  },
  cli: { positional: ['note'] },
  async handler(ctx: Ctx, p: { note: string; limit: number }) {
    const vis = visibilityOf(ctx);
    const path = await vis.note(p.note);
    const engine = ctx.brain.engine;
    const page = await engine.getPage(path);
    const warnings: string[] = [];

    // Directly linked notes are in the links pane already; related notes are the ones not linked yet.
    const own = await engine.relationEdges({ paths: [path], side: 'either', limit: 2000 });
    const neighbours = new Map<string, string>();
    for (const e of own) {
      const other = e.subject === path ? e.object : e.subject;
      if (other !== path && vis.shows(other) && !neighbours.has(other)) neighbours.set(other, e.type);
    }
    const rows = new Map<string, RelatedNoteRow>();
    const row = (other: string, title: string): RelatedNoteRow | null => {
      if (other === path || neighbours.has(other) || !vis.shows(other)) return null;
      let r = rows.get(other);
      if (!r) rows.set(other, (r = { path: other, title, score: 0, similarity: null, sharedLinks: [], sharedTags: [], why: '' }));
      return r;
    };

    const similar = await similarNotes(ctx, vis, path).catch((err: unknown) => {
      warnings.push(`similarity unavailable: ${errorMessage(err)}`);
      return [];
    });
    for (const s of similar) {
      const r = row(s.path, s.title);
      if (r) r.similarity = s.similarity;
    }
    // How many notes each shared neighbour and tag connects (this note included): its hub weight.
    const linkDegree = new Map<string, Set<string>>();
    const tagDegree = new Map<string, Set<string>>();
    const connects = (degree: Map<string, Set<string>>, key: string, other: string) => {
      let set = degree.get(key);
      if (!set) degree.set(key, (set = new Set([path])));
      set.add(other);
    };
    if (neighbours.size > 0) {
      const second = await engine.relationEdges({ paths: [...neighbours.keys()], side: 'either', limit: 5000 });
      for (const e of second) {
        const via = neighbours.has(e.subject) ? e.subject : e.object;
        const other = via === e.subject ? e.object : e.subject;
        connects(linkDegree, via, other);
        const r = row(other, '');
        if (r && !r.sharedLinks.some((s) => s.path === via)) r.sharedLinks.push({ path: via, type: neighbours.get(via) ?? 'links_to' });
      }
    }
    for (const tag of page?.tags ?? []) {
      for (const pg of await engine.listPages({ tag, limit: 200, hidden: vis.hidden })) {
        connects(tagDegree, tag, pg.path);
        const r = row(pg.path, pg.title);
        if (r && !r.sharedTags.includes(tag)) r.sharedTags.push(tag);
      }
    }
    const weights: SharedWeights = {
      link: (via) => hubWeight(linkDegree.get(via)?.size ?? 2),
      tag: (tag) => hubWeight(tagDegree.get(tag)?.size ?? 2),
    };
    for (const r of rows.values()) {
      // Strongest first: the pane and `why` name the first three, and only three count.
      r.sharedLinks.sort((a, b) => weights.link(b.path) - weights.link(a.path));
      r.sharedTags.sort((a, b) => weights.tag(b) - weights.tag(a));
    }

    const ranked = [...rows.values()]
      .map((r) => ({ ...r, score: score(r, weights) }))
      .filter((r) => r.sharedLinks.length > 0 || r.sharedTags.length > 0 || (r.similarity ?? 0) >= MIN_SIMILARITY)
      .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
      .slice(0, p.limit);
    for (const r of ranked) {
      if (!r.title) r.title = (await engine.getPage(r.path))?.title ?? linktextFor(r.path, true);
      r.why = why(r);
    }
    return { note: path, embedder: ctx.brain.embedder?.id ?? null, notes: ranked, warnings };
  },
});

/** The hub weight of a shared neighbour (by its path) and of a shared tag. */
interface SharedWeights {
  link: (via: string) => number;
  tag: (tag: string) => number;
}

/** Similarity plus the hub-weighted shares of the three strongest shared neighbours and tags (sorted first). */
function score(r: RelatedNoteRow, weights: SharedWeights): number {
  const sim = Math.max(0, r.similarity ?? 0);
  const sum = (values: number[]) => values.slice(0, MAX_SHARED_COUNTED).reduce((total, w) => total + w, 0);
  const shared = sum(r.sharedLinks.map((s) => weights.link(s.path))) * NEIGHBOUR_WEIGHT + sum(r.sharedTags.map(weights.tag)) * TAG_WEIGHT;
  return Math.round((sim + shared) * 1000) / 1000;
}

function why(r: RelatedNoteRow): string {
  const parts: string[] = [];
  if (r.similarity !== null && r.similarity >= MIN_SIMILARITY) parts.push(`similar text (${Math.round(r.similarity * 100)}%)`);
  if (r.sharedLinks.length > 0) parts.push(`both linked with ${r.sharedLinks.slice(0, 3).map((s) => linktextFor(s.path, true)).join(', ')}`);
  if (r.sharedTags.length > 0) parts.push(`shared tags ${r.sharedTags.slice(0, 3).map((t) => `#${t}`).join(' ')}`);
  return parts.join('; ');
}

/**
 * Notes near this one in meaning: the note's vector (the mean of its first chunks' vectors, embedded again so it
 * is in the current model's space) against every chunk vector; a note scores by its closest chunk.
 */
async function similarNotes(ctx: Ctx, vis: Visibility, path: string): Promise<{ path: string; title: string; similarity: number }[]> {
  const embedder = ctx.brain.embedder;
  if (!embedder) return [];
  const chunks = await ctx.brain.engine.pageChunks([path], { perPage: 8 });
  const texts = chunks.map((c) => `${c.heading}\n${c.text}`.trim()).filter((t) => t.length > 0);
  if (texts.length === 0) return [];
  const vectors = (await embedder.embed(texts, ctx.signal)).filter((v) => !isZeroVector(v));
  if (vectors.length === 0) return [];
  const mean = new Float32Array(vectors[0]!.length);
  for (const v of vectors) for (let i = 0; i < mean.length; i++) mean[i] = (mean[i] ?? 0) + (v[i] ?? 0);
  normalizeInPlace(mean);
  const hits = await ctx.brain.engine.vectorSearch({ vector: mean, modelId: embedder.id, limit: 80, filters: { excludePaths: [path], hidden: vis.hidden } });
  const best = new Map<string, { path: string; title: string; similarity: number }>();
  for (const h of hits) {
    const prev = best.get(h.path);
    if (!prev || h.rank > prev.similarity) best.set(h.path, { path: h.path, title: h.title, similarity: Math.round(h.rank * 1000) / 1000 });
  }
  return [...best.values()];
}

export const noteOps = [unlinkedMentionsOp, relatedNotesOp] as const;
