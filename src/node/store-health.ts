// The Node side of a healthy store: the data directory is private (0700 folders, 0600 files, and a directory
// others can write is refused, as PostgreSQL refuses a group-writable PGDATA), what PGlite wrote reaches the
// disk at each committed batch (PGlite runs Postgres with fsync off and its file system has no fsync, so the
// files it changed are fsynced here), and a damaged directory is moved aside, size-capped, for a bug report.
import { promises as fs, type BigIntStats } from 'node:fs';
import * as path from 'node:path';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
/** Damaged copies kept next to the data directory; the oldest go first. */
const KEEP_DAMAGED = 2;
/** Total bytes of damaged copies kept; a copy larger than this alone is deleted. */
const DAMAGED_CAP_BYTES = 512 * 1024 * 1024;

export class StorePermissionError extends Error {
  constructor(readonly dir: string, mode: number) {
    super(
      `refusing to open the database at ${dir}: it is writable by other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')}), ` +
        `so its contents cannot be trusted. It is a cache of the notes: delete it to rebuild (rm -rf "${dir}"), ` +
        `or make it private (chmod -R go-rwx "${dir}").`,
    );
    this.name = 'StorePermissionError';
  }
}

/** Refuses a data directory that group or others may write (only the folder itself, like PostgreSQL). */
export async function assertPrivateDir(dir: string): Promise<void> {
  const st = await fs.lstat(dir).catch(() => null);
  if (st?.isDirectory() && (st.mode & 0o022) !== 0) throw new StorePermissionError(dir, st.mode);
}

/**
 * Makes the data directory ready for PGlite: a folder with mode 0700. Anything else at the path (a file, a
 * symlink) is damage for the caller to move aside.
 */
export async function prepareDataDir(dir: string): Promise<void> {
  const st = await fs.lstat(dir).catch(() => null);
  if (st && !st.isDirectory()) throw new Error(`${dir} is not a folder`);
  if (!st) await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
  await fs.chmod(dir, DIR_MODE);
}

/** Where damaged copies of `dbDir` are kept: `<dbDir>.damaged/<time>`. */
export function damagedRoot(dbDir: string): string {
  return `${path.resolve(dbDir)}.damaged`;
}

/**
 * Moves a damaged data directory (or whatever is at its path) aside, then prunes old copies to the cap.
 * Returns where it was kept, or null when it was too large to keep and was deleted.
 */
export async function moveAside(dbDir: string, now = new Date()): Promise<string | null> {
  const root = damagedRoot(dbDir);
  await fs.mkdir(root, { recursive: true, mode: DIR_MODE });
  const target = path.join(root, now.toISOString().replace(/[:.]/g, '-'));
  await fs.rename(dbDir, target);
  await fs.chmod(target, (await fs.lstat(target)).isDirectory() ? DIR_MODE : FILE_MODE).catch(() => undefined);
  await pruneDamaged(root);
  return (await fs.lstat(target).catch(() => null)) ? target : null;
}

async function pruneDamaged(root: string): Promise<void> {
  const names = (await fs.readdir(root)).sort().reverse(); // ISO names: newest first
  let total = 0;
  for (const [i, name] of names.entries()) {
    const p = path.join(root, name);
    const size = await treeSize(p);
    if (i >= KEEP_DAMAGED || total + size > DAMAGED_CAP_BYTES) await fs.rm(p, { recursive: true, force: true });
    else total += size;
  }
}

async function treeSize(p: string): Promise<number> {
  const st = await fs.lstat(p);
  if (!st.isDirectory()) return st.size;
  let n = 0;
  for (const name of await fs.readdir(p)) n += await treeSize(path.join(p, name));
  return n;
}

/** Modification times this close before the previous pass count as changed (file time granularity). */
const AMBIGUOUS_NS = 50_000_000n;

export interface Seen {
  mtimeNs: bigint;
  size: bigint;
}

/**
 * Flushes a data directory to the disk: every file and folder whose mtime or size changed since the last
 * sync is fsynced (folders too, so created and renamed files survive a power cut), and any mode PGlite left
 * looser than 0600/0700 is tightened. Called after each committed batch.
 */
export class DataDirSync {
  private seen = new Map<string, Seen>();
  private lastPassNs = 0n;
  /** fsync calls made so far (tests and `doctor`). */
  synced = 0;

  constructor(readonly dir: string) {}

  /** Every file and folder as the last pass saw it (absolute path -> mtime and size). */
  files(): ReadonlyMap<string, Seen> {
    return this.seen;
  }

  /** Records the current state without fsyncing (on open) and tightens modes. */
  async baseline(): Promise<void> {
    await this.pass(false);
  }

  async sync(): Promise<void> {
    await this.pass(true);
  }

  private async pass(fsyncChanged: boolean): Promise<void> {
    const next = new Map<string, Seen>();
    const startedNs = BigInt(Date.now()) * 1_000_000n;
    const changedDirs: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      await Promise.all(
        entries.map(async (e) => {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) {
            await walk(p);
            return;
          }
          if (!e.isFile()) return;
          const st = await fs.stat(p, { bigint: true }).catch(() => null);
          if (!st) return;
          await this.visit(p, st, FILE_MODE, next, fsyncChanged);
        }),
      );
      const st = await fs.stat(dir, { bigint: true }).catch(() => null);
      if (st && (await this.visit(dir, st, DIR_MODE, next, false))) changedDirs.push(dir);
    };
    await walk(this.dir);
    // Folders after their files: a new file's name is durable once its folder is.
    if (fsyncChanged) for (const dir of changedDirs) await this.fsync(dir);
    this.seen = next;
    this.lastPassNs = startedNs;
  }

  /** Returns whether the entry changed since the last pass; fsyncs changed files when asked. */
  private async visit(
    p: string,
    st: BigIntStats,
    mode: number,
    next: Map<string, Seen>,
    fsyncIfChanged: boolean,
  ): Promise<boolean> {
    const { mtimeNs, size } = st;
    next.set(p, { mtimeNs, size });
    if ((Number(st.mode) & 0o777) !== mode) await fs.chmod(p, mode).catch(() => undefined);
    const before = this.seen.get(p);
    // File times are coarse (a few ms on ext4): a file written again within the tick of the last pass keeps its
    // mtime, so anything modified just before that pass is synced again.
    const changed = !before || before.mtimeNs !== mtimeNs || before.size !== size || mtimeNs >= this.lastPassNs - AMBIGUOUS_NS;
    if (changed && fsyncIfChanged) await this.fsync(p);
    return changed;
  }

  private async fsync(p: string): Promise<void> {
    const handle = await fs.open(p, 'r').catch(() => null);
    if (!handle) return; // Removed since the walk (PGlite recycles WAL segments).
    try {
      await handle.sync();
      this.synced++;
    } finally {
      await handle.close();
    }
  }
}
