// The one place an engine is chosen and opened: embedded PGlite in a data directory, or a Postgres server by
// URL (node-postgres pool). Callers pass a spec with a `kind` and branch on `engine.kind`, never on classes.
import { BrainError } from '../core/errors';
import type { PGliteEngineSettings } from '../core/engine/pglite/pglite-engine';
import { PostgresEngine } from '../core/engine/postgres/postgres-engine';
import { DEFAULT_SOURCE, validSourceName } from '../core/engine/sql/sql';
import type { RetryPolicy } from '../core/engine/postgres/retry';
import { openEngineOnDisk } from './open-engine';
import { createPool, prepareSchema, redactUrl, scrubPassword } from './pg-pool';

export { createPool, redactUrl, scrubPassword };

export type EngineSpec =
  | { kind: 'pglite'; dataDir: string; settings?: PGliteEngineSettings }
  | { kind: 'postgres'; url: string; poolSize?: number; retry?: RetryPolicy; exactScanThreshold?: number; source?: string };

export class DatabaseUnreachableError extends BrainError {
  constructor(message: string) {
    super('database_unreachable', message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Connection-level failures (no server, refused login, no such database), as opposed to errors in our SQL. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', '28P01', '28000', '3D000', '08001', '08006', '57P03']);

function isConnectionFailure(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  // node-postgres' own connect timeout and TLS negotiation failures carry no code.
  return /timeout expired|Connection terminated|does not support SSL|self[- ]signed certificate/i.test((err as Error).message ?? '');
}

export async function openPostgresEngine(spec: Extract<EngineSpec, { kind: 'postgres' }>): Promise<PostgresEngine> {
  try {
    return await openPostgresEngineUnchecked(spec);
  } catch (err) {
    if (!isConnectionFailure(err)) throw err;
    const reason = scrubPassword((err as Error).message || String((err as { code?: unknown }).code), spec.url);
    throw new DatabaseUnreachableError(`cannot open the Postgres database at ${redactUrl(spec.url)}: ${reason}`);
  }
}

async function openPostgresEngineUnchecked(spec: Extract<EngineSpec, { kind: 'postgres' }>): Promise<PostgresEngine> {
  const source = validSourceName(spec.source ?? DEFAULT_SOURCE);
  const { pool, schema } = createPool(spec.url, { max: spec.poolSize, source });
  try {
    await prepareSchema(pool, schema);
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (isConnectionFailure(err)) throw err;
    throw new Error(`cannot prepare ${redactUrl(spec.url)}: ${scrubPassword((err as Error).message, spec.url)}`);
  }
  return PostgresEngine.open({ pool, source, retry: spec.retry, exactScanThreshold: spec.exactScanThreshold, location: redactUrl(spec.url) });
}

export type OpenedEngine = Awaited<ReturnType<typeof openEngineOnDisk>>['engine'] | PostgresEngine;

export async function openEngine(spec: EngineSpec): Promise<OpenedEngine> {
  switch (spec.kind) {
    case 'pglite':
      return (await openEngineOnDisk(spec.dataDir, spec.settings)).engine;
    case 'postgres':
      return openPostgresEngine(spec);
  }
}
