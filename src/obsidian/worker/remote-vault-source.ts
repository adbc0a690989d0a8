// The worker's VaultSource: the plugin owns the vault, so listings and reads are asked of it. Two things keep
// the crossings few: files pushed with a change (their stat and bytes came with the call) are answered here, and
// reads started together (the indexer's read-ahead bursts) go as one `vault.readMany` call.
import type { VaultFile, VaultSource } from '../../core/index/vault-source';
import { RpcError } from '../protocol/rpc';
import type { PushedFile, ReadReply, WorkerEndpoint } from '../protocol/worker-api';

interface QueuedRead {
  path: string;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

export class RemoteVaultSource implements VaultSource {
  /** Files pushed with the change being applied; only for the length of that call (see `withPushed`). */
  private readonly pushed = new Map<string, PushedFile>();
  private queued: QueuedRead[] = [];

  constructor(private readonly rpc: WorkerEndpoint) {}

  list(): Promise<VaultFile[]> {
    return this.rpc.call('vault.list', {});
  }

  read(path: string): Promise<Uint8Array> {
    const bytes = this.pushed.get(path)?.bytes;
    if (bytes) return Promise.resolve(bytes);
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) queueMicrotask(() => this.sendReads());
      this.queued.push({ path, resolve, reject });
    });
  }

  stat(path: string): Promise<VaultFile | null> {
    const file = this.pushed.get(path);
    if (file) return Promise.resolve(file.stat);
    return this.rpc.call('vault.stat', { path });
  }

  /**
   * Runs `fn` with `files` answered from memory; `add` (a write op's note as written) may add more during it.
   * Everything pushed is dropped when `fn` ends: a later run must never see a stale copy. Calls that use it run
   * one at a time (the host's queue).
   */
  async withPushed<T>(files: unknown, fn: () => Promise<T>): Promise<T> {
    for (const f of validPushedFiles(files)) this.pushed.set(f.path, f);
    try {
      return await fn();
    } finally {
      this.pushed.clear();
    }
  }

  /** A file the main thread sent back after writing it (inside `withPushed` only). */
  add(file: unknown): void {
    for (const f of validPushedFiles([file])) this.pushed.set(f.path, f);
  }

  private sendReads(): void {
    const batch = this.queued;
    this.queued = [];
    this.rpc.call('vault.readMany', { paths: batch.map((r) => r.path) }).then(
      (replies: ReadReply[]) => {
        batch.forEach((r, i) => {
          const reply = replies[i];
          if (reply && 'bytes' in reply) r.resolve(reply.bytes);
          else r.reject(reply ? new RpcError(reply.error) : new Error(`no answer for a read of "${r.path}"`));
        });
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        for (const r of batch) r.reject(error);
      },
    );
  }
}

/** Pushed files crossed postMessage: anything malformed is left out (the worker then asks for that file). */
function validPushedFiles(files: unknown): PushedFile[] {
  if (!Array.isArray(files)) return [];
  return files.filter((f): f is PushedFile => {
    if (typeof f !== 'object' || f === null) return false;
    const { path, stat, bytes } = f as Record<string, unknown>;
    if (typeof path !== 'string' || path.length === 0 || path.length > 4096) return false;
    if (bytes !== undefined && !(bytes instanceof Uint8Array)) return false;
    if (stat === null) return bytes === undefined;
    if (typeof stat !== 'object' || stat === undefined) return false;
    const s = stat as Record<string, unknown>;
    return s.path === path && typeof s.mtime === 'number' && typeof s.size === 'number' && (bytes === undefined || bytes.byteLength === s.size);
  });
}
