// kill -9 in the middle of indexing, run again: the result must equal an uninterrupted run. Also checks the
// single-writer lock: a second process is refused while the first runs, and a dead process's lock is recovered.
import { beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateVault } from '../../bench/generate-vault.mjs';
import { assertBuilt, runCli, startCli } from '../helpers/run-cli';

let vault: string;
let tmp: string;

beforeAll(async () => {
  assertBuilt();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-crash-'));
  vault = path.join(tmp, 'vault');
  generateVault({ out: vault, notes: 1200, seed: 11 });
  await fs.mkdir(path.join(vault, '.vault-brain'), { recursive: true });
  await fs.writeFile(path.join(vault, '.vault-brain', 'config.json'), JSON.stringify({ embedder: { kind: 'none' } }));
});

async function stats(db: string): Promise<Record<string, unknown>> {
  const r = await runCli(['stats', '--vault', vault, '--db', db, '--json']);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('crash safety', () => {
  it('resumes after kill -9 and ends with the same counts as an uninterrupted run', async () => {
    const crashedDb = path.join(tmp, 'crashed-db');
    const child = startCli(['index', '--vault', vault, '--db', crashedDb], { VAULT_BRAIN_PROGRESS: 'lines' });
    let stderr = '';
    const killedAt = await new Promise<number>((resolve, reject) => {
      child.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
        const m = /progress index (\d+)\/(\d+)\n/.exec(stderr.split('\n').slice(-3).join('\n'));
        if (m && Number(m[1]) >= 300) resolve(Number(m[1]));
      });
      child.on('close', () => reject(new Error(`indexer ended before it could be killed:\n${stderr}`)));
    });

    // While it runs, a second process on the same database is refused with a clear error.
    const second = await runCli(['stats', '--vault', vault, '--db', crashedDb]);
    expect(second.code).toBe(5);
    expect(second.stderr).toMatch(/in use|locked/i);

    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    expect(killedAt).toBeGreaterThanOrEqual(300);

    // The dead process's lock is recovered, and the run completes what was left.
    const resumed = await runCli(['index', '--vault', vault, '--db', crashedDb, '--json']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { indexed: number; unchanged: number };
    expect(summary.unchanged).toBeGreaterThanOrEqual(300); // committed batches survived the kill
    expect(summary.indexed).toBeLessThan(1200);

    const cleanDb = path.join(tmp, 'clean-db');
    const clean = await runCli(['index', '--vault', vault, '--db', cleanDb]);
    expect(clean.code).toBe(0);
    expect(await stats(crashedDb)).toEqual(await stats(cleanDb));
  }, 240_000);
});
