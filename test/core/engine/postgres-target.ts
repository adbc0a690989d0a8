// Where the Postgres tests run: VAULT_BRAIN_TEST_DATABASE_URL plus a schema of their own (`?schema=`), or null
// with the reason when no server is configured or reachable.
import { createPool } from '../../../src/node/engine-factory';

export interface PostgresTarget {
  /** The URL with this run's schema, null when the tests must skip. */
  url: string | null;
  reason: string;
  /** Drops the schema. */
  cleanup(): Promise<void>;
}

export async function postgresTestTarget(name: string): Promise<PostgresTarget> {
  const base = process.env.VAULT_BRAIN_TEST_DATABASE_URL;
  const none = (reason: string): PostgresTarget => {
    // Said once per file on the console too, so a run without the server is visibly a partial run.
    console.warn(`Postgres tests skipped: ${reason}`);
    return { url: null, reason, cleanup: async () => undefined };
  };
  if (!base) return none('VAULT_BRAIN_TEST_DATABASE_URL is not set (scripts/ci-postgres.sh starts a server and prints it)');
  const schema = `vb_test_${name}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const { pool } = createPool(base, { max: 1 });
  try {
    await pool.query('select 1');
  } catch (e) {
    await pool.end().catch(() => undefined);
    return none(`no server reachable at VAULT_BRAIN_TEST_DATABASE_URL (${(e as Error).message})`);
  }
  await pool.end();
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    reason: '',
    async cleanup() {
      const { pool: admin } = createPool(base, { max: 1 });
      try {
        await admin.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}
