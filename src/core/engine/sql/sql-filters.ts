// SQL conditions for search filters. Values always become bind parameters; only fixed SQL text is emitted.
import type { SearchFilters } from '../brain-engine';
import { clean } from './pg-text';
import { SOURCE } from './sql';

/**
 * Appends the filter values to `params` and returns ` and ...` conditions over the pages alias `p`
 * (empty string when there are no filters).
 */
export function filterConditions(filters: SearchFilters | undefined, params: unknown[]): string {
  if (!filters) return '';
  const conds: string[] = [];
  const bind = (v: string | string[]): string => {
    params.push(typeof v === 'string' ? clean(v) : v.map(clean));
    return `$${params.length}`;
  };
  const folder = filters.folder?.replace(/^\/+|\/+$/g, '');
  if (folder) conds.push(`starts_with(p.path, ${bind(`${folder}/`)})`);
  if (filters.tag) {
    const tag = filters.tag.replace(/^#/, '').toLowerCase();
    const b = bind(tag);
    conds.push(`exists (select 1 from unnest(p.tags) t where lower(t) = ${b} or starts_with(lower(t), ${b} || '/'))`);
  }
  if (filters.type) conds.push(`p.type = ${bind(filters.type)}`);
  if (filters.paths) conds.push(`p.path = any(${bind(filters.paths)}::text[])`);
  if (filters.excludePaths && filters.excludePaths.length > 0) {
    conds.push(`not (p.path = any(${bind(filters.excludePaths)}::text[]))`);
  }
  const hide = hiddenCondition('p.path', filters.hidden, bind);
  if (hide) conds.push(hide);
  return conds.map((c) => ` and ${c}`).join('');
}

/**
 * The condition that leaves out paths matching the `hidden` patterns (case-insensitive regular expressions,
 * `PathFilter.exclusionPatterns`) in `column`, or '' when nothing is hidden. A null column (a dangling link's
 * target) is never hidden.
 */
export function hiddenCondition(column: string, hidden: string[] | undefined, bind: (v: string[]) => string): string {
  if (!hidden || hidden.length === 0) return '';
  return `not coalesce(${column} ~* any(${bind(hidden)}::text[]), false)`;
}

/**
 * `hiddenCondition` for the links of one note (`scope`, e.g. `to_path = $1`), with the patterns matched once per
 * distinct value of `column` instead of once per row: a note can hold 20,000 links from or to a handful of notes,
 * and a regular expression per row was most of a page's time in wasm Postgres (~140 of ~190 ms). `offset 0`
 * keeps the planner from pushing the match back below the `distinct`.
 */
export function hiddenAmongLinks(column: 'from_path' | 'to_path', scope: string, hidden: string[] | undefined, bind: (v: string[]) => string): string {
  if (!hidden || hidden.length === 0) return '';
  const hiddenValues = `select v from (select distinct ${column} as v from links where source_id = ${SOURCE} and ${scope} offset 0) d where v ~* any(${bind(hidden)}::text[])`;
  return `not coalesce(${column} = any(array(${hiddenValues})), false)`;
}
