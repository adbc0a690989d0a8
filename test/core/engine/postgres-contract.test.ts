// The engine contract against a real PostgreSQL server with pgvector (scripts/ci-postgres.sh starts one and sets
// VAULT_BRAIN_TEST_DATABASE_URL; .ci/run does). Each run works in a schema of its own, dropped at the end.
// Without a reachable server the suite is skipped and says why.
import { afterAll, describe, it } from 'vitest';
import { createPool, openPostgresEngine } from '../../../src/node/engine-factory';
import { engineContract } from './engine-contract';
import { postgresTestTarget } from './postgres-target';

const target = await postgresTestTarget('contract');

if (target.url === null) {
  describe('PostgresEngine contract', () => {
    it.skip(`skipped: ${target.reason}`, () => undefined);
  });
} else describe('PostgresEngine contract', () => {
  afterAll(() => target.cleanup());
  engineContract({
    kind: 'postgres',
    open: () => openPostgresEngine({ kind: 'postgres', url: target.url! }),
    async reopen(engine) {
      await engine.close();
      return openPostgresEngine({ kind: 'postgres', url: target.url! });
    },
    incompatible: 'refuse',
    async raw(text, params) {
      const { pool } = createPool(target.url!);
      try {
        return (await pool.query<Record<string, unknown>>(text, params)).rows;
      } finally {
        await pool.end();
      }
    },
  });
});

