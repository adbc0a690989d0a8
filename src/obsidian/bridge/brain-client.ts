// The plugin's handle on the brain in the worker: starts the worker from the bundled source, serves it the
// vault, and exposes the worker API as methods. Every call is asynchronous and none blocks the main thread.
import { BrainError } from '../../core/errors';
import type { IndexSummary } from '../../core/index/indexer';
import type { ThinkOpResult } from '../../core/ops/think-op';
import type { LlmSettings } from '../../core/think/settings';
import type { VaultSource } from '../../core/index/vault-source';
import type { NoteWriter } from '../../core/ops/note-writer';
import {
  connectToWorker,
  type IndexResult,
  type MainEndpoint,
  type OpenResult,
  type ThinkDelta,
  type ThinkRequest,
  type WorkerApi,
  type WorkerEvents,
  type WorkerSettings,
} from '../protocol/worker-api';
import type { CallOptions, RpcPort } from '../protocol/rpc';
import { DEFAULT_MAX_FILE_BYTES } from '../../core/index/decode-file';
import { pushFiles, type PushOptions } from './push-files';
import { vaultHandlers } from './serve-vault';
import { providerRequestHandlers, type RequestUrlLike } from './serve-requests';
import type { BreakerStatus } from '../../core/net/circuit-breaker';
import { WORKER_SOURCE } from './worker-source';

/** What the client needs of a Worker (a real one, or a stand-in in tests). */
export interface WorkerLike extends RpcPort {
  terminate(): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
}

export interface BrainClientOptions {
  source: VaultSource;
  /** Writes notes for the worker's write ops (create_note, append_to_note, think's save); none = read-only brain. */
  writer?: NoteWriter;
  /**
   * The include/exclude rules in force now: a changed file's bytes are sent with the change only when they
   * accept it (default: every file; the worker applies its own rules either way).
   */
  accepts?: (path: string) => boolean;
  /** Creates the worker; defaults to a blob: Worker of the bundled worker source. */
  createWorker?: () => WorkerLike | Promise<WorkerLike>;
  onProgress?: (p: WorkerEvents['progress']) => void;
  onLog?: (entry: WorkerEvents['log']) => void;
  /** A provider's circuit breaker opened or closed. */
  onProvider?: (status: WorkerEvents['provider']) => void;
  /**
   * Sends the worker's provider requests (embeddings, rerank, unstreamed chat): Obsidian's `requestUrl` in the
   * plugin. Without it they are refused and the providers fail with that reason.
   */
  request?: RequestUrlLike;
  /** The origins provider requests may go to: the configured providers' (the settings as saved now). */
  providerOrigins?: () => readonly string[];
}

export class WorkerUnavailableError extends BrainError {
  constructor(message: string) {
    super('worker_unavailable', message);
    this.name = 'WorkerUnavailableError';
  }
}

/** Characters of worker source turned into Blob bytes per main-thread task. */
const SLICE_CHARS = 1 << 20;

/**
 * Starts the bundled worker from a blob: URL (the plugin ships no separate file). The source is ~11 MB of text;
 * its UTF-8 encoding is done a slice per task so the main thread never stalls on it.
 */
export async function startBundledWorker(source: string = WORKER_SOURCE): Promise<{ worker: Worker; release: () => void }> {
  if (!source) throw new WorkerUnavailableError('this build has no embedded worker (run the production build)');
  if (typeof Worker === 'undefined') throw new WorkerUnavailableError('Web Workers are not available here');
  const parts: Blob[] = [];
  for (let i = 0; i < source.length; ) {
    let end = Math.min(source.length, i + SLICE_CHARS);
    // Never split a surrogate pair: each half would be encoded as U+FFFD.
    const last = source.charCodeAt(end - 1);
    if (end < source.length && last >= 0xd800 && last <= 0xdbff) end--;
    parts.push(new Blob([source.slice(i, end)]));
    i = end;
    if (i < source.length) await nextTask();
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/javascript' }));
  try {
    return { worker: new Worker(url, { name: 'vault-brain' }), release: () => URL.revokeObjectURL(url) };
  } catch (err) {
    URL.revokeObjectURL(url);
    throw err;
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

export class BrainClient {
  private readonly rpc: MainEndpoint;
  private readonly worker: WorkerLike;
  private releaseSource: (() => void) | null;
  private terminated = false;
  private readonly writable: boolean;
  private readonly source: VaultSource;
  private readonly accepts: (path: string) => boolean;
  /** The worker's largest indexed file, as of the last open. */
  private maxFileBytes = DEFAULT_MAX_FILE_BYTES;
  /** Set when the worker failed (e.g. its script threw at start): every later call rejects with it. */
  private failure: Error | null = null;

  /** Starts the worker and connects to it (the brain is opened with `open`). */
  static async start(options: BrainClientOptions): Promise<BrainClient> {
    if (options.createWorker) return new BrainClient(await options.createWorker(), null, options);
    const started = await startBundledWorker();
    return new BrainClient(started.worker, started.release, options);
  }

  private constructor(worker: WorkerLike, releaseSource: (() => void) | null, options: BrainClientOptions) {
    this.worker = worker;
    this.releaseSource = releaseSource;
    this.writable = !!options.writer;
    this.source = options.source;
    this.accepts = options.accepts ?? (() => true);
    const origins = options.providerOrigins ?? (() => []);
    this.rpc = connectToWorker(this.worker, {
      ...vaultHandlers(options.source, options.writer, () => this.pushOptions()),
      ...providerRequestHandlers(options.request, origins),
    });
    if (options.onProgress) this.rpc.on('progress', options.onProgress);
    if (options.onLog) this.rpc.on('log', options.onLog);
    if (options.onProvider) this.rpc.on('provider', options.onProvider);
    this.worker.addEventListener('error', (event) => {
      const detail = (event as { message?: unknown }).message;
      this.fail(new WorkerUnavailableError(`vault-brain worker: ${typeof detail === 'string' && detail ? detail : 'the worker failed'}`));
    });
    this.worker.addEventListener('messageerror', () => {
      this.rpc.failPending(new WorkerUnavailableError('vault-brain worker: a message could not be decoded'));
    });
  }

  /** Why the worker is unusable, or null. */
  get error(): Error | null {
    return this.failure;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.rpc.failPending(error);
  }

  private call<K extends keyof WorkerApi>(method: K, params: Parameters<WorkerApi[K]>[0], options?: CallOptions): ReturnType<WorkerApi[K]> {
    if (this.failure) return Promise.reject(this.failure) as ReturnType<WorkerApi[K]>;
    return this.rpc.call(method, params as never, options) as ReturnType<WorkerApi[K]>;
  }

  get pendingCalls(): number {
    return this.rpc.pendingCalls;
  }

  private pushOptions(): PushOptions {
    return { maxBytes: this.maxFileBytes, accepts: this.accepts };
  }

  async open(vaultId: string, settings: WorkerSettings, options?: CallOptions): Promise<OpenResult> {
    this.maxFileBytes = settings.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    try {
      return await this.call('open', { vaultId, settings, writable: this.writable }, options);
    } finally {
      // The worker has loaded its script by the time it answers.
      this.releaseSource?.();
      this.releaseSource = null;
    }
  }

  index(params: { full?: boolean } = {}, options?: CallOptions): Promise<IndexResult> {
    return this.call('index', params, options);
  }

  /** File events: the files' stats and bytes go with the call (one crossing for the batch). */
  async update(paths: string[], options?: CallOptions): Promise<IndexSummary> {
    const files = await pushFiles(this.source, paths, this.pushOptions());
    return this.call('update', { paths, files }, options);
  }

  async rename(from: string, to: string, options?: CallOptions): Promise<IndexSummary> {
    const files = await pushFiles(this.source, [from, to], this.pushOptions());
    return this.call('rename', { from, to, files }, options);
  }

  /** Calls an operation of the registry by name (params are validated in the worker). */
  op(name: string, params: Record<string, unknown> = {}, options?: CallOptions & { remote?: boolean }): Promise<unknown> {
    return this.call('op', { name, params, remote: options?.remote }, options);
  }

  /** The think op, streamed: `onDelta` gets the model's text as it comes in. Remote unless `remote` is false. */
  think(params: ThinkRequest, options: CallOptions & { onDelta?: (text: string) => void; remote?: boolean } = {}): Promise<ThinkOpResult> {
    const { onDelta, remote, ...call } = options;
    return this.call('op', { name: 'think', params, remote, stream: true }, {
      ...call,
      onProgress: (d) => {
        const text = (d as Partial<ThinkDelta> | null)?.text;
        if (typeof text === 'string' && text !== '') onDelta?.(text);
      },
    }) as Promise<ThinkOpResult>;
  }

  /** New model settings for think (from the next question on). */
  configure(llm: LlmSettings, options?: CallOptions): Promise<void> {
    return this.call('configure', { llm }, options);
  }

  /** The providers' circuit breakers now. */
  providers(options?: CallOptions): Promise<BreakerStatus[]> {
    return this.call('providers', {}, options);
  }

  /** Closes every open breaker, so the next provider call goes out; answers how many were open. */
  retryProviders(options?: CallOptions): Promise<number> {
    return this.call('retryProviders', {}, options);
  }

  on<K extends keyof WorkerEvents>(event: K, listener: (data: WorkerEvents[K]) => void): () => void {
    return this.rpc.on(event, listener);
  }

  /** Closes the database (flushing it) and stops the worker. Safe to call twice. */
  async close(timeoutMs = 10_000): Promise<void> {
    if (this.terminated) return;
    try {
      if (!this.failure) await this.call('close', {}, { timeoutMs });
    } finally {
      this.terminate();
    }
  }

  /** Stops the worker at once (unflushed writes are lost; the index is a cache and resumes). */
  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.rpc.close();
    this.worker.terminate();
    this.releaseSource?.();
    this.releaseSource = null;
  }
}
