// The worker's connection pool for a server brain: a PgPool (what PostgresEngine is given) whose statements are
// run by the main thread's driver (bridge/serve-postgres.ts), since a web worker cannot open a TCP connection.
// A checked-out connection is a handle to one main-thread connection, so a transaction's statements stay on it.
// The server's error codes cross with the errors, so the engine's retries of transient errors work as in Node.
import type { PgPool, PgPoolClient, PgResult } from '../../core/engine/postgres/pg-sql';
import type { WorkerEndpoint } from '../protocol/worker-api';

export class RemotePgPool implements PgPool {
  constructor(private readonly rpc: WorkerEndpoint) {}

  /** Opens the pool on the main thread, bound to `source`; answers where it is (password redacted). */
  async open(source: string): Promise<string> {
    return (await this.rpc.call('pg.open', { source })).location;
  }

  query(text: string, values?: unknown[]): Promise<PgResult> {
    return this.rpc.call('pg.query', values === undefined ? { text } : { text, values });
  }

  async connect(): Promise<PgPoolClient> {
    const { client } = await this.rpc.call('pg.connect', {});
    const rpc = this.rpc;
    let released = false;
    return {
      query: (text: string, values?: unknown[]) => rpc.call('pg.query', values === undefined ? { client, text } : { client, text, values }),
      release(err?: Error | boolean) {
        if (released) return;
        released = true;
        void rpc.call('pg.release', { client, broken: err !== undefined && err !== false }).catch(() => undefined);
      },
    };
  }

  async end(): Promise<void> {
    await this.rpc.call('pg.end', {});
  }
}
