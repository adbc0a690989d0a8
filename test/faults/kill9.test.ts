// kill -9 at seeded random points while embedding and while files are being renamed under the indexer; the next
// run must end with exactly the counts (notes, chunks, links, embeddings) of a clean index of the same vault,
// keep what was committed before the kill, and say nothing: a kill is no damage, so there is no notice to give.
// (kill -9 mid-index is test/integration/crash-resume.test.ts; damage of the files is damage.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateVault } from '../../bench/generate-vault.mjs';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../helpers/fake-openai-server';
import { randomBytes } from '../helpers/random-bytes';
import { assertBuilt, runCli, startCli } from '../helpers/run-cli';

let tmp: string;
let server: FakeOpenAIServer;

/** A seeded number in [lo, hi]. */
function pick(seed: number, lo: number, hi: number): number {
  const b = randomBytes(4, seed);
  return lo + (((b[0]! | (b[1]! << 8) | (b[2]! << 16)) >>> 0) % (hi - lo + 1));
}

async function makeVault(name: string, notes: number, seed: number, embedder: unknown): Promise<string> {
  const vault = path.join(tmp, name);
  generateVault({ out: vault, notes, seed });
  await fs.mkdir(path.join(vault, '.vault-brain'), { recursive: true });
  await fs.writeFile(path.join(vault, '.vault-brain', 'config.json'), JSON.stringify({ embedder }));
  return vault;
}

async function stats(vault: string, db: string): Promise<Record<string, unknown>> {
  const r = await runCli(['stats', '--vault', vault, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

async function doctorHealthy(vault: string, db: string): Promise<void> {
  const r = await runCli(['doctor', '--vault', vault, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ healthy: true, problems: [], repaired: [] });
}

function killed(child: ChildProcess): Promise<string | null> {
  return new Promise((resolve) => child.on('close', (_code, signal) => resolve(signal)));
}

/** Resolves when `test` holds for the child's stderr so far; rejects if the child ends first. */
function whenStderr(child: ChildProcess, test: (stderr: string) => boolean): Promise<void> {
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (test(stderr)) resolve();
    });
    child.on('close', () => reject(new Error(`the indexer ended before it could be killed:\n${stderr.slice(-2000)}`)));
  });
}

beforeAll(async () => {
  assertBuilt();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-kill9-'));
  server = await startFakeOpenAIServer();
});

afterAll(async () => {
  await server?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('kill -9 at random points', () => {
  for (const seed of [41, 97]) {
    it(`during embedding (seed ${seed}): the next run embeds only what was left and ends like a clean index`, async () => {
      // A provider that answers each batch of 100 chunks in 150 ms makes embedding last long enough to be hit.
      server.setDelay(150);
      const embedder = { kind: 'openai', baseURL: server.baseURL, model: 'fake-embed', dims: 16, apiKey: 'test' };
      const vault = await makeVault(`embed-${seed}`, 400, seed, embedder);
      const db = path.join(tmp, `embed-db-${seed}`);

      const clean = path.join(tmp, `embed-clean-${seed}`);
      const cleanRun = await runCli(['index', '--vault', vault, '--db', clean, '--json']);
      expect(cleanRun.code, cleanRun.stderr).toBe(0);
      const cleanStats = await stats(vault, clean);
      const chunks = cleanStats.chunks as number;
      const requests = Math.ceil(chunks / 100);
      expect(requests).toBeGreaterThanOrEqual(14);

      const child = startCli(['index', '--vault', vault, '--db', db], { VAULT_BRAIN_PROGRESS: 'lines' });
      const ended = killed(child);
      await whenStderr(child, (s) => s.includes('progress embed'));
      const startAt = server.embeddingInputs().length;
      // Vectors are written once they would wait over a second (embed-queue.ts): from the 9th call on, some are.
      const killAfter = pick(seed, 9, requests - 3);
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (server.embeddingInputs().length - startAt >= killAfter) {
            clearInterval(timer);
            child.kill('SIGKILL');
            resolve();
          }
        }, 10);
        void ended.then(() => {
          clearInterval(timer);
          reject(new Error('the indexer finished embedding before it was killed'));
        });
      });
      expect(await ended).toBe('SIGKILL');

      // A batch the killed process sent just before the kill may still reach the server (it answers after 150 ms):
      // let it land first, so only the resumed run's requests are counted below.
      await new Promise((r) => setTimeout(r, 1_000));
      server.setDelay(0);
      const before = server.embeddingInputs().length;
      const resumed = await runCli(['index', '--vault', vault, '--db', db, '--json']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stderr).toBe('');
      const summary = JSON.parse(resumed.stdout) as { indexed: number; embed?: { embedded: number } };
      expect(summary.indexed).toBe(0); // the notes were committed before embedding began
      const reembedded = server.embeddingInputs().slice(before).flat().length;
      expect(summary.embed?.embedded).toBe(reembedded);
      expect(reembedded).toBeLessThan(chunks); // committed embedding batches survived the kill
      expect(await stats(vault, db)).toEqual(cleanStats);
      await doctorHealthy(vault, db);
    }, 420_000);
  }

  // The kill point is tied to the indexer's progress, not to the storm's: a full index of 800 notes reports each
  // committed batch of 100, and the kill lands a seeded few milliseconds after a seeded batch, while the storm
  // keeps moving notes the run has listed but not yet read (and ones it has already written).
  for (const seed of [5, 23]) {
    it(`during a rename storm (seed ${seed}): the next run ends like a clean index of the renamed vault`, async () => {
      const vault = await makeVault(`rename-${seed}`, 800, seed, { kind: 'none' });
      const db = path.join(tmp, `rename-db-${seed}`);
      const current: string[] = [];
      for (const dir of ['people', 'concepts', 'meetings', 'companies']) {
        for (const n of (await fs.readdir(path.join(vault, dir))).sort()) if (n.endsWith('.md')) current.push(path.join(vault, dir, n));
      }
      expect(current.length).toBeGreaterThan(200);
      const origin = current.map((p) => path.basename(path.dirname(p)));
      for (const dir of ['moved-a', 'moved-b']) await fs.mkdir(path.join(vault, dir), { recursive: true });
      const child = startCli(['index', '--vault', vault, '--db', db], { VAULT_BRAIN_PROGRESS: 'lines' });
      const ended = killed(child);
      await whenStderr(child, (s) => s.includes('progress scan'));

      // Move notes one after another between folders (names kept, so links resolve to them as before), until the kill.
      let stop = false;
      const storm = (async () => {
        for (let i = 0; !stop; i++) {
          const k = (i * 7) % current.length;
          const round = Math.floor(i / current.length);
          const to = path.join(vault, round % 2 ? 'moved-b' : 'moved-a', origin[k]!, path.basename(current[k]!));
          await fs.mkdir(path.dirname(to), { recursive: true });
          await fs.rename(current[k]!, to);
          current[k] = to;
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const afterBatch = pick(seed, 1, 5) * 100;
      await whenStderr(child, (s) => [...s.matchAll(/progress index (\d+)\//g)].some((m) => Number(m[1]) >= afterBatch));
      await new Promise((r) => setTimeout(r, pick(seed + 1, 0, 40)));
      child.kill('SIGKILL');
      expect(await ended).toBe('SIGKILL');
      stop = true;
      await storm;

      const resumed = await runCli(['index', '--vault', vault, '--db', db, '--json']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stderr).toBe('');
      const clean = path.join(tmp, `rename-clean-${seed}`);
      const cleanRun = await runCli(['index', '--vault', vault, '--db', clean]);
      expect(cleanRun.code, cleanRun.stderr).toBe(0);
      expect(await stats(vault, db)).toEqual(await stats(vault, clean));
      await doctorHealthy(vault, db);
    }, 420_000);
  }
});
