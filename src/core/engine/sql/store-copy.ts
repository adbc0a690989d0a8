// Copies a whole store from one engine's database to another's (`vault-brain migrate`: embedded PGlite <-> a
// Postgres server), rows as they are: chunk ids, vectors and link types travel, so nothing is re-parsed or
// re-embedded. Both ends run this code's migrations first, so their tables match. Every value goes through its
// text form (`::text` out, `$n::type` in), which Postgres round-trips exactly for every type we store (float8
// and vector print their shortest exact form), so the same statements serve both drivers.
//
// Batches are keyset pages in primary-key order. Each batch is inserted together with a progress record in the
// target's meta, in one transaction: a run cut short resumes after the last committed batch, and a batch that
// was committed twice (it cannot be) would still be harmless (`on conflict do nothing`).
import { hnswIndexSql } from './vector-store';
import { TABLES } from './schema';
import type { Sql } from './sql';

/** The row-bearing tables in copy order (parents first) and their primary keys. */
export const COPY_TABLES: readonly { name: (typeof TABLES)[number]; keys: readonly string[]; identity?: string }[] = [
  { name: 'pages', keys: ['path'] },
  { name: 'page_names', keys: ['name_key', 'path'] },
  { name: 'page_chunk_stats', keys: ['path'] },
  { name: 'chunks', keys: ['id'], identity: 'id' },
  { name: 'links', keys: ['id'], identity: 'id' },
  { name: 'timeline_entries', keys: ['id'], identity: 'id' },
  { name: 'files', keys: ['path'] },
];

export const COPY_PROGRESS_KEY = 'copy_progress';
export const COPIED_FROM_KEY = 'copied_from';
/** Meta that describes the store itself, not the brain in it: never copied. */
const LOCAL_META = new Set(['schema_version', 'engine_version', 'last_recovery', COPY_PROGRESS_KEY, COPIED_FROM_KEY]);

export interface CopyProgress {
  /** Which store is being copied (its location, password redacted). */
  from: string;
  /** The table being copied and the key of its last committed row; tables before it are done. */
  table: string;
  after: string[] | null;
}

export interface TableCount {
  source: number;
  target: number;
  /** Rows this run wrote. */
  copied: number;
}

export interface CopyReport {
  from: string;
  /** This run continued a copy a previous run had started. */
  resumed: boolean;
  /** The target already held a finished copy of this source: nothing was written. */
  alreadyCopied: boolean;
  tables: Record<string, TableCount>;
  /** Chunks with a vector, at both ends. */
  embeddings: { source: number; target: number };
  /** Every count matches. */
  verified: boolean;
  seconds: number;
}

export interface CopyOptions {
  /** The source's location (redacted), recorded so a resumed run knows it continues the same copy. */
  from: string;
  /** Rows per batch (default 500). */
  batchSize?: number;
  onBatch?: (table: string, copied: number) => void;
  /** Tests: stop after this many batches (a run cut short). */
  stopAfterBatches?: number;
}

export class StoreCopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreCopyError';
  }
}

interface Column {
  name: string;
  type: string;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The table's stored columns (dropped ones left out) with their exact types. */
async function columnsOf(db: Sql, table: string): Promise<Column[]> {
  const r = await db.query<Column>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type from pg_attribute a
     where a.attrelid = format('%I.%I', current_schema(), $1::text)::regclass and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [table],
  );
  return r.rows;
}

async function count(db: Sql, table: string): Promise<number> {
  const r = await db.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
  return r.rows[0]?.n ?? 0;
}

async function embedded(db: Sql): Promise<number> {
  const r = await db.query<{ n: number }>('select count(*)::int as n from chunks where embedding is not null');
  return r.rows[0]?.n ?? 0;
}

async function readMeta(db: Sql, key: string): Promise<string | null> {
  const r = await db.query<{ value: string }>('select value from meta where key = $1', [key]);
  return r.rows[0]?.value ?? null;
}

function parseProgress(raw: string | null): CopyProgress | null {
  if (raw === null) return null;
  try {
    const p = JSON.parse(raw) as CopyProgress;
    return typeof p.from === 'string' && typeof p.table === 'string' ? p : null;
  } catch {
    return null;
  }
}

export async function copyStore(source: Sql, target: Sql, options: CopyOptions): Promise<CopyReport> {
  const t0 = Date.now();
  const batchSize = Math.max(1, Math.min(10_000, options.batchSize ?? 500));
  let progress = parseProgress(await readMeta(target, COPY_PROGRESS_KEY));
  if (progress && progress.from !== options.from) {
    throw new StoreCopyError(`the target holds an unfinished copy of another store (${progress.from}); empty it first`);
  }
  const resumed = progress !== null;
  const tables: Record<string, TableCount> = {};
  const alreadyCopied = !resumed && (await readMeta(target, COPIED_FROM_KEY)) === options.from;
  if (!resumed && !alreadyCopied) {
    for (const t of COPY_TABLES) {
      const n = await count(target, t.name);
      if (n > 0) throw new StoreCopyError(`the target already holds a brain (${n} rows in ${t.name}); it must be empty, so nothing is overwritten`);
    }
    progress = { from: options.from, table: COPY_TABLES[0]!.name, after: null };
  }

  let batches = 0;
  if (progress) {
    let started = false;
    for (const t of COPY_TABLES) {
      if (!started && t.name !== progress.table) continue;
      started = true;
      const after = t.name === progress.table ? progress.after : null;
      const copied = await copyTable(source, target, t, after, { ...options, batchSize }, () => ++batches);
      tables[t.name] = { source: 0, target: 0, copied };
      if (copied < 0) return finish(false);
    }
    await copyMeta(source, target);
    await copyVectorIndexes(source, target);
    await target.transaction(async (tx) => {
      await tx.query('delete from meta where key = $1', [COPY_PROGRESS_KEY]);
      await tx.query(`insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [COPIED_FROM_KEY, options.from]);
    });
  }
  return finish(true);

  async function finish(done: boolean): Promise<CopyReport> {
    for (const t of COPY_TABLES) {
      const row = (tables[t.name] ??= { source: 0, target: 0, copied: 0 });
      row.copied = Math.max(0, row.copied);
      row.source = await count(source, t.name);
      row.target = await count(target, t.name);
    }
    const embeddings = { source: await embedded(source), target: await embedded(target) };
    const verified = done && embeddings.source === embeddings.target && Object.values(tables).every((c) => c.source === c.target);
    return { from: options.from, resumed, alreadyCopied, tables, embeddings, verified, seconds: (Date.now() - t0) / 1000 };
  }

  async function copyTable(
    from: Sql,
    to: Sql,
    t: (typeof COPY_TABLES)[number],
    start: string[] | null,
    o: CopyOptions & { batchSize: number },
    nextBatch: () => number,
  ): Promise<number> {
    const columns = await columnsOf(from, t.name);
    const targetColumns = new Map((await columnsOf(to, t.name)).map((c) => [c.name, c.type]));
    const missing = columns.filter((c) => targetColumns.get(c.name) !== c.type);
    if (missing.length > 0) throw new StoreCopyError(`${t.name} differs between the two stores (${missing.map((c) => c.name).join(', ')}); open both with the same version first`);
    const keyTypes = t.keys.map((k) => columns.find((c) => c.name === k)!.type);
    const keyList = t.keys.map(ident).join(', ');
    const select = `select ${t.keys.map((k, i) => `${ident(k)}::text as k${i}`).join(', ')}, ${columns.map((c, i) => `${ident(c.name)}::text as c${i}`).join(', ')}
      from ${ident(t.name)}`;
    const insert = `insert into ${ident(t.name)} (${columns.map((c) => ident(c.name)).join(', ')})
      select ${columns.map((c, i) => `u.c${i}::${c.type}`).join(', ')}
      from unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as u(${columns.map((_, i) => `c${i}`).join(', ')})
      on conflict do nothing`;
    let after = start;
    let copied = 0;
    for (;;) {
      const where = after ? ` where (${keyList}) > (${t.keys.map((_, i) => `$${i + 2}::${keyTypes[i]}`).join(', ')})` : '';
      const page = await from.query<Record<string, string | null>>(`${select}${where} order by ${keyList} limit $1`, [o.batchSize, ...(after ?? [])]);
      if (page.rows.length === 0) break;
      const last = page.rows[page.rows.length - 1]!;
      const lastKey = t.keys.map((_, i) => last[`k${i}`] as string);
      const values = columns.map((_, i) => page.rows.map((r) => r[`c${i}`] ?? null));
      const next: CopyProgress = { from: o.from, table: t.name, after: lastKey };
      await to.transaction(async (tx) => {
        await tx.query(insert, values);
        await tx.query(`insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [COPY_PROGRESS_KEY, JSON.stringify(next)]);
      });
      copied += page.rows.length;
      after = lastKey;
      o.onBatch?.(t.name, copied);
      if (o.stopAfterBatches !== undefined && nextBatch() >= o.stopAfterBatches) return -1;
      if (page.rows.length < o.batchSize) break;
    }
    if (t.identity) {
      // Rows came with their ids: the identity continues after the largest, so the next insert cannot collide.
      await to.query(`select setval(pg_get_serial_sequence($1, $2), greatest(1, (select coalesce(max(${ident(t.identity)}), 0) from ${ident(t.name)})))`, [t.name, t.identity]);
    }
    // The next table starts from its first row.
    await to.query(`insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value`, [
      COPY_PROGRESS_KEY,
      JSON.stringify({ from: o.from, table: COPY_TABLES[COPY_TABLES.indexOf(t) + 1]?.name ?? 'meta', after: null } satisfies CopyProgress),
    ]);
    return copied;
  }
}

/** The brain's meta (parser version, last index time, pending work), not the store's own. */
async function copyMeta(source: Sql, target: Sql): Promise<void> {
  const rows = (await source.query<{ key: string; value: string }>('select key, value from meta order by key')).rows.filter((r) => !LOCAL_META.has(r.key));
  if (rows.length === 0) return;
  await target.query(
    `insert into meta (key, value) select * from unnest($1::text[], $2::text[]) on conflict (key) do update set value = excluded.value`,
    [rows.map((r) => r.key), rows.map((r) => r.value)],
  );
}

/** The source's HNSW indexes, built on the target too, so vector search there is as fast from the start. */
async function copyVectorIndexes(source: Sql, target: Sql): Promise<void> {
  const r = await source.query<{ name: string }>(
    `select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'chunks' and indexname like 'chunks_hnsw_%'`,
  );
  for (const { name } of r.rows) {
    const dims = Number(name.slice('chunks_hnsw_'.length));
    if (Number.isInteger(dims) && dims > 0) await target.exec(hnswIndexSql(dims));
  }
}
