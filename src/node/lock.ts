// Single-writer lock for a PGlite data directory. PGlite is one process per data directory: a second process
// opening it would corrupt it. The lock is a file created with O_EXCL next to the data directory (not inside
// it: initdb wants PGDATA to itself), holding the owner's pid, host, process start time and a random token.
// A holder is alive only if all three agree: its pid exists, that pid's process started when the lock says (so
// a pid reused by an unrelated process does not keep the lock), and it touches the file every heartbeat (so a
// frozen holder is recovered after `frozenAfterMs`; if it ever wakes up it sees the lock is gone and stops).
import { execFileSync } from 'node:child_process';
import { BrainError } from '../core/errors';
import { randomUUID } from 'node:crypto';
import { promises as fs, readFileSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';

export interface LockInfo {
  pid: number;
  hostname: string;
  startedAt: number;
  token: string;
  /** The holder process's start as the OS reports it (null where it cannot be read); old locks lack it. */
  procStart?: string | null;
  /** How often the holder touches the file; old locks (no heartbeat) lack it. */
  heartbeatMs?: number;
}

export interface WriterLock {
  readonly path: string;
  readonly info: LockInfo;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): Promise<void>;
  /** Synchronous release for `process.on('exit')`. */
  releaseSync(): void;
}

export class LockedError extends BrainError {
  constructor(
    readonly lockPath: string,
    readonly holder: LockInfo,
  ) {
    super('locked', 
      `The brain database is in use by process ${holder.pid} on ${holder.hostname} (since ` +
        `${new Date(holder.startedAt).toISOString()}). Close it first (a holder that has exited, or stopped responding for ` +
        `5 minutes, is taken over automatically; the lock file is ${lockPath}).`,
    );
    this.name = 'LockedError';
  }
}

export interface LockOptions {
  /** A lock from another host (its pid cannot be checked) counts as abandoned after this long. */
  staleMs?: number;
  /** An unreadable lock younger than this may be a writer between create and write: wait instead. */
  graceMs?: number;
  /** How often the holder touches the lock file. */
  heartbeatMs?: number;
  /**
   * A live holder whose heartbeat is older than this is frozen (stopped, hung) and its lock is taken over.
   * Generous by default: one synchronous wasm step (an HNSW build) can hold the event loop for a minute.
   */
  frozenAfterMs?: number;
  /** Called when the heartbeat finds the lock taken over (this process was frozen): stop using the database. */
  onLost?: (lock: WriterLock) => void;
}

const DEFAULT_STALE_MS = 24 * 60 * 60 * 1000;
const DEFAULT_GRACE_MS = 2000;
const DEFAULT_HEARTBEAT_MS = 15_000;
const DEFAULT_FROZEN_AFTER_MS = 5 * 60_000;
const MAX_ATTEMPTS = 50;

export function lockPathFor(dbDir: string): string {
  const abs = path.resolve(dbDir);
  return path.join(path.dirname(abs), `${path.basename(abs)}.lock`);
}

function errCode(e: unknown): string | undefined {
  return (e as { code?: string } | null)?.code;
}

/**
 * An identity for a running process's start: Linux's start time in clock ticks since boot (from /proc), or what
 * `ps` prints as its start elsewhere on Unix; null when it cannot be told (Windows, no such process).
 */
export function processStartId(pid: number): string | null {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the parenthesised command name (which may hold spaces); starttime is field 22.
      const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      return start ? `linux:${start}` : null;
    }
    if (process.platform === 'win32') return null;
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out ? `ps:${out}` : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `info` is still running (not merely a process with the same pid). */
function holderRunning(info: LockInfo): boolean {
  if (!pidAlive(info.pid)) return false;
  if (!info.procStart) return true;
  const now = processStartId(info.pid);
  return now === null || now === info.procStart;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errCode(e) === 'EPERM';
  }
}

function parseInfo(text: string): LockInfo | null {
  try {
    const v = JSON.parse(text) as Partial<LockInfo>;
    if (
      typeof v.pid === 'number' &&
      Number.isInteger(v.pid) &&
      v.pid > 0 &&
      typeof v.hostname === 'string' &&
      typeof v.startedAt === 'number' &&
      typeof v.token === 'string'
    ) {
      return v as LockInfo;
    }
  } catch {
    // corrupt: handled by the caller
  }
  return null;
}

async function readLock(file: string): Promise<{ text: string; info: LockInfo | null; mtimeMs: number } | null> {
  try {
    const [text, st] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    return { text, info: parseInfo(text), mtimeMs: st.mtimeMs };
  } catch (e) {
    if (errCode(e) === 'ENOENT') return null;
    throw e;
  }
}

async function tryCreate(file: string, info: LockInfo): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'wx');
  } catch (e) {
    if (errCode(e) === 'EEXIST') return false;
    throw e;
  }
  try {
    await handle.writeFile(JSON.stringify(info));
  } finally {
    await handle.close();
  }
  return true;
}


/**
 * Removes an abandoned lock. Recoverers serialise on a second exclusive file and re-check that the lock is
 * still the abandoned one before unlinking, so two racing recoverers never delete a lock one of them just took.
 */
async function removeAbandoned(file: string, seen: string): Promise<void> {
  const mutex = `${file}.recover`;
  const mine = randomUUID();
  if (!(await tryCreate(mutex, { pid: process.pid, hostname: hostname(), startedAt: Date.now(), token: mine }))) {
    // Another recoverer is at work, or crashed mid-recovery long ago.
    const other = await readLock(mutex);
    if (other && Date.now() - other.mtimeMs > 10_000) await fs.rm(mutex, { force: true });
    return;
  }
  try {
    const now = await readLock(file);
    if (now && now.text === seen) await fs.rm(file, { force: true });
  } finally {
    await fs.rm(mutex, { force: true });
  }
}

export async function acquireWriterLock(dbDir: string, options: LockOptions = {}): Promise<WriterLock> {
  const file = lockPathFor(dbDir);
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const frozenAfterMs = options.frozenAfterMs ?? DEFAULT_FROZEN_AFTER_MS;
  const info: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: Date.now(),
    token: randomUUID(),
    procStart: ownStart ??= processStartId(process.pid),
    heartbeatMs,
  };
  await fs.mkdir(path.dirname(file), { recursive: true });

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (await tryCreate(file, info)) return makeLock(file, info, options.onLost);
    const held = await readLock(file);
    if (!held) continue; // released between our create and read
    const age = Date.now() - held.mtimeMs;
    if (held.info) {
      const sameHost = held.info.hostname === info.hostname;
      // The file's mtime is the last heartbeat; a lock from before heartbeats has only its creation time.
      // Three missed beats at least, whatever the threshold, so a slow holder is never mistaken for a frozen one.
      const frozenAfter = held.info.heartbeatMs === undefined ? Infinity : Math.max(frozenAfterMs, held.info.heartbeatMs * 3);
      const alive = sameHost ? holderRunning(held.info) && age < frozenAfter : age < Math.min(staleMs, frozenAfter);
      if (alive) throw new LockedError(file, held.info);
    } else if (age < graceMs) {
      await sleep(50);
      continue;
    }
    await removeAbandoned(file, held.text);
    await sleep(5 + Math.random() * 20);
  }
  const last = await readLock(file);
  throw new LockedError(file, last?.info ?? { pid: 0, hostname: 'unknown', startedAt: 0, token: '' });
}

let ownStart: string | null | undefined;

function makeLock(file: string, info: LockInfo, onLost?: (lock: WriterLock) => void): WriterLock {
  const ours = (text: string): boolean => parseInfo(text)?.token === info.token;
  let beating = true;
  const heartbeat = setInterval(() => {
    void (async () => {
      const held = await readLock(file).catch(() => null);
      if (!beating) return;
      if (held && ours(held.text)) {
        const now = new Date();
        await fs.utimes(file, now, now).catch(() => undefined);
        return;
      }
      // Someone took the lock over while this process was frozen: it must not touch the database again.
      beating = false;
      clearInterval(heartbeat);
      onLost?.(lock);
    })();
  }, info.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  heartbeat.unref();
  const stop = (): void => {
    beating = false;
    clearInterval(heartbeat);
  };
  const lock: WriterLock = {
    path: file,
    info,
    async release() {
      stop();
      const held = await readLock(file);
      if (held && ours(held.text)) await fs.rm(file, { force: true });
    },
    releaseSync() {
      stop();
      try {
        if (ours(readFileSync(file, 'utf8'))) unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
  return lock;
}

/**
 * Releases the lock when the process exits or is interrupted; SIGINT/SIGTERM are re-raised afterwards so the
 * process still dies with the usual signal. Returns a function that removes the handlers.
 */
export function releaseOnExit(lock: WriterLock): () => void {
  const onExit = (): void => lock.releaseSync();
  const onSignal = (signal: 'SIGINT' | 'SIGTERM'): void => {
    lock.releaseSync();
    uninstall();
    process.kill(process.pid, signal);
  };
  const uninstall = (): void => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return uninstall;
}
