// An in-memory Origin Private File System for Node tests: directory and file handles, sync access handles
// (exclusive per file, as in browsers), getFile(), removeEntry and values(). Enough for PGlite's OPFS
// access-handle pool (OpfsAhpFS) and the worker's own OPFS code to run under Node with real PGlite; it counts the
// calls into it, which is what the worker's OPFS costs are made of in a browser (each one a call to the browser).
// Not a browser: it says nothing about speed, only about what is written and read.

export interface OpfsCallCounts {
  /** Sync access handles opened. */
  handles: number;
  /** read/write/getSize/truncate/flush calls on sync access handles. */
  syncCalls: number;
  /** Files created. */
  created: number;
}

class NotFound extends Error {
  override readonly name = 'NotFoundError';
}

class Locked extends Error {
  override readonly name = 'NoModificationAllowedError';
}

export class MemoryFileHandle {
  readonly kind = 'file';
  data = new Uint8Array(0);
  locked = false;

  constructor(
    readonly name: string,
    private readonly counts: OpfsCallCounts,
  ) {}

  getFile(): Promise<Blob & { text(): Promise<string> }> {
    return Promise.resolve(new Blob([this.data.slice() as BlobPart]));
  }

  createSyncAccessHandle(): Promise<MemorySyncAccessHandle> {
    if (this.locked) return Promise.reject(new Locked(`${this.name} already has an open access handle`));
    this.locked = true;
    this.counts.handles++;
    return Promise.resolve(new MemorySyncAccessHandle(this, this.counts));
  }
}

export class MemorySyncAccessHandle {
  private open = true;

  constructor(
    private readonly file: MemoryFileHandle,
    private readonly counts: OpfsCallCounts,
  ) {}

  private check(): void {
    if (!this.open) throw new Error('InvalidStateError: the access handle is closed');
    this.counts.syncCalls++;
  }

  getSize(): number {
    this.check();
    return this.file.data.length;
  }

  read(buffer: ArrayBufferView | ArrayBuffer, options: { at: number }): number {
    this.check();
    const out = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const from = Math.min(options.at, this.file.data.length);
    const n = Math.min(out.length, this.file.data.length - from);
    out.set(this.file.data.subarray(from, from + n));
    return n;
  }

  write(buffer: ArrayBufferView | ArrayBuffer, options: { at: number }): number {
    this.check();
    const src = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const end = options.at + src.length;
    if (end > this.file.data.length) {
      const grown = new Uint8Array(end);
      grown.set(this.file.data);
      this.file.data = grown;
    }
    this.file.data.set(src, options.at);
    return src.length;
  }

  truncate(size: number): void {
    this.check();
    const next = new Uint8Array(size);
    next.set(this.file.data.subarray(0, Math.min(size, this.file.data.length)));
    this.file.data = next;
  }

  flush(): void {
    this.check();
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.file.locked = false;
  }
}

export class MemoryDirectoryHandle {
  readonly kind = 'directory';
  readonly children = new Map<string, MemoryDirectoryHandle | MemoryFileHandle>();

  constructor(
    readonly name: string,
    private readonly counts: OpfsCallCounts,
  ) {}

  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<MemoryDirectoryHandle> {
    const found = this.children.get(name);
    if (found instanceof MemoryDirectoryHandle) return Promise.resolve(found);
    if (found) return Promise.reject(new TypeError(`${name} is a file`));
    if (!options?.create) return Promise.reject(new NotFound(`no directory ${name}`));
    const dir = new MemoryDirectoryHandle(name, this.counts);
    this.children.set(name, dir);
    return Promise.resolve(dir);
  }

  getFileHandle(name: string, options?: { create?: boolean }): Promise<MemoryFileHandle> {
    const found = this.children.get(name);
    if (found instanceof MemoryFileHandle) return Promise.resolve(found);
    if (found) return Promise.reject(new TypeError(`${name} is a directory`));
    if (!options?.create) return Promise.reject(new NotFound(`no file ${name}`));
    const file = new MemoryFileHandle(name, this.counts);
    this.counts.created++;
    this.children.set(name, file);
    return Promise.resolve(file);
  }

  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void> {
    const found = this.children.get(name);
    if (!found) return Promise.reject(new NotFound(`no entry ${name}`));
    if (found instanceof MemoryDirectoryHandle && found.children.size > 0 && !options?.recursive) {
      return Promise.reject(new Error(`InvalidModificationError: ${name} is not empty`));
    }
    this.children.delete(name);
    return Promise.resolve();
  }

  async *values(): AsyncIterable<MemoryDirectoryHandle | MemoryFileHandle> {
    for (const child of [...this.children.values()]) yield child;
  }
}

export interface MemoryOpfs {
  root: MemoryDirectoryHandle;
  counts: OpfsCallCounts;
  storage: { getDirectory(): Promise<MemoryDirectoryHandle> };
  /** Makes it `navigator.storage` (PGlite's OPFS store reads the global); returns the undo. */
  install(): () => void;
}

export function memoryOpfs(): MemoryOpfs {
  const counts: OpfsCallCounts = { handles: 0, syncCalls: 0, created: 0 };
  const root = new MemoryDirectoryHandle('', counts);
  const storage = { getDirectory: () => Promise.resolve(root) };
  return {
    root,
    counts,
    storage,
    install() {
      const before = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
      Object.defineProperty(globalThis, 'navigator', { value: { storage }, configurable: true, writable: true });
      return () => {
        if (before) Object.defineProperty(globalThis, 'navigator', before);
        else delete (globalThis as { navigator?: unknown }).navigator;
      };
    },
  };
}
