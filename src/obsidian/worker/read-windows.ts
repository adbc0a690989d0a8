// Sequential reads served from one larger read. Postgres reads 8 KB pages, and every read on an OPFS sync access
// handle is a call into the browser whose cost barely depends on its size (write-run.ts has the figures). A
// sequential scan reads a file front to back, one page after the other, and the end of a first index scans whole
// tables (re-typing links, the vector index build, ANALYZE): at 10k notes the plugin made ~33k read calls. When a
// read starts where the previous read of the same file ended, SizedOpfsFS reads a window ahead, and the reads that
// follow are copied from it. Random reads (index probes) are read as asked. Only this worker writes the store's
// files: every write goes into the window it falls in (a scan writes back the pages it dirtied while it reads on),
// and a truncate, rename or removal drops the file's window.

/** One file's bytes from `start`, as read (`bytes` is a view of `buffer`, shorter at the end of the file). */
interface Window {
  start: number;
  bytes: Uint8Array;
  buffer: Uint8Array;
}

export class ReadWindows {
  private readonly windows = new Map<string, Window>();
  /**
   * Buffers of windows that went, reused for the next: a 10k-note index reads ~6,000 windows, and a fresh 256 KB
   * buffer for each left ~1.5 GB of garbage for the collector (the renderer's peak RSS rose by a quarter).
   */
  private readonly spare: Uint8Array[] = [];
  /** Where each file's last read ended (the next read starting there is sequential). */
  private readonly lastEnd = new Map<string, number>();

  /**
   * @param windowBytes how much is read ahead at once
   * @param maxFiles how many files keep a window (the least recently read loses it)
   */
  constructor(
    readonly windowBytes: number,
    private readonly maxFiles: number,
  ) {}

  /**
   * Copies `length` bytes at `position` of `path` into `into` at `offset` from a window, reading one through
   * `readAt(position, buffer)` (which fills `buffer` from the file and returns the bytes read) when this read
   * continues the last one; returns the bytes copied, or null when the read should go to the file as asked.
   */
  read(
    path: string,
    into: Uint8Array,
    offset: number,
    length: number,
    position: number,
    readAt: (position: number, buffer: Uint8Array) => number,
  ): number | null {
    if (length <= 0 || length > this.windowBytes) return null;
    let w = this.windows.get(path);
    if (!w || position < w.start || position + length > w.start + w.bytes.length) {
      const sequential = this.lastEnd.get(path) === position;
      this.touch(path, position + length);
      if (!sequential) return null;
      this.drop(path);
      const buffer = this.spare.pop() ?? new Uint8Array(this.windowBytes);
      w = { start: position, bytes: buffer.subarray(0, readAt(position, buffer)), buffer };
      // At the end of the file the window is short; a read past what it holds goes to the file.
      if (w.bytes.length < length) {
        this.spare.push(buffer);
        return null;
      }
      this.windows.set(path, w);
      this.evict();
    } else {
      this.touch(path, position + length);
    }
    into.set(w.bytes.subarray(position - w.start, position - w.start + length), offset);
    return length;
  }

  /** `bytes` were written at `position` of `path`: a window holding any of them takes them. */
  wrote(path: string, bytes: Uint8Array, position: number): void {
    const w = this.windows.get(path);
    if (!w) return;
    const from = Math.max(position, w.start);
    const to = Math.min(position + bytes.length, w.start + w.bytes.length);
    if (from < to) w.bytes.set(bytes.subarray(from - position, to - position), from - w.start);
  }

  /** The file was truncated, or went away (removed, renamed): its window and read position go. */
  forget(path: string): void {
    this.drop(path);
    this.lastEnd.delete(path);
  }

  /** Everything goes (a folder renamed or removed). */
  clear(): void {
    for (const path of [...this.windows.keys()]) this.drop(path);
    this.lastEnd.clear();
  }

  /** The file's window goes; its buffer waits for the next window (at most maxFiles wait). */
  private drop(path: string): void {
    const w = this.windows.get(path);
    if (!w) return;
    this.windows.delete(path);
    if (this.spare.length < this.maxFiles) this.spare.push(w.buffer);
  }

  private touch(path: string, end: number): void {
    // Map order is insertion order: re-inserting marks the most recent; the oldest beyond maxFiles lose theirs.
    this.lastEnd.delete(path);
    this.lastEnd.set(path, end);
    const w = this.windows.get(path);
    if (w) {
      this.windows.delete(path);
      this.windows.set(path, w);
    }
    this.evict();
  }

  private evict(): void {
    while (this.windows.size > this.maxFiles) this.drop(this.windows.keys().next().value!);
    while (this.lastEnd.size > 4 * this.maxFiles) this.lastEnd.delete(this.lastEnd.keys().next().value!);
  }
}
