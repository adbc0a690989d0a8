// PGlite is a single Postgres backend without a checkpointer, and a standalone backend never asks for a checkpoint
// however much WAL it writes: left alone, the WAL since the last checkpoint grows with every note indexed (in the
// plugin's worker, one OPFS pool file per MB, until a statement ran the pool dry and the index hung). The engine
// checkpoints from flush() once the WAL passes its bound, so what a crash or an open replays stays bounded
// whatever the vault's size.
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { Brain } from '../../../src/core/brain';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { memorySource } from '../../helpers/memory-vault';
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

  it('an index run ends with a checkpoint, so the first edit after it does not write the run\'s pages', { timeout: 120_000 }, async () => {
    // A bound the run stays under: without the end-of-run checkpoint its WAL would still be pending.
    const engine = await PGliteEngine.open({ checkpointWalBytes: 64 * 1024 * 1024 });
    engines.push(engine);
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`notes/n${i}.md`] = `# Note ${i}\n\n${Array.from({ length: 200 }, (_, w) => `word${(i * 7 + w) % 900}`).join(' ')}\n`;
    const brain = new Brain({ engine, source: memorySource(files), filter: new PathFilter(defaultRules('.obsidian')), batchSize: 20 });
    const walBetween = async (from: string): Promise<number> =>
      (await engine.db.query<{ n: number }>('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::float8 as n', [await lsn(engine), from])).rows[0]!.n;
    const start = await lsn(engine);
    const summary = await brain.index();
    expect(summary.indexed).toBe(60);
    const run = await walBetween(start);
    expect(await engine.walSinceCheckpoint()).toBeLessThan(run / 4);
    // Nothing indexed, nothing to write: a no-change run does not checkpoint again (a checkpoint logs a record).
    const before = await lsn(engine);
    await brain.index();
    expect(await walBetween(before)).toBeLessThan(run / 4);
  });
});
