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
