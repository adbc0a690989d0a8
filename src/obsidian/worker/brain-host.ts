// What the worker serves: one Brain (engine + indexer + embedder + code chunker) and the operations registry
// over it. Storage and assets are injected, so the same host runs in the worker (IndexedDB, embedded assets)
// and in Node tests (memory, package files). Index runs, updates and lifecycle calls run one at a time.
import { Brain } from '../../core/brain';
import { createCodeChunker, type TreeSitterCodeChunker } from '../../core/chunk/code-chunker';
import { loadBuiltinEmbedder } from '../../core/embed/builtin-embedder';
import type { Embedder } from '../../core/embed/embedder';
import type { BrainEngine } from '../../core/engine/brain-engine';
import type { IndexSummary } from '../../core/index/indexer';
import { defaultRules, PathFilter } from '../../core/index/path-rules';
import { createRegistry } from '../../core/ops';
import type { OpRegistry } from '../../core/ops/registry';
import { databaseName, type IndexResult, type OpenParams, type OpenResult, type WorkerApi, type WorkerEndpoint } from './protocol';
import { RemoteVaultSource } from './remote-vault-source';
import type { Handlers } from './rpc';

export const EMBEDDER_ASSET = 'embedder-glove100.bin';

export interface OpenedEngine {
  engine: BrainEngine;
  /** Asset decode and wasm compile time spent opening it (ms). */
  timings?: { decode: number; compile: number };
}

export interface BrainHostDeps {
  /** Opens (creating when needed) the database at `dataDir` (`idb://vault-brain-<id>` in the worker). */
  openEngine(dataDir: string): Promise<OpenedEngine>;
  /** Bytes of the embedded embedder and tree-sitter wasm files; without it there is no embedder or code chunking. */
  loadAsset?: (name: string) => Promise<Uint8Array>;
  now?: () => number;
}

export class BrainNotOpenError extends Error {
  constructor() {
    super('the brain is not open');
    this.name = 'BrainNotOpenError';
  }
}

interface Opened {
  brain: Brain;
  chunker: TreeSitterCodeChunker | null;
}

export class BrainHost {
  private rpc: WorkerEndpoint | null = null;
  private opened: Opened | null = null;
  private readonly registry: OpRegistry<Brain> = createRegistry();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly deps: BrainHostDeps) {
    this.now = deps.now ?? (() => performance.now());
  }

  /** The endpoint the host calls back on (vault reads) and emits progress to. */
  attach(rpc: WorkerEndpoint): void {
    this.rpc = rpc;
  }

  get brain(): Brain | null {
    return this.opened?.brain ?? null;
  }

  handlers(): Handlers<WorkerApi> {
    return {
      open: (p) => this.serial(() => this.open(p)),
      index: (p, ctx) => this.serial(() => this.requireBrain().index({ full: p.full, signal: ctx.signal }) as Promise<IndexResult>),
      update: (p) => this.serial(() => this.requireBrain().indexer.updatePaths(validPaths(p.paths))),
      rename: (p) => this.serial(() => this.rename(p.from, p.to)),
      op: (p, ctx) => {
        const run = (): Promise<unknown> =>
          this.registry.call(p.name, p.params ?? {}, { brain: this.requireBrain(), remote: p.remote === true, signal: ctx.signal });
        // Reads run alongside indexing (PGlite orders the queries); writes wait their turn.
        return this.registry.get(p.name)?.scope === 'write' ? this.serial(run) : run();
      },
      close: () => this.serial(() => this.close()),
    };
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

  private async open({ vaultId, settings }: OpenParams): Promise<OpenResult> {
    if (!this.rpc) throw new Error('BrainHost.attach() was not called');
    const start = this.now();
    await this.close();
    const dataDir = `idb://${databaseName(vaultId)}`;
    const dbStart = this.now();
    const { engine, timings } = await this.deps.openEngine(dataDir);
    const database = this.now() - dbStart - (timings ? timings.decode + timings.compile : 0);
    let chunker: TreeSitterCodeChunker | null = null;
    try {
      const [embedder, codeChunker] = await Promise.all([
        settings.embedder === 'builtin' ? this.loadEmbedder() : Promise.resolve(null),
        settings.codeChunking ? this.loadCodeChunker() : Promise.resolve(null),
      ]);
      chunker = codeChunker;
      const rules = defaultRules(settings.configDir);
      const filter = new PathFilter({ include: settings.include, exclude: [...rules.exclude, ...settings.exclude] }, settings.extensions);
      const rpc = this.rpc;
      const brain = new Brain({
        engine,
        source: new RemoteVaultSource(rpc),
        filter,
        embedder,
        codeChunker: codeChunker ?? undefined,
        maxFileBytes: settings.maxFileBytes,
        batchSize: settings.batchSize,
        onProgress: (p) => rpc.emit('progress', p),
      });
      this.opened = { brain, chunker };
      return {
        dataDir,
        needsRebuild: engine.openState.needsRebuild,
        embedderId: embedder?.id ?? null,
        codeLanguages: codeChunker?.loadedLanguages() ?? [],
        timings: { decode: timings?.decode ?? 0, compile: timings?.compile ?? 0, database, total: this.now() - start },
        ops: this.registry.list().map((o) => ({ name: o.name, description: o.description, scope: o.scope, params: o.params })),
      };
    } catch (err) {
      chunker?.dispose();
      await engine.close();
      throw err;
    }
  }

  private async loadEmbedder(): Promise<Embedder | null> {
    if (!this.deps.loadAsset) return null;
    return loadBuiltinEmbedder(await this.deps.loadAsset(EMBEDDER_ASSET));
  }

  private async loadCodeChunker(): Promise<TreeSitterCodeChunker | null> {
    const load = this.deps.loadAsset;
    if (!load) return null;
    try {
      return await createCodeChunker({ loadWasm: load });
    } catch (err) {
      // Notes index without code splitting rather than not at all.
      this.rpc?.emit('log', { level: 'warn', message: `code chunking unavailable: ${errorMessage(err)}` });
      return null;
    }
  }

  private async rename(from: string, to: string): Promise<IndexSummary> {
    const [a, b] = validPaths([from, to]);
    return this.requireBrain().indexer.rename(a!, b!);
  }

  private async close(): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    this.opened = null;
    opened.chunker?.dispose();
    await opened.brain.engine.close();
  }
}

function validPaths(paths: unknown): string[] {
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string' || p.length === 0 || p.length > 4096)) {
    throw new TypeError('paths must be non-empty strings');
  }
  return paths as string[];
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
