// Per-file index status (indexed, skipped with a reason, failed) and the source's key/value meta, both of the
// engine's source.
import type { FileStatus, FileStatusRow, StoredFileStatus } from '../brain-engine';
import { clean } from './pg-text';
import { SOURCE, type SqlTx } from './sql';

export async function recordFileStatus(tx: SqlTx, rows: FileStatusRow[], now: number): Promise<void> {
  await tx.query(
    `insert into files (path, status, reason, size, mtime, updated_at)
     select u.*, $6 from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[])
       as u(path, status, reason, size, mtime)
     on conflict (source_id, path) do update set status = excluded.status, reason = excluded.reason, size = excluded.size,
       mtime = excluded.mtime, updated_at = excluded.updated_at`,
    [
      rows.map((r) => clean(r.path)),
      rows.map((r) => r.status),
      rows.map((r) => (r.reason == null ? null : clean(r.reason))),
      rows.map((r) => r.size ?? null),
      rows.map((r) => r.mtime ?? null),
      now,
    ],
  );
}

export async function fileStatuses(db: SqlTx, options: { status?: FileStatus } = {}): Promise<StoredFileStatus[]> {
  const r = await db.query<StoredFileStatus>(
    `select path, status, reason, size, mtime, updated_at as "updatedAt" from files
     where source_id = ${SOURCE} and ($1::text is null or status = $1) order by path`,
    [options.status ?? null],
  );
  return r.rows;
}

export async function removeFileStatus(tx: SqlTx, paths: string[]): Promise<void> {
  await tx.query(`delete from files where source_id = ${SOURCE} and path = any($1::text[])`, [paths]);
}

/** Meta the store itself owns (the schema's stamps, one per database); every other key is the source's. */
export const STORE_META_KEYS: ReadonlySet<string> = new Set(['schema_version', 'engine_version']);

export async function getMeta(db: SqlTx, key: string): Promise<string | null> {
  const r = STORE_META_KEYS.has(key)
    ? await db.query<{ value: string }>('select value from meta where key = $1', [key])
    : await db.query<{ value: string }>(`select value from source_meta where source_id = ${SOURCE} and key = $1`, [key]);
  return r.rows[0]?.value ?? null;
}

export async function setMeta(tx: SqlTx, key: string, value: string): Promise<void> {
  const sql = STORE_META_KEYS.has(key)
    ? 'insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value'
    : 'insert into source_meta (key, value) values ($1, $2) on conflict (source_id, key) do update set value = excluded.value';
  await tx.query(sql, [clean(key), clean(value)]);
}
