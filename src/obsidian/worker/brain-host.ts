// What the worker serves: one Brain (engine + indexer + embedder + code chunker), the operations registry
// over it (think with the configured model streams as call progress). Storage and assets are injected, so the same
// host runs in the worker (OPFS on desktop, IndexedDB on mobile, or a server database through the main thread;
// embedded assets) and in Node tests (memory, package files). Index runs, updates and lifecycle calls run one at a
// time.
import { BrainError, errorMessage } from '../../core/errors';
import type { Brain } from '../../core/brain';
import type { TreeSitterCodeChunker } from '../../core/chunk/code-chunker';
import { assembleBrain } from '../../core/assemble-brain';
import { normalizeBrainSettings } from '../../core/config';
import { BUILTIN_MAX_BATCH, builtinEmbedderId, loadBuiltinEmbedder } from '../../core/embed/builtin-embedder';
import type { Embedder } from '../../core/embed/embedder';
import { parseEmbedderHeader } from '../../core/embed/embedder-asset-format';
import { lazyEmbedder } from '../../core/embed/lazy-embedder';
import type { BrainEngine } from '../../core/engine/brain-engine';
import { damageSummary } from '../../core/engine/integrity';
import { DeferredCheckDamage, openChecked, recoveryNotice, reopenFresh, runDeferredChecks, type OpenCheckedOptions, type StoreRecovery } from '../../core/engine/open-checked';
import type { CleanCloseMarks } from './clean-close-marks';
import { PostgresEngine } from '../../core/engine/postgres/postgres-engine';
import { DEFAULT_SOURCE, validSourceName } from '../../core/engine/sql/sql';
import type { IndexSummary } from '../../core/index/indexer';
import { createRegistry, type BrainRegistry } from '../../core/ops';
import type { FetchLike } from '../../core/think/providers/options';
import { DEFAULT_LLM_SETTINGS, normalizeLlmSettings, type LlmSettings } from '../../core/think/settings';
import {
  databaseName,
  type IndexResult,
  type OpenParams,
  type OpenResult,
  type ThinkDelta,
  type WorkerApi,
  type WorkerEndpoint,
} from '../protocol/worker-api';
import { RemoteNoteWriter } from './remote-note-writer';
import { RemotePgPool } from './remote-pg-pool';
import { RemoteVaultSource } from './remote-vault-source';
import { requestUrlFetch } from './request-url-fetch';
import { throttleProgress } from './progress-throttle';
import type { Handlers } from '../protocol/rpc';

export const EMBEDDER_ASSET = 'embedder-glove100.bin';

export interface OpenedEngine {
  engine: BrainEngine;
  /** Asset decode and wasm compile time spent opening it (ms). */
  timings?: { decode: number; compile: number };
  /** The store actually opened when it is not the `dataDir` asked for (the worker prefers OPFS). */
  dataDir?: string;
  /** Something the user may want to know about the store (a fallback), logged as a warning. */
  warning?: string;
  /** Called once the engine is closed (the worker lets go of the data dir's lock). */
  release?: () => void;
}

export interface OpenEngineOptions {
  /** 'indexeddb' keeps the database in IndexedDB (mobile); 'auto' may pick a faster store the platform has. */
  storage: 'auto' | 'indexeddb';
  /** The source a new store's rows get (the vault's name); a store holding one source keeps its own. */
  defaultSource?: string;
}

export interface BrainHostDeps {
  /** Opens (creating when needed) the database at `dataDir` (`idb://vault-brain-<id>` in the worker). */
  openEngine(dataDir: string, options?: OpenEngineOptions): Promise<OpenedEngine>;
  /**
   * Empties a damaged database at `dataDir` (the store `openEngine` reported) so the next `openEngine` makes a
   * fresh one (the worker copies it aside when it fits a cap, then clears its IndexedDB store or removes its OPFS
   * folder); returns where the copy was kept, or null. Without it (in-memory stores) the closed store is gone.
   */
  discardStore?: (dataDir: string) => Promise<string | null>;
  /** Bytes of the embedded embedder and tree-sitter wasm files; without it there is no embedder or code chunking. */
  loadAsset?: (name: string) => Promise<Uint8Array>;
  /**
   * The first bytes of an asset without decoding it (the embedder's header); with it the built-in embedder is
   * named at open and loaded at its first embed (core/embed/lazy-embedder.ts).
   */
  assetHead?: (name: string) => Uint8Array | null;
  /**
   * Unstreamed provider calls (embeddings, rerank, unstreamed chat); default: the main thread's `requestUrl` over
   * the RPC (request-url-fetch.ts), which no CORS policy stops. Tests pass a spy.
   */
  fetch?: FetchLike;
  /** Streamed chat (think); default: the global fetch (the worker's own, which streams). */
  streamFetch?: FetchLike;
  /**
   * Where a clean close leaves its mark (clean-close-marks.ts); without it every open runs the store checks as
   * after a crash.
   */
  cleanClose?: CleanCloseMarks;
  now?: () => number;
}

/**
 * An existing store failed to open: damage to heal at `dataDir`, which may differ from the data dir asked for
 * (the desktop worker keeps the store in OPFS), so the host discards the store that failed, not the one named.
 */
export class StoreOpenError extends Error {
  constructor(
    readonly dataDir: string,
    cause: unknown,
  ) {
    super(errorMessage(cause), { cause });
    this.name = 'StoreOpenError';
  }
}

export class BrainNotOpenError extends BrainError {
  constructor() {
    super('brain_not_open', 'the brain is not open');
    this.name = 'BrainNotOpenError';
  }
}

interface Opened {
  brain: Brain;
  chunker: TreeSitterCodeChunker | null;
  /** Lets go of the store the brain's engine is on (current, as a replaced store brings its own). */
  release: () => void;
  /** Records a clean close of the store the brain is on now (after its engine closed, before release); none for a server. */
  markClean: (() => Promise<void>) | null;
}

export class BrainHost {
  private rpc: WorkerEndpoint | null = null;
  private vaultSource: RemoteVaultSource | null = null;
  private opened: Opened | null = null;
  /** Read per question, so `configure` applies to the next one. */
  private llm: LlmSettings = DEFAULT_LLM_SETTINGS;
  /** Rebuilt at each open: the write ops exist only when the plugin serves writes (`OpenParams.writable`). */
  private registry: BrainRegistry;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  /** Provider requests: the injected fetch, else requestUrl on the main thread (read at call time: `attach` comes later). */
  private readonly providerFetch: FetchLike;
  private readonly streamFetch: FetchLike;
  /** Unsubscribes from the open brain's breaker changes. */
  private unwatchHealth: (() => void) | null = null;

  constructor(private readonly deps: BrainHostDeps) {
    this.now = deps.now ?? (() => performance.now());
    this.providerFetch =
      deps.fetch ??
      requestUrlFetch(() => {
        if (!this.rpc) throw new Error('BrainHost.attach() was not called');
        return this.rpc;
      });
    this.streamFetch = deps.streamFetch ?? ((input, init) => globalThis.fetch(input, init));
    this.registry = this.createRegistry(null);
  }

  /** The endpoint the host calls back on (vault reads) and emits progress to. */
  attach(rpc: WorkerEndpoint): void {
    this.rpc = rpc;
    this.vaultSource = null;
  }

  get brain(): Brain | null {
    return this.opened?.brain ?? null;
  }

  handlers(): Handlers<WorkerApi> {
    return {
      open: (p) => this.serial(() => this.open(p)),
      index: (p, ctx) => this.serial(() => this.requireBrain().index({ full: p.full, signal: ctx.signal }) as Promise<IndexResult>),
      // The files' stats and bytes came with the change: answered from memory for the length of the call.
      update: (p) => this.serial(() => this.source.withPushed(p.files, () => this.requireBrain().updatePaths(validPaths(p.paths)))),
      rename: (p) => this.serial(() => this.source.withPushed(p.files, () => this.rename(p.from, p.to))),
      op: (p, ctx) => {
        // `remote` unset is a remote call (the registry fails closed); `stream` sends think's text as call progress.
        const onDelta = p.stream ? (text: string): void => ctx.progress({ text } satisfies ThinkDelta) : undefined;
        // Guarded like the CLI's and MCP's calls: damage first met by a read (a search) heals the store too.
        const run = (): Promise<unknown> => {
          const brain = this.requireBrain();
          return brain.guard(() => this.registry.callByName(p.name, p.params ?? {}, { brain, remote: p.remote, signal: ctx.signal, onDelta }));
        };
        // Reads run alongside indexing (PGlite orders the queries); writes wait their turn, and the note a write
        // op wrote comes back with the plugin's answer (held by the source until the op ends).
        return this.registry.scopeOf(p.name, p.params ?? {}) === 'write' ? this.serial(() => this.source.withPushed([], run)) : run();
      },
      configure: (p) => {
        this.llm = normalizeLlmSettings(p?.llm);
      },
      providers: () => this.opened?.brain.health.list() ?? [],
      retryProviders: () => this.opened?.brain.health.reset() ?? 0,
      close: () => this.serial(() => this.close()),
    };
  }

  private createRegistry(rpc: WorkerEndpoint | null): BrainRegistry {
    return createRegistry({ llm: () => this.llm, fetch: this.providerFetch, streamFetch: this.streamFetch, writer: rpc ? new RemoteNoteWriter(rpc, this.source) : undefined });
  }

  /** The vault as the worker sees it (one per endpoint: it holds the files pushed with the call being run). */
  private get source(): RemoteVaultSource {
    if (!this.rpc) throw new Error('BrainHost.attach() was not called');
    this.vaultSource ??= new RemoteVaultSource(this.rpc);
    return this.vaultSource;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private requireBrain(): Brain {
    if (!this.opened) throw new BrainNotOpenError();
    return this.opened.brain;
  }

  private async open({ vaultId, settings, writable }: OpenParams): Promise<OpenResult> {
    if (!this.rpc) throw new Error('BrainHost.attach() was not called');
    const start = this.now();
    await this.close();
    this.registry = this.createRegistry(writable === true ? this.rpc : null);
    this.llm = normalizeLlmSettings(settings.llm);
    const name = databaseName(vaultId);
    const requested = `idb://${name}`;
    let dataDir = requested;
    const marks = settings.serverDatabase ? undefined : this.deps.cleanClose;
    // Taken before the store opens, so a session that crashes leaves no mark (the next open checks everything).
    // An unreadable mark is no mark.
    let markedAt = marks ? await marks.take(name).catch(() => null) : null;
    /** The store opened is the one the last clean close marked (not a fresh or replacement store). */
    let clean = false;
    const dbStart = this.now();
    let timings: OpenedEngine['timings'];
    /** When the last store open returned: what follows until openChecked returns is its checks. */
    let openedAt = dbStart;
    let release: () => void = () => undefined;
    // Every open checks the store; one that fails to open (a wasm abort included) or fails the checks is emptied
    // and rebuilt from the notes by the first index run, with a notice.
    const store: OpenCheckedOptions = {
      // The heap scans read every page of the store (seconds at 10k notes): they run after the open returns, and
      // not at all after a clean close, when the rest of the checks run after the open too (0.9 s at 10k notes).
      // Damage they cannot see is met by the first query that fails on it, which replaces the store (Brain.guard).
      checksAtOpen: () => (clean ? 'none' : 'open'),
      open: async () => {
        // Only the first open can be of the marked store: any later one opens a fresh store in place of a damaged one.
        const marked = markedAt;
        markedAt = null;
        clean = false;
        let opened: OpenedEngine;
        try {
          opened = await this.deps.openEngine(requested, { storage: settings.storage ?? 'auto', defaultSource: settings.vaultName });
        } catch (err) {
          if (err instanceof StoreOpenError) dataDir = err.dataDir;
          throw err;
        }
        timings = opened.timings;
        openedAt = this.now();
        dataDir = opened.dataDir ?? requested;
        clean = marked !== null && marked === dataDir;
        release = opened.release ?? (() => undefined);
        if (opened.warning) this.rpc?.emit('log', { level: 'warn', message: opened.warning });
        return opened.engine;
      },
      // The damaged engine is closed by then; its store's lock goes before the store does.
      discard: async () => {
        release();
        return (await this.deps.discardStore?.(dataDir)) ?? null;
      },
    };
    let engine: BrainEngine;
    let recovery: StoreRecovery | null = null;
    if (settings.serverDatabase) {
      ({ engine, location: dataDir } = await this.openServer(settings.vaultName));
      openedAt = this.now();
    } else {
      ({ engine, recovery } = await openChecked(store));
    }
    const checksAfter = settings.serverDatabase ? 'server' : clean ? 'open' : 'scans';
    const checks = this.now() - openedAt;
    const database = this.now() - dbStart - (timings ? timings.decode + timings.compile : 0);
    let chunker: TreeSitterCodeChunker | null = null;
    try {
      const rpc = this.rpc;
      const load = this.deps.loadAsset;
      const { brain, embedder, codeChunker, embedderError } = await assembleBrain({
        engine,
        settings: normalizeBrainSettings(settings),
        configDir: settings.configDir,
        source: () => this.source,
        ...(load ? { loadBuiltinEmbedder: () => this.builtinEmbedder(load), loadWasm: load } : {}),
        fetch: this.providerFetch,
        // A misconfigured or unavailable embedder turns the vector arm off, failed code chunking indexes notes
        // without code splitting: the brain opens either way, with a warning.
        onWarning: (message) => rpc.emit('log', { level: 'warn', message }),
        // Per file from the indexer: forwarded a few times a second (progress-throttle.ts), not per file.
        onProgress: throttleProgress((p) => rpc.emit('progress', p), this.now),
        // Panes search while the first index runs: every note is findable by name from the start.
        provisionalPages: true,
        // Damage the open checks could not see surfaces as an error during a run: the store is replaced there. A
        // server brain is never replaced by a client (others use it): the error is reported as it is.
        ...(settings.serverDatabase
          ? {}
          : {
              replaceStore: async (reason: string, damaged: BrainEngine) => {
                await damaged.close().catch(() => undefined);
                const fresh = await reopenFresh(store, reason);
                rpc.emit('log', { level: 'warn', message: recoveryNotice(fresh.recovery), notify: true });
                return fresh.engine;
              },
            }),
      });
      chunker = codeChunker;
      this.opened = { brain, chunker, release: () => release(), markClean: marks ? () => marks.put(name, dataDir) : null };
      // The status bar and view say when a provider's breaker opens ("semantic search off") and closes.
      this.unwatchHealth = brain.health.onChange((status) => rpc.emit('provider', status));
      this.checkAfterOpen(brain, checksAfter);
      return {
        dataDir,
        needsRebuild: engine.openState.needsRebuild,
        recovery,
        cleanClose: clean,
        embedderId: embedder?.id ?? null,
        ...(embedderError !== undefined ? { embedderError } : {}),
        codeLanguages: codeChunker?.loadedLanguages() ?? [],
        timings: { decode: timings?.decode ?? 0, compile: timings?.compile ?? 0, database, checks, total: this.now() - start },
        ops: this.registry.list().map((o) => ({ name: o.name, description: o.description, scope: o.scope, params: o.params })),
      };
    } catch (err) {
      chunker?.dispose();
      await engine.close();
      release();
      throw err;
    }
  }

  /**
   * A brain on the PostgreSQL server the user configured: the engine is the CLI's, its connections the main
   * thread's (RemotePgPool), bound to the vault's source. Its checks run after the open (checkAfterOpen).
   */
  private async openServer(vaultName: string | undefined): Promise<{ engine: BrainEngine; location: string }> {
    const rpc = this.rpc!;
    const source = validSourceName(vaultName ?? DEFAULT_SOURCE);
    const pool = new RemotePgPool(rpc);
    const location = await pool.open(source);
    const engine = await PostgresEngine.open({ pool, source, location });
    return { engine, location };
  }

  /**
   * The built-in embedder, lazy when the asset's header can be read without decoding it: decoding and parsing the
   * 3.3 MB asset was 0.2-0.3 s of every open (worker profile, load 6-9), and a warm open with nothing to embed
   * never needs it; the first search or embedding loads it.
   */
  private async builtinEmbedder(load: (name: string) => Promise<Uint8Array>): Promise<Embedder> {
    const full = async (): Promise<Embedder> => loadBuiltinEmbedder(await load(EMBEDDER_ASSET));
    const head = this.deps.assetHead?.(EMBEDDER_ASSET) ?? null;
    if (!head) return full();
    const header = parseEmbedderHeader(head);
    return lazyEmbedder({ id: builtinEmbedderId(header), dims: header.dims, maxBatch: BUILTIN_MAX_BATCH, local: true }, full);
  }

  /**
   * The checks the open left out, queued behind the open and ahead of the first index run; searches answer
   * meanwhile. Runs at most once per open, on the brain it was started for.
   * - `scans` (no clean-close mark: a first open, or the last session crashed): the heap scans.
   * - `open` (the store was closed clean): the stamps, status rows and sampled digests; no heap scans.
   * Damage they find replaces and rebuilds the store through `Brain.guard`, with the same notice as damage met
   * during a run.
   * - `server`: the embedded store's `open` checks without their remedy: damage is said, never acted on by
   *   discarding a database others use; stale notes are re-indexed. Run over the main thread's connections, they
   *   were ~1 s of every open at 10k notes.
   */
  private checkAfterOpen(brain: Brain, mode: 'scans' | 'open' | 'server'): void {
    const rpc = this.rpc;
    void this.serial(async () => {
      if (this.opened?.brain !== brain) return;
      if (mode !== 'server') {
        await brain.guard(() => runDeferredChecks(brain.engine, mode));
        return;
      }
      try {
        await runDeferredChecks(brain.engine, 'open');
      } catch (err) {
        if (!(err instanceof DeferredCheckDamage)) throw err;
        rpc?.emit('log', { level: 'warn', notify: true, message: `the server database looks damaged (${damageSummary(err.report)}); \`vault-brain doctor\` re-indexes it in place` });
      }
    }).catch((err: unknown) => rpc?.emit('log', { level: 'warn', message: `store checks after open failed: ${errorMessage(err)}` }));
  }

  private async rename(from: string, to: string): Promise<IndexSummary> {
    const [a, b] = validPaths([from, to]);
    return this.requireBrain().rename(a!, b!);
  }

  private async close(): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    this.opened = null;
    this.unwatchHealth?.();
    this.unwatchHealth = null;
    opened.chunker?.dispose();
    try {
      await opened.brain.engine.close();
      // Only after a close without error, and before the store's lock goes (the next worker takes the mark).
      await opened.markClean?.().catch((err: unknown) => this.rpc?.emit('log', { level: 'warn', message: `the clean close was not recorded: ${errorMessage(err)}` }));
    } finally {
      opened.release();
    }
  }
}

function validPaths(paths: unknown): string[] {
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string' || p.length === 0 || p.length > 4096)) {
    throw new TypeError('paths must be non-empty strings');
  }
  return paths as string[];
}

