// Durability, measured from outside: the real CLI indexes a vault under strace, and every committed batch must
// have reached the disk before the next one starts. PGlite runs Postgres with fsync off and its file system never
// calls fsync, so what is checked here is the explicit flush (src/node/store-health.ts DataDirSync): between two
// "batch committed" progress lines the trace must show the WAL written for that batch and an fsync of each WAL
// file written, and at the end every file written under the data directory must be fsynced after its last write.
// Skipped, saying why, where strace is missing or may not trace (CI installs it: .ci/run).
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateVault } from '../../bench/generate-vault.mjs';
import { assertBuilt, CLI } from '../helpers/run-cli';

const NOTES = 250;
const BATCH = 100; // the indexer's default batch size

function straceProblem(): string | null {
  const probe = spawnSync('strace', ['-f', '-o', '/dev/null', 'true'], { encoding: 'utf8' });
  if (probe.error) return 'strace is not installed (Debian: apt-get install strace; .ci/run installs it)';
  if (probe.status !== 0) return `strace cannot trace here: ${probe.stderr.trim().split('\n')[0]}`;
  return null;
}

const problem = straceProblem();
if (problem) console.warn(`durability-strace: skipped: ${problem}`);

interface Call {
  name: string;
  path: string;
  text: string;
}

/** The traced calls, in order: `fsync(12</x/pg_wal/…>)`, `pwrite64(12</x/…>, …)`, `write(2<pipe:[…]>, "progress …")`. */
function parseTrace(trace: string): Call[] {
  const calls: Call[] = [];
  for (const line of trace.split('\n')) {
    const m = /^\d+\s+(fsync|fdatasync|write|pwrite64)\(\d+<([^>]*)>(.*)$/.exec(line);
    if (m) calls.push({ name: m[1]!, path: m[2]!, text: m[3]! });
  }
  return calls;
}

describe('durability (strace)', () => {
  let tmp: string;
  let vault: string;

  beforeAll(async () => {
    assertBuilt();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-strace-'));
    vault = path.join(tmp, 'vault');
    generateVault({ out: vault, notes: NOTES, seed: 5 });
    await fs.mkdir(path.join(vault, '.vault-brain'), { recursive: true });
    await fs.writeFile(path.join(vault, '.vault-brain', 'config.json'), JSON.stringify({ embedder: { kind: 'none' } }));
  });

  it.skipIf(problem !== null)(`every committed batch is fsynced before the next one starts${problem ? ` (skipped: ${problem})` : ''}`, async () => {
    const db = path.join(tmp, 'db');
    const traceFile = path.join(tmp, 'trace.txt');
    const run = spawnSync(
      'strace',
      ['-f', '-qq', '-y', '-s', '64', '-e', 'trace=fsync,fdatasync,write,pwrite64', '-o', traceFile, process.execPath, CLI, 'index', '--vault', vault, '--db', db, '--json'],
      { encoding: 'utf8', env: { ...process.env, VAULT_BRAIN_PROGRESS: 'lines' }, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(run.status, run.stderr).toBe(0);
    const calls = parseTrace(await fs.readFile(traceFile, 'utf8'));
    const dataDir = `${await fs.realpath(db)}/`;

    // Split the trace at the "batch committed" progress lines the indexer prints after each commit + flush.
    const batches: Call[][] = [[]];
    let committed = 0;
    for (const c of calls) {
      if (c.name === 'write' && /"progress index \d+\/\d+\\n"/.test(c.text) && !/"progress index 0\//.test(c.text)) {
        committed++;
        batches.push([]);
      } else batches.at(-1)!.push(c);
    }
    expect(committed).toBe(Math.ceil(NOTES / BATCH));

    // Each batch (the calls up to its progress line) wrote WAL and fsynced every WAL file it wrote.
    for (let i = 1; i <= committed; i++) {
      const span = batches[i - 1]!;
      // A new segment is written as xlogtemp.N and renamed into place, where it is fsynced under its own name.
      const walWritten = new Set(
        span.filter((c) => /^p?write/.test(c.name) && c.path.startsWith(`${dataDir}pg_wal/`) && !/xlogtemp\.\d+$/.test(c.path)).map((c) => c.path),
      );
      expect(walWritten.size, `batch ${i} wrote no WAL`).toBeGreaterThan(0);
      for (const file of walWritten) {
        const lastWrite = span.findLastIndex((c) => /^p?write/.test(c.name) && c.path === file);
        const synced = span.slice(lastWrite + 1).some((c) => /sync/.test(c.name) && c.path === file);
        expect(synced, `batch ${i}: ${file} was not fsynced after its last write`).toBe(true);
      }
    }

    // By exit, every file written under the data directory (and still there: temp files are renamed or removed)
    // was fsynced after its last write.
    const existing = (await Promise.all(
      [...new Set(calls.filter((c) => /^p?write/.test(c.name) && c.path.startsWith(dataDir)).map((c) => c.path))].map(async (p) =>
        (await fs.stat(p).catch(() => null)) ? p : null,
      ),
    )).filter((p): p is string => p !== null);
    const written = new Set(existing);
    expect(written.size).toBeGreaterThan(0);
    for (const file of written) {
      const lastWrite = calls.findLastIndex((c) => /^p?write/.test(c.name) && c.path === file);
      const synced = calls.slice(lastWrite + 1).some((c) => /sync/.test(c.name) && c.path === file);
      expect(synced, `${file} was not fsynced after its last write`).toBe(true);
    }
    // The folders too, so files created in them survive a power cut.
    expect(calls.some((c) => /sync/.test(c.name) && c.path === dataDir.slice(0, -1))).toBe(true);
    expect(calls.some((c) => /sync/.test(c.name) && c.path === `${dataDir}pg_wal`)).toBe(true);
  }, 300_000);
});
