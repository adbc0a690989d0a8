import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, promises as fs, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { acquireWriterLock, lockPathFor, LockedError, processStartId } from '../../src/node/lock';

let dir: string;
let childScript: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vb-lock-'));
  // The child runs the real lock module, bundled to plain JS (no TS loader in Node 20).
  const bundled = path.join(dir, 'lock.mjs');
  buildSync({ entryPoints: [path.resolve(__dirname, '../../src/node/lock.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundled, logLevel: 'silent' });
  childScript = path.join(dir, 'child.mjs');
  writeFileSync(
    childScript,
    `import { acquireWriterLock } from './lock.mjs';
     const heartbeatMs = process.argv[3] ? Number(process.argv[3]) : undefined;
     const lock = await acquireWriterLock(process.argv[2], { heartbeatMs, onLost: () => process.exit(7) });
     process.send({ locked: lock.path });
     setInterval(() => {}, 1000);`,
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function startChild(dbDir: string, heartbeatMs?: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(childScript, heartbeatMs ? [dbDir, String(heartbeatMs)] : [dbDir], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`child exited ${code}: ${err}`)));
  });
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('acquireWriterLock', () => {
  it('is exclusive within a process and released cleanly', async () => {
    const db = path.join(dir, 'a', 'db');
    const lock = await acquireWriterLock(db);
    expect(lock.path).toBe(lockPathFor(db));
    const body = JSON.parse(await fs.readFile(lock.path, 'utf8')) as { pid: number; hostname: string };
    expect(body.pid).toBe(process.pid);
    expect(body.hostname).toBe(hostname());
    await expect(acquireWriterLock(db)).rejects.toBeInstanceOf(LockedError);
    await lock.release();
    await lock.release(); // idempotent
    const again = await acquireWriterLock(db);
    await again.release();
  });

  it('refuses while a live child holds it, recovers after kill -9', async () => {
    const db = path.join(dir, 'b', 'db');
    const child = await startChild(db);
    try {
      const err = await acquireWriterLock(db).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(LockedError);
      expect((err as LockedError).holder.pid).toBe(child.pid);
      expect((err as LockedError).message).toContain(String(child.pid));
      expect((err as LockedError).message).toContain(lockPathFor(db));
    } finally {
      child.kill('SIGKILL');
      await waitExit(child);
    }
    const lock = await acquireWriterLock(db);
    const body = JSON.parse(await fs.readFile(lock.path, 'utf8')) as { pid: number };
    expect(body.pid).toBe(process.pid);
    await lock.release();
    await expect(fs.stat(lock.path)).rejects.toThrow();
  });

  it('takes over a corrupt lock once it is older than the grace period', async () => {
    const db = path.join(dir, 'c', 'db');
    await fs.mkdir(path.dirname(db), { recursive: true });
    writeFileSync(lockPathFor(db), '\u0000\u0001garbage{');
    const lock = await acquireWriterLock(db, { graceMs: 0 });
    await lock.release();
  });

  it('does not delete a lock that is no longer ours', async () => {
    const db = path.join(dir, 'd', 'db');
    const lock = await acquireWriterLock(db);
    const foreign = JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: Date.now(), token: 'other' });
    writeFileSync(lock.path, foreign);
    await lock.release();
    expect(await fs.readFile(lock.path, 'utf8')).toBe(foreign);
    await fs.rm(lock.path);
  });

  it('lets exactly one of many racing recoverers win a dead lock', async () => {
    const db = path.join(dir, 'e', 'db');
    await fs.mkdir(path.dirname(db), { recursive: true });
    // A pid that is certainly dead: a child that already exited.
    const dead = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await waitExit(dead);
    writeFileSync(lockPathFor(db), JSON.stringify({ pid: dead.pid, hostname: hostname(), startedAt: 1, token: 'dead' }));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => acquireWriterLock(db)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const r of lost) expect(r.reason).toBeInstanceOf(LockedError);
    await (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireWriterLock>>>).value.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse), but not one whose holder matches', async () => {
    const db = path.join(dir, 'f', 'db');
    await fs.mkdir(path.dirname(db), { recursive: true });
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const start = processStartId(other.pid!);
      expect(start, 'this platform reports process start times').not.toBeNull();
      const lockFile = lockPathFor(db);
      // Same pid, but the process that wrote the lock started at another time: a dead holder whose pid was reused.
      const reused = { pid: other.pid, hostname: hostname(), startedAt: 1, token: 'reused', procStart: `${start}-earlier`, heartbeatMs: 15_000 };
      writeFileSync(lockFile, JSON.stringify(reused));
      const lock = await acquireWriterLock(db);
      expect((JSON.parse(await fs.readFile(lockFile, 'utf8')) as { token: string }).token).toBe(lock.info.token);
      await lock.release();
      // The same pid with its true start time and a fresh heartbeat is a live holder.
      writeFileSync(lockFile, JSON.stringify({ ...reused, procStart: start }));
      await expect(acquireWriterLock(db)).rejects.toBeInstanceOf(LockedError);
      await fs.rm(lockFile);
    } finally {
      other.kill('SIGKILL');
      await waitExit(other);
    }
  });

  it('keeps a heartbeat, recovers from a frozen holder, and the holder stops when it wakes', async () => {
    const db = path.join(dir, 'g', 'db');
    const child = await startChild(db, 100);
    try {
      const lockFile = lockPathFor(db);
      const first = (await fs.stat(lockFile)).mtimeMs;
      await sleep(400);
      expect((await fs.stat(lockFile)).mtimeMs).toBeGreaterThan(first); // touched while alive
      await expect(acquireWriterLock(db, { frozenAfterMs: 300 })).rejects.toBeInstanceOf(LockedError);
      child.kill('SIGSTOP');
      await sleep(700);
      const lock = await acquireWriterLock(db, { frozenAfterMs: 300 });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGCONT');
      expect(await exited).toBe(7); // its next heartbeat saw the lock taken and it stopped
      expect((JSON.parse(await fs.readFile(lockFile, 'utf8')) as { token: string }).token).toBe(lock.info.token);
      await lock.release();
    } finally {
      child.kill('SIGKILL');
      await waitExit(child);
    }
  });
});
