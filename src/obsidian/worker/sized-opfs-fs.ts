// PGlite's OPFS access-handle pool, with each file's stat kept in memory. Postgres asks for a file's size before
// nearly every write (lseek to the end, which PGlite answers with fstat -> getSize() on the access handle), and each
// getSize() is a call into the browser: in a CPU profile of the worker indexing 1k notes those calls were 14% of
// its time. Only this worker writes the files (the data dir's Web Lock), so sizes it tracks itself stay true.
// Files are also grown ahead of Postgres' one-block extensions (see `grown`).
import { OpfsAhpFS, type OpfsAhpOptions } from '@electric-sql/pglite/opfs-ahp';
import { SNAPSHOT_FILE_MODE, type SnapshotFill } from './opfs-snapshot';
import { ReadWindows } from './read-windows';
import { WriteRun } from './write-run';

type FsStats = ReturnType<OpfsAhpFS['lstat']>;

/**
 * Stats by path, kept in step with the writes that change a file's size. Anything else that touches a path
 * (chmod, utimes, rename, unlink, writeFile, truncate, rmdir) drops its entry, and the next lstat asks the handle again.
 */
export class StatCache {
  private readonly stats = new Map<string, FsStats>();
  private readonly paths = new Map<number, string>();

  opened(fd: number, path: string): void {
    this.paths.set(fd, path);
  }

  closed(fd: number): void {
    this.paths.delete(fd);
  }

  pathOf(fd: number): string | undefined {
    return this.paths.get(fd);
  }

  /** A copy: the caller (Emscripten's FS glue) may keep or change what it gets. */
  get(path: string): FsStats | undefined {
    const s = this.stats.get(path);
    return s ? { ...s } : undefined;
  }

  set(path: string, stats: FsStats): void {
    this.stats.set(path, { ...stats });
  }

  /** `written` bytes landed at `position` through descriptor `fd`: the file is at least that long now. */
  wrote(fd: number, position: number, written: number): void {
    const path = this.paths.get(fd);
    const s = path === undefined ? undefined : this.stats.get(path);
    if (!s || written <= 0) return;
    const end = position + written;
    if (end > s.size) {
      s.size = end;
      s.blocks = Math.ceil(end / s.blksize);
    }
  }

  forget(path: string): void {
    this.stats.delete(path);
  }

  /** A path and, when it is a directory, everything under it (a rename moves a folder's files with it). */
  forgetTree(path: string): void {
    this.stats.delete(path);
    const prefix = `${path}/`;
    for (const key of this.stats.keys()) if (key.startsWith(prefix)) this.stats.delete(key);
  }
}

/** The most bytes of contiguous writes held for one call (write-run.ts). */
const HELD_RUN_BYTES = 1 << 20;
/** Read ahead of a sequential read at once (read-windows.ts), for this many files at most. */
const READ_WINDOW_BYTES = 256 << 10;
const READ_WINDOW_FILES = 8;

/** A relation grows a block at a time; its file is grown this much at once (zero-filled by the browser). */
const GROW_BYTES = 1 << 20;

function allZero(buffer: ArrayBuffer, offset: number, length: number): boolean {
  if (offset % 4 === 0 && length % 4 === 0) {
    const words = new Uint32Array(buffer, offset, length / 4);
    for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
    return true;
  }
  const bytes = new Uint8Array(buffer, offset, length);
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

export interface SizedOpfsOptions extends OpfsAhpOptions {
  /** Contents of a snapshot laid out by layOutSnapshot, written once the store's handles are open. */
  fill?: SnapshotFill;
}

export class SizedOpfsFS extends OpfsAhpFS {
  private readonly cache = new StatCache();
  private fill: SnapshotFill | null;

  constructor(dataDir: string, options: SizedOpfsOptions = {}) {
    super(dataDir, options);
    this.fill = options.fill ?? null;
  }

  override async init(...args: Parameters<OpfsAhpFS['init']>): ReturnType<OpfsAhpFS['init']> {
    const result = await super.init(...args);
    const fill = this.fill;
    this.fill = null;
    if (fill) this.writeFill(fill);
    return result;
  }

  /**
   * Writes a laid-out snapshot through the handles the store just opened (one call per non-empty file), then
   * PG_VERSION through the store's own file creation (from the pool, logged in the state file): before it exists
   * PGlite sees no database, so a fill cut off anywhere is redone at the next open (opfsHasCluster).
   */
  private writeFill(fill: SnapshotFill): void {
    for (const f of fill.files) {
      const fd = super.open(f.path);
      try {
        // OpfsAhpFS.write views `buffer` as an ArrayBuffer (Emscripten passes the wasm memory's).
        const n = super.write(fd, f.bytes.buffer as unknown as Uint8Array, f.bytes.byteOffset, f.bytes.length, 0);
        if (n !== f.bytes.length) throw new Error(`short write of ${f.path} while loading the snapshot`);
      } finally {
        super.close(fd);
      }
    }
    super.writeFile(fill.commit.path, fill.commit.bytes, { mode: SNAPSHOT_FILE_MODE });
    super.flush();
  }
  /**
   * Files grown ahead of Postgres: path -> the file's real length, beyond the size Postgres sees (the cache's).
   * Postgres extends a relation by writing zero blocks at its end, one call each: ~4,000 of the 4,057 data-page
   * writes (2 ms each) while indexing 1k notes. Those land in zeros the browser already put there. Every flush
   * (not the relaxed sync after each query), and anything that would stat the file afresh, trims it back first, so
   * the files match what Postgres wrote; a crash in between can leave zero blocks past a relation's end, which
   * Postgres treats as new pages.
   */
  private readonly grown = new Map<string, number>();

  /**
   * Contiguous writes held and written as one call (write-run.ts): a checkpoint's data pages, a scan's evicted
   * ring, appended WAL, and the relcache init file Postgres rewrites at every start (~140 appends). Anything else
   * that changes the store, a read or stat of the held file, and every flush write the run first, so the files
   * see the same changes in the same order, and what is durable at a flush is what it was without holding.
   */
  private readonly run = new WriteRun(HELD_RUN_BYTES);
  /** Sequential reads served from one read ahead (read-windows.ts); every write here goes into them too. */
  private readonly windows = new ReadWindows(READ_WINDOW_BYTES, READ_WINDOW_FILES);

  /** Writes the held run, if any, in one call. */
  private release(): void {
    const run = this.run.take();
    if (!run) return;
    const own = this.cache.pathOf(run.fd) === run.path ? run.fd : super.open(run.path);
    try {
      // OpfsAhpFS.write views `buffer` as an ArrayBuffer (Emscripten passes the wasm memory's).
      const n = super.write(own, run.bytes.buffer as unknown as Uint8Array, run.bytes.byteOffset, run.bytes.length, run.start);
      if (n !== run.bytes.length) throw new Error(`short write of ${run.path}`);
    } finally {
      if (own !== run.fd) super.close(own);
    }
  }

  private trim(path: string): void {
    const real = this.grown.get(path);
    if (real === undefined) return;
    this.grown.delete(path);
    const size = this.cache.get(path)?.size;
    if (size !== undefined && size < real) {
      this.windows.forget(path);
      super.truncate(path, size);
    }
  }

  private trimAll(): void {
    for (const path of [...this.grown.keys()]) this.trim(path);
  }

  private trimTree(path: string): void {
    const prefix = `${path}/`;
    for (const p of [...this.grown.keys()]) if (p === path || p.startsWith(prefix)) this.trim(p);
  }

  override open(path: string, flags?: string, mode?: number): number {
    // Opening may create the file (a pool file taken, the state file appended).
    this.release();
    const fd = super.open(path, flags, mode);
    this.cache.opened(fd, path);
    return fd;
  }

  override close(fd: number): void {
    if (this.run.heldFd === fd) this.release();
    super.close(fd);
    this.cache.closed(fd);
  }

  override lstat(path: string): FsStats {
    const hit = this.cache.get(path);
    if (hit) return hit;
    this.release();
    this.trim(path);
    const stats = super.lstat(path);
    this.cache.set(path, stats);
    return stats;
  }

  override fstat(fd: number): FsStats {
    const path = this.cache.pathOf(fd);
    return path === undefined ? super.fstat(fd) : this.lstat(path);
  }

  override write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    const path = this.cache.pathOf(fd);
    const stats = path === undefined ? undefined : this.cache.get(path);
    if (path === undefined) this.windows.clear();
    else if (length > 0) this.windows.wrote(path, new Uint8Array(buffer as unknown as ArrayBuffer, offset, length), position);
    if (path !== undefined && stats !== undefined && !path.startsWith('/pg_wal') && length > 0 && position === stats.size) {
      // Emscripten's glue passes the wasm memory's ArrayBuffer with an offset.
      const real = this.grown.get(path) ?? stats.size;
      if (allZero(buffer as unknown as ArrayBuffer, offset, length)) {
        if (position + length > real) {
          this.release();
          super.truncate(path, position + length + GROW_BYTES);
          this.grown.set(path, position + length + GROW_BYTES);
        }
        this.cache.wrote(fd, position, length);
        return length;
      }
    }
    let written: number;
    if (path !== undefined && length > 0 && length <= this.run.capacity) {
      if (!this.run.accepts(path, position, length)) this.release();
      this.run.append(path, fd, new Uint8Array(buffer as unknown as ArrayBuffer, offset, length), position);
      written = length;
    } else {
      this.release();
      written = super.write(fd, buffer, offset, length, position);
    }
    this.cache.wrote(fd, position, written);
    const real = path === undefined ? undefined : this.grown.get(path);
    if (path !== undefined && real !== undefined && position + written > real) this.grown.set(path, position + written);
    return written;
  }

  override read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    const path = this.cache.pathOf(fd);
    if (path !== undefined) {
      // A window holds what was written into it, held or not: only a read from the file needs the held run out.
      // Unlike a write, a read is given the wasm memory as a typed array (PGlite's glue), `offset` into it.
      const into = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      const copied = this.windows.read(path, into, offset, length, position, (at, ahead) => {
        if (this.run.heldPath === path) this.release();
        return super.read(fd, ahead, 0, ahead.length, at);
      });
      if (copied !== null) return copied;
    }
    if (path === undefined || this.run.heldPath === path) this.release();
    return super.read(fd, buffer, offset, length, position);
  }

  override truncate(path: string, len?: number): void {
    this.release();
    this.windows.forget(path);
    this.grown.delete(path);
    this.cache.forget(path);
    super.truncate(path, len);
  }

  override writeFile(path: string, data: string | Uint8Array, options?: { encoding?: string; mode?: number; flag?: string }): void {
    // What was held for the file is replaced with it; anything held for another file goes first.
    if (!this.run.discard(path)) this.release();
    this.windows.forget(path);
    this.grown.delete(path);
    this.cache.forget(path);
    super.writeFile(path, data, options);
  }

  override unlink(path: string): void {
    if (!this.run.discard(path)) this.release();
    this.windows.forget(path);
    this.grown.delete(path);
    this.cache.forget(path);
    super.unlink(path);
  }

  override rename(oldPath: string, newPath: string): void {
    this.release();
    this.windows.clear();
    this.trimTree(oldPath);
    this.trimTree(newPath);
    this.cache.forgetTree(oldPath);
    this.cache.forgetTree(newPath);
    super.rename(oldPath, newPath);
  }

  override mkdir(path: string, options?: { recursive?: boolean; mode?: number }): void {
    this.release();
    super.mkdir(path, options);
  }

  override rmdir(path: string): void {
    this.release();
    this.windows.clear();
    this.cache.forgetTree(path);
    super.rmdir(path);
  }

  override chmod(path: string, mode: number): void {
    this.release();
    this.trim(path);
    this.cache.forget(path);
    super.chmod(path, mode);
  }

  override utimes(path: string, atime: number, mtime: number): void {
    this.release();
    this.trim(path);
    this.cache.forget(path);
    super.utimes(path, atime, mtime);
  }

  /** The pool top-ups one at a time (see maintainPool). */
  private pooling: Promise<void> = Promise.resolve();

  /**
   * PGlite tops the pool up after every query, fire-and-forget under relaxed durability, and the engine's flush
   * calls it too, so two could interleave; and past the maintained size it deletes spare files, where any failure
   * (a handle already gone, a file already removed) is thrown inside a `new Promise(async ...)` executor whose
   * promise then never settles, so the query after it waits forever. Spares only appear in numbers once WAL
   * segments are removed at checkpoints (core/engine/pglite/pglite-engine.ts), bounded by max_wal_size, so they
   * are kept: top-ups only grow the pool, one at a time.
   */
  override maintainPool(size?: number): Promise<void> {
    const run = (): Promise<void> => super.maintainPool(Math.max(size ?? this.maintainedPoolSize, this.state.pool.length));
    const next = this.pooling.then(run, run);
    this.pooling = next.catch(() => undefined);
    return next;
  }

  override flush(): void {
    this.release();
    this.trimAll();
    super.flush();
  }

  override async syncToFs(relaxedDurability?: boolean): Promise<void> {
    this.release();
    // PGlite calls this after every query, relaxed (no flush): trimming there meant growing the same files again
    // in the next statement, two truncate calls (~5 ms each at 10k notes) per growing file per statement. Files
    // are trimmed at flushes, the store's durability points (what a crash leaves is the same: zero blocks past a
    // relation's end appear between two flushes either way).
    if (relaxedDurability !== true) this.trimAll();
    await super.syncToFs(relaxedDurability);
  }

  override async closeFs(): Promise<void> {
    this.release();
    this.trimAll();
    await super.closeFs();
  }
}
