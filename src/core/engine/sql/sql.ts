// The few database calls the shared SQL modules need, so every Postgres engine (PGlite in WASM, a server
// through a driver) runs the same statements and row mapping. PGlite and its transactions satisfy these
// interfaces as they are; a driver engine adapts its client. Statements use `$n` bind parameters only.

/** Per-query options a driver may take (PGlite: parameter serializers, for binary vectors); others ignore them. */
export type QueryOptions = Record<string, unknown>;

/** What runs inside a transaction (and outside one). */
export interface SqlTx {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters (DDL, `set local`, `analyze`). */
  exec(text: string): Promise<unknown>;
}

export interface Sql<Tx extends SqlTx = SqlTx> extends SqlTx {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A caller-supplied limit clamped to `[0, max]`, `fallback` when absent or not a number. */
export function limitOf(n: number | undefined, fallback: number, max = 10_000): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(0, Math.min(max, Math.floor(n)));
}

// ---- sources ---------------------------------------------------------------------------------------------------
// Several vaults can share one database (a team's server): every row carries the `source_id` of the vault it came
// from, and paths are unique within a source (schema 8). An engine is bound to one source for its whole life:
// the name is a setting of its connections (SOURCE_SETTING), which every statement reads through `SOURCE` (each
// table it names is filtered on it) and which every insert takes as the column's default. A connection where the
// setting was never made fails loudly ("unrecognized configuration parameter") instead of reading every source.

/** The connection setting that names the engine's source. */
export const SOURCE_SETTING = 'vault_brain.source';
/** The engine's source, as SQL (a fixed fragment, not a value: safe to splice). */
export const SOURCE = `current_setting('${SOURCE_SETTING}')`;
/** The source of an engine opened without one (tests, a bare engine). Surfaces pass the vault's name. */
export const DEFAULT_SOURCE = 'vault';
export const MAX_SOURCE_LENGTH = 200;

/** A source name as given, trimmed and checked: 1-200 characters, no control characters. */
export function validSourceName(name: string): string {
  const s = name.normalize('NFC').trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point of this check
  if (s.length === 0 || s.length > MAX_SOURCE_LENGTH || /[\u0000-\u001f\u007f]/.test(s)) {
    throw new Error(`invalid source name ${JSON.stringify(name)}: 1-${MAX_SOURCE_LENGTH} characters, no control characters`);
  }
  return s;
}

/** Binds the connection (a single-connection engine's) to `source` for the rest of its session. */
export async function bindSource(db: SqlTx, source: string): Promise<void> {
  await db.query(`select set_config('${SOURCE_SETTING}', $1, false)`, [validSourceName(source)]);
}
