// Reads of pages: one page, every page's change state, listings, the first chunks of pages, timeline entries
// and store counts.
import type {
  DatedPage,
  DatedPagesQuery,
  EngineStats,
  ListPagesOptions,
  ChunkHit,
  PageRow,
  PageState,
  PageSummary,
  SearchFilters,
  TimelineQuery,
  TimelineRow,
} from '../brain-engine';
import { CHUNK_HIT_COLUMNS, toChunkHit, type ChunkHitRow } from './chunk-hits';
import { filterConditions, hiddenCondition } from './sql-filters';
import { limitOf, SOURCE, type SqlTx } from './sql';

export async function getPage(db: SqlTx, path: string): Promise<PageRow | null> {
  const r = await db.query<PageRow>(
    `select path, title, type, frontmatter, aliases, tags, compiled_truth as "compiledTruth", timeline,
       content_hash as "contentHash", mtime, size, indexed_at as "indexedAt", warnings
     from pages where source_id = ${SOURCE} and path = $1`,
    [path],
  );
  return r.rows[0] ?? null;
}

/** Every page's state, or only those of `paths` (one query for a batch of file events). */
export async function getPageStates(db: SqlTx, paths?: string[]): Promise<PageState[]> {
  const cols = `select path, content_hash as "contentHash", mtime, size from pages where source_id = ${SOURCE}`;
  const r = paths === undefined ? await db.query<PageState>(`${cols} order by path`) : await db.query<PageState>(`${cols} and path = any($1::text[]) order by path`, [paths]);
  return r.rows;
}

export async function listPages(db: SqlTx, options: ListPagesOptions = {}): Promise<PageSummary[]> {
  const params: unknown[] = [];
  let where = filterConditions({ folder: options.folder, tag: options.tag, type: options.type, paths: options.paths, hidden: options.hidden }, params);
  if (options.modifiedSince !== undefined) {
    params.push(options.modifiedSince);
    where += ` and p.mtime >= $${params.length}`;
  }
  const order = options.orderBy === 'recent' ? 'mtime desc, path' : 'path';
  params.push(limitOf(options.limit, 1000, 1_000_000), limitOf(options.offset, 0, Number.MAX_SAFE_INTEGER));
  const r = await db.query<PageSummary>(
    `select path, title, type, tags, aliases, mtime, size from pages p where p.source_id = ${SOURCE} ${where}
     order by ${order} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return r.rows;
}

export async function pageChunks(
  db: SqlTx,
  paths: string[],
  options: { perPage?: number; filters?: SearchFilters } = {},
): Promise<ChunkHit[]> {
  if (paths.length === 0) return [];
  const params: unknown[] = [paths, limitOf(options.perPage, 1, 1000)];
  const where = filterConditions(options.filters, params);
  const r = await db.query<ChunkHitRow>(
    `select * from (
       select ${CHUNK_HIT_COLUMNS}, 0 as rank, row_number() over (partition by c.page order by c.ord, c.id) as n
       from chunks c join pages p on p.source_id = c.source_id and p.path = c.page
       where c.source_id = ${SOURCE} and c.page = any($1::text[]) ${where}
     ) s where s.n <= $2 order by s.path, s.n`,
    params,
  );
  return r.rows.map(toChunkHit);
}

export async function timeline(db: SqlTx, query: TimelineQuery = {}): Promise<TimelineRow[]> {
  const params: unknown[] = [];
  const conds: string[] = [`t.source_id = ${SOURCE}`];
  const bind = (v: unknown): string => {
    params.push(v);
    return `$${params.length}`;
  };
  if (query.path !== undefined) conds.push(`t.page = ${bind(query.path)}`);
  if (query.since !== undefined) conds.push(`t.date >= ${bind(query.since)}`);
  if (query.until !== undefined) conds.push(`t.date <= ${bind(query.until)}`);
  const hide = hiddenCondition('t.page', query.hidden, bind);
  if (hide) conds.push(hide);
  const limit = bind(limitOf(query.limit, 100));
  const r = await db.query<TimelineRow>(
    `select t.page as path, p.title, t.date, t.summary, t.line
     from timeline_entries t join pages p on p.source_id = t.source_id and p.path = t.page
     where ${conds.join(' and ')}
     order by t.date desc, t.page, t.line limit ${limit}`,
    params,
  );
  return r.rows;
}

/**
 * A frontmatter `date` (YAML dates arrive as ISO timestamps; the day is the first ten characters), else a
 * title that starts with one. A scan of `pages`, run only for queries that name a time.
 */
export async function datedPages(db: SqlTx, query: DatedPagesQuery): Promise<DatedPage[]> {
  const params: unknown[] = [query.since, query.until, limitOf(query.limit, 200)];
  // Hidden notes are left out here, not after: they would take the cap's places from notes the caller may see.
  const hide = hiddenCondition('path', query.hidden, (v) => {
    params.push(v);
    return `$${params.length}`;
  });
  const r = await db.query<DatedPage>(
    `select path, title, date from (
       select path, title, coalesce(
         case when frontmatter->>'date' ~ '^\\d{4}-\\d{2}-\\d{2}' then left(frontmatter->>'date', 10) end,
         substring(title from '^(\\d{4}-\\d{2}-\\d{2})')) as date
       from pages where source_id = ${SOURCE}${hide ? ` and ${hide}` : ''}) d
     where date between $1 and $2 order by date, path limit $3`,
    params,
  );
  return r.rows;
}

export async function stats(db: SqlTx, options: { hidden?: string[] } = {}): Promise<EngineStats> {
  // One parameter, the hidden patterns, bound once and named wherever a condition needs it.
  const params: unknown[] = [];
  const bind = (v: string[]): string => {
    if (params.length === 0) params.push(v);
    return '$1';
  };
  // Only the engine's source. Hidden pages are left out, with their chunks, timeline and links, and links into
  // them (never counted as dangling: their target exists).
  const hide = hiddenCondition('p.path', options.hidden, bind);
  const seen = `(select path, type from pages p where p.source_id = ${SOURCE}${hide ? ` and ${hide}` : ''})`;
  /** The rows of `table` in the source whose page (`column`) is seen, as a subquery. */
  const ofSeen = (table: string, alias: string, column: string): string =>
    `(select ${alias}.* from ${table} ${alias}${hide ? ` join ${seen} v on v.path = ${alias}.${column}` : ''} where ${alias}.source_id = ${SOURCE})`;
  const linkTo = hiddenCondition('l.to_path', options.hidden, bind);
  const links = hide ? `(select l.* from ${ofSeen('links', 'l', 'from_path')} l where ${linkTo})` : ofSeen('links', 'l', 'from_path');
  const counts = await db.query<Omit<EngineStats, 'embeddedByModel' | 'pagesByType'>>(
    `select (select count(*) from ${seen} v)::int as pages,
       (select count(*) from ${ofSeen('chunks', 'c', 'page')} c)::int as chunks,
       (select count(*) from ${links} l)::int as links,
       (select count(*) from ${links} l where type <> 'mentions')::int as "typedLinks",
       (select count(*) from ${links} l where to_path is null)::int as dangling,
       (select count(*) from ${ofSeen('timeline_entries', 't', 'page')} t)::int as "timelineEntries"`,
    params,
  );
  const models = await db.query<{ model: string; n: number }>(
    `select embedding_model as model, count(*)::int as n from ${ofSeen('chunks', 'c', 'page')} c where embedding is not null group by 1`,
    params,
  );
  const types = await db.query<{ type: string; n: number }>(`select type, count(*)::int as n from ${seen} v group by 1`, params);
  const c = counts.rows[0];
  if (!c) throw new Error('stats query returned no row');
  return {
    ...c,
    embeddedByModel: Object.fromEntries(models.rows.map((r) => [r.model, r.n])),
    pagesByType: Object.fromEntries(types.rows.map((r) => [r.type, r.n])),
  };
}
