// Owns the worker client for the plugin's lifetime: opens the brain, runs the first (incremental) index, feeds
// it vault changes, and publishes one state the status bar and panes render. A failed open is reported once,
// never retried in a loop; the user retries with the rebuild command.
import { BrainError, errorMessage } from '../../core/errors';
import { errorText } from './error-text';
import type { IndexSummary } from '../../core/index/indexer';
import type { LlmSettings } from '../../core/think/settings';
import { recoveryNotice } from '../../core/engine/open-checked';
import type { IndexResult, OpenResult, OpInfo, ThinkRequest, WorkerEvents, WorkerSettings } from '../protocol/worker-api';
import type { OpInput, OpName, OpResult } from '../../core/ops';
import { SemanticHealth } from './semantic-health';

/** The part of BrainClient the plugin uses (a fake one in tests). */
export interface BrainClientLike {
  open(vaultId: string, settings: WorkerSettings): Promise<OpenResult>;
  index(params?: { full?: boolean }): Promise<IndexResult>;
  update(paths: string[]): Promise<IndexSummary>;
  rename(from: string, to: string): Promise<IndexSummary>;
  /** Any op by name: the transport is untyped (it crosses postMessage); BrainService types it. */
  op(name: string, params?: Record<string, unknown>, options?: OpCallOptions): Promise<unknown>;
  /** Streaming think; clients without it answer through the `think` op, unstreamed. */
  think?(params: ThinkRequest, options?: ThinkCallOptions): Promise<OpResult<'think'>>;
  /** Pushes new model settings for think; clients without it read them at open only. */
  configure?(llm: LlmSettings): Promise<void>;
  /** Closes the providers' open circuit breakers (the status view's Retry). */
  retryProviders?(): Promise<number>;
  close(): Promise<void>;
}

export interface ThinkCallOptions {
  /** Remote unless false, as for OpCallOptions. */
  remote?: boolean;
  signal?: AbortSignal;
  /** The model's text as it streams in (the final answer replaces it). */
  onDelta?: (text: string) => void;
}

/**
 * Calls are remote (confined paths, excluded notes invisible) unless `remote` is false: the trust boundary fails
 * closed, so only the plugin's own panes and commands pass `LOCAL`.
 */
export interface OpCallOptions {
  remote?: boolean;
  signal?: AbortSignal;
}

/** The options of a call made by the plugin's own UI (a trusted local surface). */
export const LOCAL = { remote: false } as const satisfies OpCallOptions;

export interface ClientEvents {
  onProgress(p: WorkerEvents['progress']): void;
  onLog(entry: WorkerEvents['log']): void;
  /** A provider's circuit breaker changed state. */
  onProvider?(status: WorkerEvents['provider']): void;
}

export type BrainState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  /** `since`: when the current phase began and how far it was then, for the time-left estimate. */
  | { kind: 'indexing'; phase: string; done: number; total: number; since?: { at: number; done: number } }
  /** `semanticOff`: why the vector arm is not answering (no embedder could be made, its provider fails). */
  | { kind: 'ready'; stats: OpResult<'stats'> | null; lastRun: IndexSummary | null; semanticOff?: string }
  | { kind: 'error'; message: string };

export interface BrainServiceDeps {
  createClient(events: ClientEvents): Promise<BrainClientLike>;
  vaultId: () => string;
  workerSettings: () => WorkerSettings;
  notify: (message: string) => void;
}

export class BrainNotReadyError extends BrainError {
  constructor(message = 'the brain is not open yet') {
    super('brain_not_open', message);
    this.name = 'BrainNotReadyError';
  }
}

export class BrainService {
  private client: BrainClientLike | null = null;
  private opening: Promise<BrainClientLike | null> | null = null;
  private current: BrainState = { kind: 'idle' };
  private readonly listeners = new Set<(s: BrainState) => void>();
  private readonly updateListeners = new Set<(paths: string[]) => void>();
  private lastRun: IndexSummary | null = null;
  readonly logs: WorkerEvents['log'][] = [];
  private openedOps: OpInfo[] = [];
  /** Where the last open's time went (the status view and plugin-bench show it). */
  openTimings: OpenResult['timings'] | null = null;
  /** What keeps semantic search off, by source (see `semanticOff`). */
  private readonly semantic = new SemanticHealth();

  constructor(private readonly deps: BrainServiceDeps) {}

  get state(): BrainState {
    return this.current;
  }

  /** The worker registry's operations, as of the last open (empty until then). */
  get ops(): readonly OpInfo[] {
    return this.openedOps;
  }

  onState(listener: (s: BrainState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the paths of each update or rename once the index has them (live panes re-read then). */
  onUpdated(listener: (paths: string[]) => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  private updated(paths: string[]): void {
    for (const l of [...this.updateListeners]) l(paths);
  }

  /** Opens the brain and brings the index up to date. Resolves when done (or failed: see `state`). */
  start(): Promise<void> {
    this.opening ??= this.openAndIndex();
    return this.opening.then(() => undefined);
  }

  /** Calls an operation, typed by its definition in core (see core/ops/op-map.ts); waits for the brain to open. */
  async op<K extends OpName>(name: K, params: OpInput<K>, options?: OpCallOptions): Promise<OpResult<K>> {
    // The worker runs the very op this type is derived from; the cast is only the postMessage boundary.
    return (await this.opByName(name, params, options)) as OpResult<K>;
  }

  /** Calls an operation named at run time (an MCP tool call); the result is whatever the op returns. */
  async opByName(name: string, params: Record<string, unknown> = {}, options?: OpCallOptions): Promise<unknown> {
    const client = await this.ready();
    return client.op(name, params, options);
  }

  /** Asks the configured model about the notes, streaming its text through `onDelta`. */
  async think(params: ThinkRequest, options: ThinkCallOptions = {}): Promise<OpResult<'think'>> {
    const client = await this.ready();
    if (client.think) return client.think(params, options);
    return this.op('think', { ...params }, { remote: options.remote, signal: options.signal });
  }

  /** Sends the current model settings to the open brain (nothing to do until it is open: open sends them). */
  async configure(): Promise<void> {
    const client = this.client;
    const llm = this.deps.workerSettings().llm;
    if (!client?.configure || !llm) return;
    try {
      await client.configure(llm);
    } catch (err) {
      this.report('warn', `model settings were not applied: ${errorMessage(err)}`);
    }
  }

  async update(paths: string[]): Promise<void> {
    const client = await this.readyOrNull();
    // Not open: the next index run picks the change up.
    if (!client || paths.length === 0) return;
    this.lastRun = await client.update(paths);
    this.updated(paths);
  }

  async rename(from: string, to: string): Promise<void> {
    const client = await this.readyOrNull();
    if (!client) return;
    this.lastRun = await client.rename(from, to);
    this.updated([from, to]);
  }

  /** Re-reads every file. Opens the brain first if an earlier open failed. */
  async rebuild(): Promise<void> {
    if (this.current.kind === 'error' || !this.opening) {
      await this.restart({ full: true });
      return;
    }
    const client = await this.readyOrNull();
    if (!client) return;
    await this.runIndex(client, true);
  }

  /** Closes and reopens (settings that the worker reads at open changed). */
  async restart(options: { full?: boolean } = {}): Promise<void> {
    await this.close();
    this.opening = this.openAndIndex(options.full === true);
    await this.opening;
  }

  /** Flushes and closes the database, stopping the worker. */
  async close(): Promise<void> {
    const opening = this.opening;
    this.opening = null;
    const client = this.client ?? (opening ? await opening.catch(() => null) : null);
    this.client = null;
    if (client) await client.close().catch(() => undefined);
    this.setState({ kind: 'idle' });
  }

  private async ready(): Promise<BrainClientLike> {
    const client = await this.readyOrNull();
    if (!client) throw new BrainNotReadyError(this.current.kind === 'error' ? this.current.message : undefined);
    return client;
  }

  private async readyOrNull(): Promise<BrainClientLike | null> {
    if (this.client) return this.client;
    return this.opening ? this.opening : null;
  }

  private async openAndIndex(full = false): Promise<BrainClientLike | null> {
    this.setState({ kind: 'starting' });
    let client: BrainClientLike | null = null;
    try {
      this.semantic.reset();
      client = await this.deps.createClient({
        onProgress: (p) => this.progress(p),
        onLog: (entry) => this.log(entry),
        onProvider: (status) => this.semanticChanged(this.semantic.breaker(status)),
      });
      const opened = await client.open(this.deps.vaultId(), this.deps.workerSettings());
      this.client = client;
      this.semantic.setup(opened.embedderError);
      this.openedOps = opened.ops;
      this.openTimings = opened.timings;
      if (opened.recovery) this.log({ level: 'warn', message: recoveryNotice(opened.recovery), notify: true });
      else if (opened.needsRebuild) this.deps.notify('Vault Brain: the index was made by another version or is damaged, rebuilding it.');
      // Ops are usable while the first index runs; the opening promise resolves once the client is open.
      void this.runIndex(client, full || opened.needsRebuild).catch(() => undefined);
      return client;
    } catch (err) {
      if (client) await client.close().catch(() => undefined);
      this.client = null;
      this.fail(err, 'could not open the index');
      return null;
    }
  }

  private async runIndex(client: BrainClientLike, full: boolean): Promise<void> {
    this.setState({ kind: 'indexing', phase: 'scan', done: 0, total: 0 });
    try {
      const run = await client.index({ full });
      this.lastRun = run;
      this.semantic.embedRun(run.embed);
      const stats = ((await client.op('stats', {}, LOCAL).catch(() => null)) as OpResult<'stats'> | null);
      if (this.client === client) this.setState(this.withSemantic({ kind: 'ready', stats, lastRun: this.lastRun }));
    } catch (err) {
      if (this.client === client) this.fail(err, 'indexing failed');
    }
  }

  private progress(p: WorkerEvents['progress']): void {
    if (this.current.kind !== 'indexing' && this.current.kind !== 'starting') return;
    if (p.phase === 'done') return;
    const prev = this.current;
    const since = prev.kind === 'indexing' && prev.phase === p.phase && prev.since ? prev.since : { at: Date.now(), done: p.done };
    this.setState({ kind: 'indexing', phase: p.phase, done: p.done, total: p.total, since });
  }

  /** Keeps a worker log line or a plugin-side problem for the status view. */
  report(level: WorkerEvents['log']['level'], message: string): void {
    this.log({ level, message });
  }

  private log(entry: WorkerEvents['log']): void {
    // A damaged index replaced by a fresh one (at open or during a run) is said at once, not only logged.
    if (entry.notify) this.deps.notify(`Vault Brain: ${entry.message}`);
    this.logs.push(entry);
    if (this.logs.length > 200) this.logs.splice(0, this.logs.length - 200);
  }

  private fail(err: unknown, what: string): void {
    const message = `${what}: ${errorText(err)}`;
    this.setState({ kind: 'error', message });
    this.deps.notify(`Vault Brain: ${message}`);
  }

  /**
   * Why semantic search is off now ("the embeddings provider failed 3 times: HTTP 503"), or null when it is on
   * (or no embedder is configured: then there is nothing to turn on).
   */
  get semanticOff(): string | null {
    return this.semantic.reason();
  }

  /**
   * The user's Retry: a provider that failed is asked again at once (its breaker closed, then an index run embeds
   * what is pending); an embedder that could not be set up is set up again (the brain reopens).
   */
  async retrySemantic(): Promise<void> {
    if (this.semantic.needsReopen) {
      await this.restart();
      return;
    }
    const client = await this.readyOrNull();
    if (!client) return;
    await client.retryProviders?.();
    this.semantic.retried();
    this.semanticChanged(true);
    await this.runIndex(client, false);
  }

  private semanticChanged(changed: boolean): void {
    if (changed && this.current.kind === 'ready') this.setState(this.withSemantic(this.current));
  }

  private withSemantic(s: Extract<BrainState, { kind: 'ready' }>): BrainState {
    const { semanticOff: _old, ...rest } = s;
    const reason = this.semantic.reason();
    return reason ? { ...rest, semanticOff: reason } : rest;
  }

  private setState(s: BrainState): void {
    this.current = s;
    for (const l of [...this.listeners]) l(s);
  }
}
