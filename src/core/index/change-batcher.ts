// Turns the vault's change events into batched index work. Each file waits until it has been quiet for the
// debounce delay (typing in a note is one update, not one per keystroke); everything due is flushed together,
// in chunks, one flush at a time. A sync pull of 1,000 files becomes a handful of `update` calls.

export interface ChangeSink {
  update(paths: string[]): Promise<unknown>;
  rename(from: string, to: string): Promise<unknown>;
}

export interface Timers {
  set(fn: () => void, ms: number): number;
  clear(id: number): void;
}

export interface ChangeBatcherOptions {
  /** Quiet time per file before it is indexed. */
  debounceMs: number;
  /** A file edited without pause is still indexed after this long (default 10 x debounceMs). */
  maxWaitMs?: number;
  /** Paths per `update` call. */
  chunkSize?: number;
  onError?: (error: unknown, work: string) => void;
  timers?: Timers;
  now?: () => number;
}

interface Pending {
  first: number;
  last: number;
}

// Plain timers: the batcher runs in the plugin (Electron renderer) and in the Node CLI's vault watcher alike.
const defaultTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms) as unknown as number,
  clear: (id) => clearTimeout(id),
};

export class ChangeBatcher {
  private readonly pending = new Map<string, Pending>();
  private readonly timers: Timers;
  private readonly now: () => number;
  private readonly chunkSize: number;
  private debounceMs: number;
  private maxWaitMs: number;
  private timer: number | null = null;
  /** Work runs strictly in order: a rename never overtakes the update of the file before it. */
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly sink: ChangeSink,
    private readonly options: ChangeBatcherOptions,
  ) {
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? (() => Date.now());
    this.chunkSize = Math.max(1, options.chunkSize ?? 200);
    this.debounceMs = Math.max(0, options.debounceMs);
    this.maxWaitMs = Math.max(this.debounceMs, options.maxWaitMs ?? this.debounceMs * 10);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  setDebounce(ms: number): void {
    this.debounceMs = Math.max(0, ms);
    this.maxWaitMs = Math.max(this.debounceMs, this.options.maxWaitMs ?? this.debounceMs * 10);
    this.schedule();
  }

  /** A file was created, modified or deleted (the worker tells which by looking). */
  changed(path: string): void {
    if (this.disposed || !path) return;
    const t = this.now();
    const p = this.pending.get(path);
    if (p) p.last = t;
    else this.pending.set(path, { first: t, last: t });
    this.schedule();
  }

  renamed(from: string, to: string): void {
    if (this.disposed || from === to) return;
    if (this.pending.has(from)) {
      // The old path may never have been indexed: updating both is right either way (old one gone, new one read).
      this.changed(from);
      this.changed(to);
      return;
    }
    this.enqueue(`rename ${from}`, () => this.sink.rename(from, to));
  }

  /** Sends everything pending now and resolves when all queued work is done. */
  flush(): Promise<void> {
    this.clearTimer();
    this.sendDue(Number.POSITIVE_INFINITY);
    return this.queue;
  }

  /** Stops scheduling; pending changes are dropped (the next index run catches up on them). */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.pending.clear();
  }

  private schedule(): void {
    if (this.disposed || this.pending.size === 0) return;
    let due = Number.POSITIVE_INFINITY;
    for (const p of this.pending.values()) due = Math.min(due, this.dueAt(p));
    this.clearTimer();
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.sendDue(this.now());
      this.schedule();
    }, Math.max(0, due - this.now()));
  }

  private dueAt(p: Pending): number {
    return Math.min(p.last + this.debounceMs, p.first + this.maxWaitMs);
  }

  private sendDue(now: number): void {
    const due: string[] = [];
    for (const [path, p] of this.pending) if (this.dueAt(p) <= now) due.push(path);
    for (const path of due) this.pending.delete(path);
    for (let i = 0; i < due.length; i += this.chunkSize) {
      const chunk = due.slice(i, i + this.chunkSize);
      this.enqueue(`update ${chunk.length} files`, () => this.sink.update(chunk));
    }
  }

  private enqueue(work: string, fn: () => Promise<unknown>): void {
    this.queue = this.queue.then(async () => {
      try {
        await fn();
      } catch (err) {
        this.options.onError?.(err, work);
      }
    });
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
