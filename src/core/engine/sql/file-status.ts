// Per-file index status (indexed, skipped with a reason, failed) and the key/value meta table.
import type { FileStatus, FileStatusRow, StoredFileStatus } from '../brain-engine';
import { clean } from './pg-text';
import type { SqlTx } from './sql';

export async function recordFileStatus(tx: SqlTx, rows: FileStatusRow[], now: number): Promise<void> {
  await tx.query(
    `insert into files (path, status, reason, size, mtime, updated_at)
     select u.*, $6 from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[])
       as u(path, status, reason, size, mtime)
     on conflict (path) do update set status = excluded.status, reason = excluded.reason, size = excluded.size,
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
     where $1::text is null or status = $1 order by path`,
    [options.status ?? null],
  );
  return r.rows;
}

export async function removeFileStatus(tx: SqlTx, paths: string[]): Promise<void> {
  await tx.query('delete from files where path = any($1::text[])', [paths]);
}

export async function getMeta(db: SqlTx, key: string): Promise<string | null> {
  const r = await db.query<{ value: string }>('select value from meta where key = $1', [key]);
  return r.rows[0]?.value ?? null;
}

export async function setMeta(tx: SqlTx, key: string, value: string): Promise<void> {
  await tx.query('insert into meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value', [
    clean(key),
    clean(value),
  ]);
}
