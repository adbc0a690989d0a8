// Integrity checks of an open store. The database is a cache of the notes, so damage is healed by rebuilding
// it, never by patching rows; what these checks decide is whether that is needed. Two kinds of problem:
// - `damage`: the store cannot be trusted (a table lost rows, a page fails its checksum, stamps are missing):
//   the caller discards the database and re-indexes every note.
// - `stale`: a few notes' rows disagree with their file-status rows (a crash between two commits of one
//   batch): those notes are marked for re-indexing, the rest is kept.
// `quick` runs on every open (a few counts, heap scans that verify page checksums, a sample of page digests);
// `full` (`vault-brain doctor`) recomputes every page's digest and compares index scans with heap scans.
import { ENGINE_VERSION, SCHEMA_VERSION } from './sql/schema';
import { SOURCE, type Sql, type SqlTx } from './sql/sql';
import { errorMessage } from '../errors';

/**
 * `quick`: every check an open runs (`open` then `scans`). The plugin's worker splits it: `open` (stamps, status
 * rows, a sample of page digests: a few indexed lookups, whatever the store's size) before the brain is used, and
 * `scans` (every heap page read, row totals: time grows with the store, ~1 s at 1k notes) after the open has
 * returned, with damage it finds healed like damage met during a run. `full` adds every digest and index scans.
 */
export type IntegrityMode = 'quick' | 'full' | 'open' | 'scans';

export interface IntegrityProblem {
  check: string;
  kind: 'damage' | 'stale';
  message: string;
  /** Notes to re-index for a `stale` problem (capped). */
  paths?: string[];
}

export interface IntegrityReport {
  mode: IntegrityMode;
  checks: string[];
  problems: IntegrityProblem[];
}

/** Pages whose chunk digest is recomputed on every open. */
const QUICK_SAMPLE = 32;
/** Paths listed in one stale problem. */
const MAX_STALE_PATHS = 10_000;
/** Tables scanned row by row on open: reading every heap page makes Postgres verify its checksum. */
const SCANNED_TABLES = ['meta', 'source_meta', 'pages', 'chunks', 'links', 'timeline_entries', 'page_names', 'page_chunk_stats', 'files'] as const;

type Db = Sql;

/** Runs the checks; never throws for what it finds (an error reading a table is itself a `damage` problem). */
export async function checkIntegrity(db: Db, mode: IntegrityMode = 'quick'): Promise<IntegrityReport> {
  const report: IntegrityReport = { mode, checks: [], problems: [] };
  const run = async (check: string, fn: () => Promise<IntegrityProblem[]>): Promise<void> => {
    report.checks.push(check);
    try {
      report.problems.push(...(await fn()));
    } catch (e) {
      report.problems.push({ check, kind: 'damage', message: `${check} failed: ${errorMessage(e)}` });
    }
  };
  const opening = mode !== 'scans';
  const scanning = mode !== 'open';
  if (opening) await run('meta stamps', () => checkMeta(db));
  if (scanning) await run('table scans', () => scanTables(db));
  if (scanning) await run('chunk counts', () => checkChunkTotals(db));
  if (opening) await run('file status rows', () => checkFileRows(db));
  if (opening) {
    await run(mode === 'full' ? 'chunk digests (all pages)' : `chunk digests (${QUICK_SAMPLE} sampled pages)`, () =>
      checkDigests(db, mode === 'full' ? null : QUICK_SAMPLE),
    );
  }
  if (mode === 'full') await run('index scans agree with table scans', () => checkIndexes(db));
  return report;
}

export function hasDamage(report: IntegrityReport): boolean {
  return report.problems.some((p) => p.kind === 'damage');
}

/** One line for a notice: the first damage found (and how many more). */
export function damageSummary(report: IntegrityReport): string {
  const damage = report.problems.filter((p) => p.kind === 'damage');
  if (damage.length === 0) return 'no damage';
  return damage.length === 1 ? damage[0]!.message : `${damage[0]!.message} (and ${damage.length - 1} more problems)`;
}

/**
 * Heals `stale` problems in place: the notes named lose their file-status row and their page's stat, so the
 * next index run re-reads and rewrites them. Returns how many notes were marked.
 */
export async function markForReindex(db: Db, report: IntegrityReport): Promise<number> {
  const paths = [...new Set(report.problems.filter((p) => p.kind === 'stale').flatMap((p) => p.paths ?? []))];
  if (paths.length === 0) return 0;
  await db.transaction(async (tx) => {
    await tx.query(`delete from files where source_id = ${SOURCE} and path = any($1::text[])`, [paths]);
    await tx.query(`update pages set mtime = -1 where source_id = ${SOURCE} and path = any($1::text[])`, [paths]);
  });
  return paths.length;
}

async function checkMeta(db: Db): Promise<IntegrityProblem[]> {
  // The store's stamps, and the engine's source's own (parser version).
  const r = await db.query<{ key: string; value: string }>(
    `select key, value from meta union all select key, value from source_meta where source_id = ${SOURCE}`,
  );
  const meta = new Map(r.rows.map((x) => [x.key, x.value]));
  const problems: IntegrityProblem[] = [];
  const damage = (message: string): void => void problems.push({ check: 'meta stamps', kind: 'damage', message });
  if (meta.get('schema_version') !== String(SCHEMA_VERSION)) {
    damage(`schema version stamp is ${JSON.stringify(meta.get('schema_version') ?? null)}, expected ${SCHEMA_VERSION}`);
  }
  if (!meta.has('engine_version')) damage(`engine version stamp is missing (expected ${ENGINE_VERSION})`);
  const pages = await db.query<{ n: number }>(`select count(*)::int as n from pages where source_id = ${SOURCE}`);
  if ((pages.rows[0]?.n ?? 0) > 0 && !meta.has('parser_version')) damage('pages are stored but the parser version stamp is missing');
  return problems;
}

/** Counts every table through its heap (index-only scans would skip the table pages and their checksums). */
async function scanTables(db: Db): Promise<IntegrityProblem[]> {
  await db.transaction(async (tx) => {
    await heapOnly(tx);
    for (const table of SCANNED_TABLES) await tx.query(`select count(*) from ${table}`);
  });
  return [];
}

async function checkChunkTotals(db: Db): Promise<IntegrityProblem[]> {
  const r = await db.transaction(async (tx) => {
    await heapOnly(tx);
    return tx.query<{ expected: number; actual: number; orphans: number; unstamped: number }>(
      `select (select coalesce(sum(chunk_count), 0)::int from pages where source_id = ${SOURCE}) as expected,
              (select count(*)::int from chunks where source_id = ${SOURCE}) as actual,
              (select count(*)::int from chunks c where c.source_id = ${SOURCE}
                 and not exists (select 1 from pages p where p.source_id = c.source_id and p.path = c.page)) as orphans,
              (select count(*)::int from pages where source_id = ${SOURCE} and chunk_count is null) as unstamped`,
    );
  });
  const { expected, actual, orphans, unstamped } = r.rows[0]!;
  const problems: IntegrityProblem[] = [];
  if (unstamped > 0) problems.push({ check: 'chunk counts', kind: 'damage', message: `${unstamped} pages have no chunk count stamp` });
  else if (expected !== actual) {
    problems.push({ check: 'chunk counts', kind: 'damage', message: `the chunks table has ${actual} rows but the pages record ${expected}` });
  }
  if (orphans > 0) problems.push({ check: 'chunk counts', kind: 'damage', message: `${orphans} chunks belong to no page` });
  return problems;
}

/**
 * Every page must have an `indexed` status row and every `indexed` row a page. The indexer writes both in
 * separate commits, so a crash between them leaves a few notes out of step: they are re-indexed, not rebuilt.
 * Past a quarter of the pages out of step it is not a crash but lost rows: damage.
 */
async function checkFileRows(db: Db): Promise<IntegrityProblem[]> {
  const r = await db.query<{ path: string }>(
    `select path from (
       select p.path from pages p left join files f on f.source_id = p.source_id and f.path = p.path
       where p.source_id = ${SOURCE} and (f.path is null or f.status <> 'indexed')
       union
       select f.path from files f left join pages p on p.source_id = f.source_id and p.path = f.path
       where f.source_id = ${SOURCE} and f.status = 'indexed' and p.path is null
     ) x order by path limit $1`,
    [MAX_STALE_PATHS + 1],
  );
  if (r.rows.length === 0) return [];
  const pages = (await db.query<{ n: number }>(`select count(*)::int as n from pages where source_id = ${SOURCE}`)).rows[0]?.n ?? 0;
  const paths = r.rows.map((x) => x.path);
  if (paths.length > MAX_STALE_PATHS || paths.length > Math.max(20, pages / 4)) {
    return [{ check: 'file status rows', kind: 'damage', message: `${paths.length} notes have a page without a status row or the reverse` }];
  }
  return [{ check: 'file status rows', kind: 'stale', message: `${paths.length} notes are out of step with their status rows`, paths }];
}

/** Recomputes pages' chunk digests from the chunk rows (a sample of `limit` pages, or all of them). */
async function checkDigests(db: Db, limit: number | null): Promise<IntegrityProblem[]> {
  const r = await db.query<{ path: string; expected: number; actual: number }>(
    `select p.path, p.chunk_count as expected, x.n as actual
     from (select path, chunk_count, chunk_digest from pages where source_id = ${SOURCE} ${limit === null ? '' : 'order by random() limit $1'}) p
       cross join lateral (select count(*)::int as n, md5(coalesce(string_agg(hash, ',' order by ord, hash), '')) as d
                           from chunks where source_id = ${SOURCE} and page = p.path) x
     where p.chunk_count is distinct from x.n or p.chunk_digest is distinct from x.d
     order by p.path`,
    limit === null ? [] : [limit],
  );
  if (r.rows.length === 0) return [];
  const first = r.rows[0]!;
  return [
    {
      check: 'chunk digests',
      kind: 'damage',
      message: `${r.rows.length} ${limit === null ? '' : 'sampled '}pages do not match their chunks (${first.path}: ${first.actual} chunks, ${first.expected} recorded)`,
    },
  ];
}

/** The primary-key indexes must see the same rows as the tables (a damaged index answers differently). */
async function checkIndexes(db: Db): Promise<IntegrityProblem[]> {
  const problems: IntegrityProblem[] = [];
  for (const [table, column] of [['pages', 'path'], ['chunks', 'id'], ['links', 'id'], ['files', 'path']] as const) {
    const counts = await db.transaction(async (tx) => {
      await heapOnly(tx);
      const heap = (await tx.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      await tx.query('set local enable_seqscan = off');
      await tx.query('set local enable_indexscan = on');
      await tx.query('set local enable_indexonlyscan = on');
      await tx.query('set local enable_bitmapscan = on');
      const index = (await tx.query<{ n: number }>(`select count(${column})::int as n from ${table} where ${column} is not null`)).rows[0]!.n;
      return { heap, index };
    });
    if (counts.heap !== counts.index) {
      problems.push({ check: 'index scans', kind: 'damage', message: `${table}: the table has ${counts.heap} rows, its index ${counts.index}` });
    }
  }
  return problems;
}

async function heapOnly(tx: SqlTx): Promise<void> {
  for (const setting of ['enable_indexscan', 'enable_indexonlyscan', 'enable_bitmapscan']) await tx.query(`set local ${setting} = off`);
}
