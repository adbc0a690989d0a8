// Damage that surfaces during a run (not at open) replaces the store once, re-indexes it from the notes and
// retries the call; anything else, or the same failure on the fresh store, is thrown (never a loop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Brain } from '../../src/core/brain';
import type { BrainEngine } from '../../src/core/engine/brain-engine';
import { isStoreDamage } from '../../src/core/engine/store-damage';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import { openEngineOnDisk } from '../../src/node/open-engine';
import { SAMPLE_VAULT } from './think/sample-brain';

let tmp: string;
let seq = 0;
const engines: BrainEngine[] = [];

async function freshEngine(): Promise<BrainEngine> {
  const { engine } = await openEngineOnDisk(path.join(tmp, `db-${++seq}`));
  engines.push(engine);
  return engine;
}

function pgError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-store-damage-'));
});

afterAll(async () => {
  for (const e of engines) await e.close().catch(() => undefined);
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('isStoreDamage', () => {
  it('names corruption, missing files, broken tuple visibility and wasm aborts', () => {
    expect(isStoreDamage(pgError('invalid page in block 13 of relation base/5/16400', 'XX001'))).toBe(true);
    expect(isStoreDamage(pgError('could not open file "base/5/16400": No such file or directory', '58P01'))).toBe(true);
    expect(isStoreDamage(pgError('attempted to delete invisible tuple', '55000'))).toBe(true);
    expect(isStoreDamage(new Error('Aborted(). Build with -sASSERTIONS for more info.'))).toBe(true);
  });

  it('passes ordinary errors on', async () => {
    expect(isStoreDamage(pgError('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isStoreDamage(pgError('lock is not available', '55P03'))).toBe(false);
    expect(isStoreDamage(new Error('the brain is not open'))).toBe(false);
    expect(isStoreDamage('XX001')).toBe(false);
    // A real error from the engine: division by zero is no damage.
    const engine = await freshEngine();
    const err = await (engine as unknown as { db: { query(q: string): Promise<unknown> } }).db.query('select 1/0').catch((e: unknown) => e);
    expect(isStoreDamage(err)).toBe(false);
  });
});

describe('Brain.guard', () => {
  async function brainWithReplacements(): Promise<{ brain: Brain; replaced: string[] }> {
    const replaced: string[] = [];
    const filter = new PathFilter({ include: [], exclude: defaultRules('.obsidian').exclude });
    const brain = new Brain({
      engine: await freshEngine(),
      source: new FsVaultSource(SAMPLE_VAULT, { skipFolder: (rel) => filter.excludesFolder(rel) }),
      filter,
      async replaceStore(reason, damaged) {
        replaced.push(reason);
        await damaged.close();
        return freshEngine();
      },
    });
    await brain.index();
    return { brain, replaced };
  }

  it('replaces a damaged store, re-indexes it from the notes and retries the call', async () => {
    const { brain, replaced } = await brainWithReplacements();
    const before = await brain.engine.stats();
    const damaged = brain.engine;
    let calls = 0;
    const result = await brain.guard(async () => {
      calls++;
      if (calls === 1) throw pgError('invalid page in block 3 of relation base/5/16400', 'XX001');
      return brain.engine.stats();
    });
    expect(calls).toBe(2);
    expect(replaced).toEqual(['damage found while in use: invalid page in block 3 of relation base/5/16400']);
    expect(brain.engine).not.toBe(damaged);
    expect(result).toEqual(before);
    expect(result.pages).toBeGreaterThan(5);
  }, 120_000);

  it('an index run that hits damage rebuilds once and reports it', async () => {
    const { brain, replaced } = await brainWithReplacements();
    const before = await brain.engine.stats();
    // The store breaks the way a zeroed commit log makes it: its first write fails.
    const engine = brain.engine;
    engine.putPages = () => Promise.reject(pgError('attempted to delete invisible tuple', '55000'));
    const summary = await brain.index({ full: true });
    expect(replaced).toHaveLength(1);
    expect(summary.rebuilt).toBe(true);
    expect(summary.indexed).toBe(before.pages);
    expect(await brain.engine.stats()).toEqual(before);
  }, 120_000);

  it('never loops: damage on the fresh store too is thrown, ordinary errors are not retried', async () => {
    const { brain, replaced } = await brainWithReplacements();
    let calls = 0;
    const damage = pgError('could not read block 0 in file "base/5/1259"', 'XX001');
    await expect(
      brain.guard(() => {
        calls++;
        return Promise.reject(damage);
      }),
    ).rejects.toBe(damage);
    expect(calls).toBe(2);
    expect(replaced).toHaveLength(1);

    calls = 0;
    const plain = new Error('no such note');
    await expect(
      brain.guard(() => {
        calls++;
        return Promise.reject(plain);
      }),
    ).rejects.toBe(plain);
    expect(calls).toBe(1);
    expect(replaced).toHaveLength(1);
  }, 120_000);
});
