// PGlite is a single Postgres backend without a checkpointer, and a standalone backend never asks for a checkpoint
// however much WAL it writes: left alone, the WAL since the last checkpoint grows with every note indexed (in the
// plugin's worker, one OPFS pool file per MB, until a statement ran the pool dry and the index hung). The engine
// checkpoints from flush() once the WAL passes its bound, so what a crash or an open replays stays bounded
// whatever the vault's size.
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { META, note } from './fixtures';

const engines: PGliteEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.close();
});

const lsn = async (engine: PGliteEngine): Promise<string> =>
  (await engine.db.query<{ l: string }>('select pg_current_wal_insert_lsn()::text as l')).rows[0]!.l;

/**
 * Writes `batches` batches of 20 notes with ~3 kB of text each, flushing after each one as the indexer does.
 * Returns the WAL since the last checkpoint after each flush, and the most WAL one batch wrote.
 */
async function indexBatches(engine: PGliteEngine, batches: number): Promise<{ behind: number[]; batchWal: number }> {
  const behind: number[] = [];
  let batchWal = 0;
  for (let b = 0; b < batches; b++) {
    const batch = Array.from({ length: 20 }, (_, i) => {
      const n = b * 20 + i;
      const words = Array.from({ length: 300 }, (_, w) => `word${(n * 7 + w) % 5000}`).join(' ');
      return { note: note(`notes/n${n}.md`, { chunks: [words, `${words} again`] }), meta: META };
    });
    const before = await lsn(engine);
    await engine.putPages(batch);
    const after = await lsn(engine);
    const written = (await engine.db.query<{ n: number }>('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::float8 as n', [after, before])).rows[0]!.n;
    batchWal = Math.max(batchWal, written);
    await engine.flush();
    behind.push(await engine.walSinceCheckpoint());
  }
  return { behind, batchWal };
}

describe('PGlite checkpoints', () => {
  it('without the engine checkpointing, the WAL since the last checkpoint only grows (PGlite never checkpoints alone)', { timeout: 120_000 }, async () => {
    const engine = await PGliteEngine.open({ checkpointWalBytes: Number.POSITIVE_INFINITY });
    engines.push(engine);
    const { behind } = await indexBatches(engine, 10);
    for (let i = 1; i < behind.length; i++) expect(behind[i]).toBeGreaterThan(behind[i - 1]!);
    expect(behind.at(-1)).toBeGreaterThan(1024 * 1024);
  });

  it('flush() checkpoints once the bound is passed, so the WAL to replay stays under the bound plus one batch', { timeout: 120_000 }, async () => {
    const bound = 256 * 1024;
    const engine = await PGliteEngine.open({ checkpointWalBytes: bound });
    engines.push(engine);
    const { behind, batchWal } = await indexBatches(engine, 10);
    // Ten batches without a checkpoint would be several times past the bound.
    expect(10 * batchWal).toBeGreaterThan(3 * bound);
    for (const n of behind) expect(n).toBeLessThan(bound + 2 * batchWal);
    // Every page written is still there after the checkpoints.
    expect((await engine.stats()).pages).toBe(10 * 20);
  });
});
