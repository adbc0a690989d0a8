// Contiguous file writes gathered into one. Every write on an OPFS sync access handle is a call into the browser
// whose cost barely depends on its size: in Chromium on the 2-core machine (load ~12), 32 MB written as 8 KB
// calls took 4.5-5.6 s, as 64 KB calls 0.9 s, as 256 KB calls 0.6 s. Postgres writes data pages 8 KB at a time,
// and the largest writers write them in file order: a checkpoint sorts its dirty buffers by file and block, a
// sequential scan evicts its ring in block order, WAL is appended. SizedOpfsFS holds such a run here and writes it
// in one call before anything else touches the store, so the files see the same changes in the same order.

/** A run of bytes for one file, from `start`, not yet written. */
export interface HeldRun {
  path: string;
  /** The descriptor the run was written through (the store may have closed it since: then the path is opened). */
  fd: number;
  start: number;
  bytes: Uint8Array;
}

export class WriteRun {
  private readonly buffer: Uint8Array;
  private path: string | null = null;
  private fd = -1;
  private start = 0;
  private length = 0;

  /** `capacity`: the most bytes held; a write that would pass it writes what is held first. */
  constructor(readonly capacity: number) {
    this.buffer = new Uint8Array(capacity);
  }

  get heldPath(): string | null {
    return this.path;
  }

  get heldFd(): number {
    return this.path === null ? -1 : this.fd;
  }

  /** Whether `length` bytes at `position` of `path` continue the held run (or would start one) and fit. */
  accepts(path: string, position: number, length: number): boolean {
    if (length <= 0 || length > this.capacity) return false;
    if (this.path === null) return true;
    return path === this.path && position === this.start + this.length && this.length + length <= this.capacity;
  }

  /** Appends (the caller checked `accepts`); the bytes are copied. */
  append(path: string, fd: number, src: Uint8Array, position: number): void {
    if (!this.accepts(path, position, src.length)) throw new Error('write does not continue the held run');
    if (this.path === null) {
      this.path = path;
      this.start = position;
    }
    this.fd = fd;
    this.buffer.set(src, this.length);
    this.length += src.length;
  }

  /** The held run, now no longer held (null when nothing is). Its bytes are valid until the next append. */
  take(): HeldRun | null {
    if (this.path === null) return null;
    const run = { path: this.path, fd: this.fd, start: this.start, bytes: this.buffer.subarray(0, this.length) };
    this.path = null;
    this.length = 0;
    this.fd = -1;
    return run;
  }

  /** Drops what is held for `path` (the file is being replaced or removed); true when something was. */
  discard(path: string): boolean {
    if (this.path !== path) return false;
    this.take();
    return true;
  }
}
