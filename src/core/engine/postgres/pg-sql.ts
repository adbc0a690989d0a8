// The shared SQL modules' Sql interface over a server connection pool (node-postgres' Pool satisfies PgPool as
// it is; core only sees this structural type, the Node side creates the pool). Every statement and every
// transaction is retried on transient errors; a transaction is retried as a whole, on a fresh connection.
import { NoRetry, withRetry, DEFAULT_RETRY, type RetryPolicy } from './retry';
import type { Sql, SqlTx } from '../sql/sql';

export interface PgResult {
  rows: unknown[];
}

export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<PgResult>;
}

export interface PgPoolClient extends PgQueryable {
  /** Back to the pool; with an error, the connection is destroyed instead (it may be broken). */
  release(err?: Error | boolean): void;
  /** A checked-out connection reports a socket that closed under it here (unhandled, it would end the process). */
  on?(event: 'error', listener: (err: Error) => void): unknown;
  off?(event: 'error', listener: (err: Error) => void): unknown;
}

/**
 * Checks a connection out for `fn` and back in, destroyed when it broke meanwhile (an `error` event, or `fn`
 * saying so through the `broken` callback), so the pool never hands a dead connection out again.
 */
export async function withClient<T>(pool: PgPool, fn: (client: PgPoolClient, broken: (err: Error) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  const broken = (err: Error): void => {
    failure ??= err;
  };
  client.on?.('error', broken);
  try {
    return await fn(client, broken);
  } finally {
    client.off?.('error', broken);
    client.release(failure);
  }
}

export interface PgPool extends PgQueryable {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
}

/** A transaction on one pooled connection. */
export interface PgTx extends SqlTx {
  readonly client: PgPoolClient;
}

function txOf(client: PgPoolClient): PgTx {
  return {
    client,
    async query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> {
      return (await client.query(text, params)) as { rows: T[] };
    },
    // Without values node-postgres uses the simple query protocol, which runs several statements at once.
    exec: (text: string) => client.query(text),
  };
}

export class PgSql implements Sql<PgTx> {
  /** Transient errors retried so far (reported by status and the load test). */
  retries = 0;

  constructor(
    readonly pool: PgPool,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
  ) {}

  private retry<T>(fn: () => Promise<T>): Promise<T> {
    return withRetry(fn, this.policy, () => {
      this.retries++;
    });
  }

  async query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> {
    return (await this.retry(() => this.pool.query(text, params))) as { rows: T[] };
  }

  exec(text: string): Promise<unknown> {
    return this.retry(() => this.pool.query(text));
  }

  /**
   * `fn` runs again from the start after a transient failure, so it must only touch the database through `tx`
   * (every writer in ../sql does). A failure of COMMIT itself is never retried: the server may have committed,
   * and running a rename or a delete twice is not harmless.
   */
  transaction<T>(fn: (tx: PgTx) => Promise<T>): Promise<T> {
    return this.retry(() =>
      withClient(this.pool, async (client, broken) => {
        await client.query('begin');
        let result: T;
        try {
          result = await fn(txOf(client));
        } catch (err) {
          await client.query('rollback').catch((e: unknown) => broken(asError(e)));
          throw err;
        }
        try {
          await client.query('commit');
        } catch (err) {
          broken(asError(err));
          throw new NoRetry(err);
        }
        return result;
      }),
    );
  }
}

function asError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
