// No one else on the machine can touch the database: after `index` every folder of the data directory is 0700
// and every file 0600 (PGlite leaves them 0666), another user can neither read nor append to its files (the
// `postgresql.auto.conf` line that used to break the owner's `index`), and a data directory that others can
// write is refused with a message, as PostgreSQL refuses a group-writable PGDATA, before anything reads it.
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateVault } from '../../bench/generate-vault.mjs';
import { assertBuilt, runCli } from '../helpers/run-cli';

let tmp: string;
let vault: string;
let db: string;

async function modes(dir: string): Promise<{ dirs: Map<string, number>; files: Map<string, number> }> {
  const dirs = new Map<string, number>();
  const files = new Map<string, number>();
  const walk = async (p: string): Promise<void> => {
    const st = await fs.lstat(p);
    if (st.isDirectory()) {
      dirs.set(p, st.mode & 0o777);
      for (const name of await fs.readdir(p)) await walk(path.join(p, name));
    } else files.set(p, st.mode & 0o777);
  };
  await walk(dir);
  return { dirs, files };
}

/** Runs a shell command as the unprivileged `nobody`; null when this process cannot switch users. */
function asOtherUser(command: string): { status: number | null; stderr: string } | null {
  if (process.getuid?.() !== 0) return null;
  const r = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', command], { encoding: 'utf8' });
  return r.error ? null : { status: r.status, stderr: r.stderr };
}

beforeAll(async () => {
  assertBuilt();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-perms-'));
  // Other users must be able to reach the folder for the "another user" check to mean anything.
  await fs.chmod(tmp, 0o755);
  vault = path.join(tmp, 'vault');
  generateVault({ out: vault, notes: 100, seed: 7 });
  await fs.mkdir(path.join(vault, '.vault-brain'), { recursive: true, mode: 0o755 });
  await fs.writeFile(path.join(vault, '.vault-brain', 'config.json'), JSON.stringify({ embedder: { kind: 'none' } }));
  db = path.join(vault, '.vault-brain', 'db');
  const run = await runCli(['index', '--vault', vault, '--json']);
  expect(run.code, run.stderr).toBe(0);
}, 180_000);

describe('database permissions', () => {
  it('every folder is 0700 and every file 0600 after index', async () => {
    const { dirs, files } = await modes(db);
    expect(files.size).toBeGreaterThan(100);
    expect([...dirs].filter(([, m]) => m !== 0o700)).toEqual([]);
    expect([...files].filter(([, m]) => m !== 0o600)).toEqual([]);
  });

  it('another user can neither read nor append to postgresql.auto.conf, and index still works', async () => {
    const conf = path.join(db, 'postgresql.auto.conf');
    const before = await fs.readFile(conf);
    const append = asOtherUser(`echo "shared_buffers = 'garbage" >> '${conf}'`);
    if (append === null) {
      console.warn('store-permissions: the other-user check needs root to switch to nobody; only the modes were checked');
      return;
    }
    expect(append.status).not.toBe(0);
    expect(append.stderr).toMatch(/Permission denied/);
    expect(asOtherUser(`cat '${path.join(db, 'global', 'pg_control')}' > /dev/null`)!.status).not.toBe(0);
    expect(await fs.readFile(conf)).toEqual(before);
    const run = await runCli(['index', '--vault', vault, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
  }, 120_000);

  for (const mode of [0o777, 0o770, 0o702]) {
    it(`a data directory writable by others (mode ${mode.toString(8)}) is refused with a message, and left as it is`, async () => {
      const conf = path.join(db, 'postgresql.auto.conf');
      await fs.chmod(db, mode);
      try {
        // What another user could now do: append to a file the owner's Postgres reads at start.
        await fs.appendFile(conf, "garbage line = 'x\n");
        const run = await runCli(['index', '--vault', vault, '--json']);
        expect(run.code).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/refusing to open the database at .+: it is writable by other users \(mode 0\d{3}\)/);
        expect(run.stderr).toMatch(/chmod -R go-rwx/);
        // Refused, not "healed": nothing was moved aside or rewritten.
        expect(await fs.readFile(conf, 'utf8')).toMatch(/garbage line/);
        expect(await fs.stat(`${db}.damaged`).catch(() => null)).toBeNull();
        expect((await fs.stat(db)).mode & 0o777).toBe(mode);
      } finally {
        const text = await fs.readFile(conf, 'utf8');
        await fs.writeFile(conf, text.replace("garbage line = 'x\n", ''));
        await fs.chmod(db, 0o700);
      }
    }, 120_000);
  }

  it('after the owner makes it private again, index runs quietly', async () => {
    const run = await runCli(['index', '--vault', vault, '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toMatchObject({ indexed: 0, rebuilt: false });
  }, 120_000);
});
