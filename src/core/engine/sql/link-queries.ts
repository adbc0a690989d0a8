// Reads of stored links: backlinks, outgoing links, every edge, backlink counts and dangling links.
import type { Backlink, DanglingGroup, DanglingLinkRow, EdgeRow, LinkPage, OutgoingLink } from '../brain-engine';
import { limitOf, SOURCE, type SqlTx } from './sql';
import { hiddenAmongLinks } from './sql-filters';

/** ` limit … offset …` for a page (no limit: every row from the offset), or '' for all rows. */
function pageClause(page: LinkPage | undefined, params: unknown[]): string {
  if (!page || (page.limit === undefined && !page.offset)) return '';
  const limit = page.limit === undefined ? 'all' : `$${params.push(limitOf(page.limit, 1000, 100_000))}`;
  return ` limit ${limit} offset $${params.push(Math.max(0, Math.floor(page.offset ?? 0)))}`;
}

export async function backlinks(db: SqlTx, path: string, page?: LinkPage): Promise<Backlink[]> {
  const params: unknown[] = [path];
  const hide = hiddenAmongLinks('from_path', 'to_path = $1', page?.hidden, (v) => `$${params.push(v)}`);
  const r = await db.query<Backlink>(
    `select id, from_path as "from", raw, type, source, field, context, line, direction, past from links
     where source_id = ${SOURCE} and to_path = $1${hide ? ` and ${hide}` : ''} order by from_path, line, id${pageClause(page, params)}`,
    params,
  );
  return r.rows;
}

export async function outgoingLinks(db: SqlTx, path: string, page?: LinkPage): Promise<OutgoingLink[]> {
  const params: unknown[] = [path];
  const hide = hiddenAmongLinks('to_path', 'from_path = $1', page?.hidden, (v) => `$${params.push(v)}`);
  const r = await db.query<OutgoingLink>(
    `select id, to_path as "to", raw, target_text as "targetText", type, source, line, context, field, direction, past
     from links where source_id = ${SOURCE} and from_path = $1${hide ? ` and ${hide}` : ''} order by line, char_offset, id${pageClause(page, params)}`,
    params,
  );
  return r.rows;
}

export async function allEdges(db: SqlTx): Promise<EdgeRow[]> {
  const r = await db.query<EdgeRow>(`select from_path as "from", to_path as "to", type, source, direction, past, target_text as "targetText" from links
     where source_id = ${SOURCE} order by id`);
  return r.rows;
}

export async function backlinkCounts(db: SqlTx, paths: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(paths.map((p) => [p, 0]));
  if (paths.length === 0) return counts;
  const r = await db.query<{ path: string; n: number }>(
    `select to_path as path, count(*)::int as n from links where source_id = ${SOURCE} and to_path = any($1::text[]) group by to_path`,
    [paths],
  );
  for (const row of r.rows) counts.set(row.path, row.n);
  return counts;
}

export async function listDanglingLinks(db: SqlTx): Promise<DanglingLinkRow[]> {
  const r = await db.query<DanglingLinkRow>(
    `select id, from_path as "fromPath", target_text as "targetText" from links where source_id = ${SOURCE} and to_path is null order by id`,
  );
  return r.rows;
}

/**
 * Links that point at a path holding no page: an attachment (a target like any file), or a note listed when the
 * link was written and gone before its page was (a run killed mid-way while notes moved).
 */
export async function linksToUnstoredPaths(db: SqlTx): Promise<(DanglingLinkRow & { toPath: string })[]> {
  const r = await db.query<DanglingLinkRow & { toPath: string }>(
    `select l.id, l.from_path as "fromPath", l.target_text as "targetText", l.to_path as "toPath" from links l
     where l.source_id = ${SOURCE} and l.to_path is not null
       and not exists (select 1 from pages p where p.source_id = l.source_id and p.path = l.to_path)
     order by l.id`,
  );
  return r.rows;
}

export async function danglingLinksTo(db: SqlTx, candidates: string[]): Promise<DanglingLinkRow[]> {
  if (candidates.length === 0) return [];
  const r = await db.query<DanglingLinkRow>(
    `select id, from_path as "fromPath", target_text as "targetText" from links
     where source_id = ${SOURCE} and to_path is null and lower(target_text) = any($1::text[]) order by id`,
    [candidates.map((c) => c.toLowerCase())],
  );
  return r.rows;
}

export async function danglingLinks(db: SqlTx, options: { limit?: number } = {}): Promise<DanglingGroup[]> {
  const r = await db.query<DanglingGroup>(
    `select min(target_text) as "targetText", count(*)::int as count,
       array_agg(distinct from_path order by from_path) as "from"
     from links where source_id = ${SOURCE} and to_path is null group by lower(target_text)
     order by count(*) desc, lower(target_text) limit $1`,
    [limitOf(options.limit, 100)],
  );
  return r.rows;
}
