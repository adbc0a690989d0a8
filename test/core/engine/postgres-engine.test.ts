// What only the server engine has: retries with decorrelated jitter, several engines (processes) on one store
// at once, a migration lock for simultaneous first opens. The retry policy's arithmetic runs everywhere; the
// rest needs a server (see postgres-target.ts) and is skipped, saying why, without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEngine } from '../../../src/core/engine/postgres/postgres-engine';
import { isTransient, nextDelay, withRetry, DEFAULT_RETRY } from '../../../src/core/engine/postgres/retry';
import { openPostgresEngine } from '../../../src/node/engine-factory';
import { META, note } from './fixtures';
import { postgresTestTarget } from './postgres-target';

describe('retry policy', () => {
  it('waits between the base and three times the previous wait, capped', () => {
    const policy = { attempts: 5, baseMs: 10, capMs: 100 };
    expect(nextDelay(10, policy, () => 0)).toBe(10);
    expect(nextDelay(10, policy, () => 1)).toBe(30);
    expect(nextDelay(30, policy, () => 1)).toBe(90);
    expect(nextDelay(90, policy, () => 1)).toBe(100);
    expect(nextDelay(30, policy, () => 0.5)).toBe(50);
  });

  it('retries transient errors only, up to the attempts, with jittered waits', async () => {
    const waits: number[] = [];
    const policy = { ...DEFAULT_RETRY, attempts: 4, random: () => 0.5, sleep: async (ms: number) => void waits.push(ms) };
    let calls = 0;
    const flaky = async (): Promise<string> => {
      calls++;
      if (calls < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      return 'ok';
    };
    expect(await withRetry(flaky, policy)).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);

    const syntax = Object.assign(new Error('syntax error'), { code: '42601' });
    let tries = 0;
    await expect(
      withRetry(async () => {
        tries++;
        throw syntax;
      }, policy),
    ).rejects.toBe(syntax);
    expect(tries).toBe(1);

    tries = 0;
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    await expect(
      withRetry(async () => {
        tries++;
        throw reset;
      }, policy),
    ).rejects.toBe(reset);
    expect(tries).toBe(4);
  });

  it('knows the transient errors', () => {
    expect(isTransient({ code: '40P01' })).toBe(true);
    expect(isTransient({ code: '57P01' })).toBe(true);
    expect(isTransient(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransient({ code: '23505' })).toBe(false);
    expect(isTransient(null)).toBe(false);
  });
});

const target = await postgresTestTarget('engine');

describe.skipIf(target.url === null)(`PostgresEngine on a server${target.url === null ? ` (skipped: ${target.reason})` : ''}`, () => {
  let a: PostgresEngine;
  let b: PostgresEngine;

  beforeAll(async () => {
    // Two engines on one fresh store at once: the migration lock makes one create it and the other find it.
    [a, b] = await Promise.all([openPostgresEngine({ kind: 'postgres', url: target.url! }), openPostgresEngine({ kind: 'postgres', url: target.url! })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await target.cleanup();
  });

  it('two simultaneous first opens: one creates the schema, the other finds it', () => {
    expect([a.openState.created, b.openState.created].sort()).toEqual([false, true]);
    expect(a.openState.needsRebuild || b.openState.needsRebuild).toBe(false);
  });

  it('two writers of the same note end with one whole version (the later commit), never a mix', async () => {
    await a.clear();
    const version = (v: string, i: number) =>
      note('shared.md', { chunks: [`${v} first ${i}`, `${v} second ${i}`, 'common tail'], links: [{ to: `${v}-${i}.md` }], timeline: [{ date: '2024-01-01', summary: `${v}${i}`, line: 1 }] });
    const rounds = 15;
    for (let i = 0; i < rounds; i++) {
      const va = version('a', i);
      const vb = version('b', i);
      await Promise.all([a.putPage(va, META), b.putPage(vb, META)]);
      const page = await a.getPage('shared.md');
      const winner = page?.contentHash === va.contentHash ? va : page?.contentHash === vb.contentHash ? vb : null;
      expect(winner, `round ${i}: stored hash is one of the two versions`).not.toBeNull();
      const chunks = await a.db.query<{ hash: string }>(`select hash from chunks where page = 'shared.md' order by ord`);
      expect(chunks.rows.map((c) => c.hash)).toEqual(winner!.chunks.map((c) => c.hash));
      expect((await a.outgoingLinks('shared.md')).map((l) => l.to)).toEqual([winner!.links[0]!.target]);
      expect((await a.timeline({ path: 'shared.md' })).map((t) => t.summary)).toEqual([winner!.timeline[0]!.summary]);
    }
    await a.setMeta('parser_version', '1');
    await a.recordFileStatus([{ path: 'shared.md', status: 'indexed' }]);
    expect((await b.checkIntegrity('full')).problems).toEqual([]);
  });

  it('concurrent writers of different notes lose nothing', async () => {
    await a.clear();
    const batches = (engine: PostgresEngine, folder: string) =>
      (async () => {
        for (let i = 0; i < 10; i++) {
          await engine.putPages(Array.from({ length: 20 }, (_, j) => ({ note: note(`${folder}/${i}-${j}.md`, { links: [{ to: `${folder === 'x' ? 'y' : 'x'}/${i}-${j}.md` }] }), meta: META })));
        }
      })();
    await Promise.all([batches(a, 'x'), batches(b, 'y')]);
    expect((await a.stats()).pages).toBe(400);
    expect((await b.backlinks('x/3-4.md')).map((l) => l.from)).toEqual(['y/3-4.md']);
  });

  it('retries a transaction whose connection the server killed, on a fresh connection', async () => {
    await a.clear();
    const before = a.retries;
    let attempts = 0;
    await a.db.transaction(async (tx) => {
      attempts++;
      await tx.query(`insert into source_meta (key, value) values ('retried', $1) on conflict (source_id, key) do update set value = excluded.value`, [String(attempts)]);
      if (attempts === 1) await tx.query('select pg_terminate_backend(pg_backend_pid())');
    });
    expect(attempts).toBe(2);
    expect(a.retries).toBe(before + 1);
    expect(await b.getMeta('retried')).toBe('2');
    // The pool replaced the dead connection: the engine keeps working.
    expect((await a.stats()).pages).toBe(0);
  });

  it('a deadlock between two writers is retried until both commit', async () => {
    await a.setMeta('lock-1', '0');
    await a.setMeta('lock-2', '0');
    let arrived = 0;
    let release: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (release = resolve));
    const cross = (engine: PostgresEngine, first: string, second: string) =>
      engine.db.transaction(async (tx) => {
        await tx.query(`update source_meta set value = (value::int + 1)::text where key = $1`, [first]);
        // Both hold their first row before either asks for the second (only on the first attempt).
        if (++arrived === 2) release();
        if (arrived <= 2) await barrier;
        await tx.query(`update source_meta set value = (value::int + 1)::text where key = $1`, [second]);
      });
    const before = a.retries + b.retries;
    await Promise.all([cross(a, 'lock-1', 'lock-2'), cross(b, 'lock-2', 'lock-1')]);
    expect(a.retries + b.retries).toBe(before + 1);
    expect(await a.getMeta('lock-1')).toBe('2');
    expect(await a.getMeta('lock-2')).toBe('2');
  });
});
