// A first index into an empty store: secondary indexes that the run's own writes never read are dropped before the
// bulk load and built once after it, instead of being updated row by row (every batch dirtied their pages again,
// each rewritten at every checkpoint and logged in full after it: most of the plugin's OPFS writes at 10k notes).
// What the run reads itself (primary keys, each child table's path index) stays. Searches between batches still
// answer, correctly, by scanning the tables; the indexer only asks for this where nobody searches while it runs
// (the CLI's index command): in the plugin, whose panes search during a first index, each such search read the
// growing chunks table from OPFS, which cost more than the index upkeep saved (docs/plugin-performance.md).
//
// Crash safety: the definitions are saved in `meta` in the transaction that drops them, and every open of the
// store builds any that are saved (restoreDeferredIndexes), so a run killed before its end leaves no index
// missing past the next open. The definitions are read back from the catalog, so they stay exactly what the
// migrations made.
import type { Sql, SqlTx } from './sql';

/**
 * Indexes only searches, re-resolution, re-typing and the embedding queue read. Not these: the primary keys
 * (upserts), chunks_page (chunk totals per page), links_from, timeline_page and page_names_path (a page written
 * over its provisional row deletes its old rows by path).
 */
export const DEFERRABLE_INDEXES = ['chunks_tsv_en', 'page_names_trgm', 'links_to', 'links_dangling_target', 'chunks_model', 'timeline_date', 'files_status', 'pages_type'] as const;

const META_KEY = 'deferred_indexes';

/**
 * Drops the deferrable indexes when no source has a page (the database is empty; another source's searches need
 * them otherwise) and saves their definitions. Returns whether it did.
 */
export async function deferIndexes(db: Sql): Promise<boolean> {
  return db.transaction(async (tx) => {
    const busy = await tx.query<{ busy: boolean }>(`select exists (select 1 from pages) or exists (select 1 from meta where key = $1) as busy`, [META_KEY]);
    if (busy.rows[0]?.busy !== false) return false;
    const defs = await tx.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and indexname = any($1::text[])`,
      [[...DEFERRABLE_INDEXES]],
    );
    if (defs.rows.length === 0) return false;
    await tx.query(`insert into meta (key, value) values ($1, $2)`, [META_KEY, JSON.stringify(defs.rows.map((r) => r.def))]);
    // Names from the catalog, matched against the fixed list above: never text from a note.
    for (const { name } of defs.rows) await tx.exec(`drop index if exists ${quoteIdent(name)}`);
    return true;
  });
}

/** Builds the indexes a bulk load deferred (none saved: nothing to do). Returns how many definitions it ran. */
export async function restoreDeferredIndexes(db: Sql): Promise<number> {
  const saved = await db.query<{ value: string }>(`select value from meta where key = $1`, [META_KEY]);
  const value = saved.rows[0]?.value;
  if (value === undefined) return 0;
  const defs = parseDefs(value);
  await db.transaction(async (tx) => {
    for (const def of defs) await tx.exec(ifNotExists(def));
    await tx.query(`delete from meta where key = $1`, [META_KEY]);
  });
  return defs.length;
}

/** Saved definitions: CREATE [UNIQUE] INDEX statements as pg_indexes printed them; anything else is refused. */
function parseDefs(value: string): string[] {
  const defs: unknown = JSON.parse(value);
  if (!Array.isArray(defs) || !defs.every((d): d is string => typeof d === 'string' && /^CREATE (UNIQUE )?INDEX [a-z_]+ ON /.test(d) && !d.includes(';'))) {
    throw new Error(`meta.${META_KEY} does not hold index definitions`);
  }
  return defs;
}

function ifNotExists(def: string): string {
  return def.replace(/^CREATE (UNIQUE )?INDEX /, (m) => `${m}IF NOT EXISTS `);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Whether a bulk load's indexes are still to be built (tests, diagnostics). */
export async function indexesDeferred(db: SqlTx): Promise<boolean> {
  const r = await db.query<{ n: number }>(`select count(*)::int as n from meta where key = $1`, [META_KEY]);
  return (r.rows[0]?.n ?? 0) > 0;
}
