// The brain: one object that every surface (CLI, plugin worker, MCP) holds. It owns the engine, the indexer
// and the embedder, and enforces the remote trust boundary; operations call into it.
import type { BrainEngine } from './engine/brain-engine';
import { BrainError, errorMessage } from './errors';
import { isStoreDamage } from './engine/store-damage';
import type { CodeChunker } from './chunk/chunk-note';
import type { Embedder } from './embed/embedder';
import { runEmbeddingQueue, type EmbedQueueResult } from './embed/embed-queue';
import { Indexer, type IndexProgress, type IndexSummary } from './index/indexer';
import type { ParsePoolFactory } from './index/parse-pool';
import type { PathFilter } from './index/path-rules';
import type { VaultSource } from './index/vault-source';
import { ProviderHealth } from './net/circuit-breaker';
import { findNoteByName } from './note/note-name';
import { NoteNotFoundError } from './note-not-found';

export { NoteNotFoundError };

/** A search named a source this brain cannot read (not stored, or the surface opens no other source). */
export class SourceUnavailableError extends BrainError {
  constructor(message: string) {
    super('source_unavailable', message);
    this.name = 'SourceUnavailableError';
  }
}

export interface BrainOptions {
  engine: BrainEngine;
  source: VaultSource;
  filter: PathFilter;
  embedder?: Embedder | null;
  codeChunker?: CodeChunker;
  maxFileBytes?: number;
  batchSize?: number;
  onProgress?: (p: IndexProgress | EmbedProgress) => void;
  /**
   * Replaces a store found damaged during a run (an error `isStoreDamage` names): discards it, opens a fresh
   * one and tells the user. Without it such errors are thrown as they are.
   */
  replaceStore?: (reason: string, damaged: BrainEngine) => Promise<BrainEngine>;
  /** The circuit breakers of the brain's providers (embeddings, chat, rerank); one is made when absent. */
  health?: ProviderHealth;
  /**
   * An engine on another source (vault) of the same database, for searches that span sources; the surface owns
   * and closes what it opens. Absent: only the brain's own source can be read (an embedded store).
   */
  openSource?: (name: string) => Promise<BrainEngine>;
  /** See IndexerOptions.provisionalPages: for a surface that searches while its first index runs (the plugin). */
  provisionalPages?: boolean;
  /** See IndexerOptions.parsePool: parse workers for a large run (Node: node/parse-pool.ts). */
  parsePool?: ParsePoolFactory;
}

export interface EmbedProgress {
  phase: 'embed';
  done: number;
  total: number;
}

export class Brain {
  readonly source: VaultSource;
  readonly filter: PathFilter;
  embedder: Embedder | null;
  readonly health: ProviderHealth;
  private store: BrainEngine;
  private indexerOfStore: Indexer;
  private readonly options: BrainOptions;
  private readonly onProgress?: BrainOptions['onProgress'];
  /** A store replacement under way: calls wait for it instead of using the damaged store. */
  private replacing: Promise<void> | null = null;

  constructor(options: BrainOptions) {
    this.options = options;
    this.store = options.engine;
    this.source = options.source;
    this.filter = options.filter;
    this.embedder = options.embedder ?? null;
    this.health = options.health ?? new ProviderHealth();
    this.onProgress = options.onProgress;
    this.indexerOfStore = this.createIndexer(options.engine);
  }

  /** The current store (a new one after a damaged store was replaced). */
  get engine(): BrainEngine {
    return this.store;
  }

  get indexer(): Indexer {
    return this.indexerOfStore;
  }

  /** Indexes what changed, then embeds new or changed chunks (when an embedder is configured). */
  async index(options: { full?: boolean; signal?: AbortSignal } = {}): Promise<IndexSummary & { embed?: EmbedQueueResult }> {
    // The run itself fills a replaced store, so the replacement does not index first; the retry is a full run.
    let replaced = false;
    const summary = await this.guard(
      () => this.indexer.run(replaced ? { ...options, full: true } : options),
      { reindex: false, onReplaced: () => void (replaced = true) },
    );
    if (replaced) summary.rebuilt = true;
    const embed = this.embedder && !options.signal?.aborted ? await this.embed(options.signal) : undefined;
    // The run's dirty pages (indexes built at its end included) are written now: otherwise the first edit after
    // it paid for that checkpoint (seconds after a 2k-note first index in the plugin, where each page is an OPFS call).
    if (summary.indexed + summary.deleted + summary.renamed > 0 || (embed?.embedded ?? 0) > 0) await this.guard(() => this.engine.flush({ checkpoint: true }));
    return embed === undefined ? summary : { ...summary, embed };
  }

  /** Applies file events (created, modified, deleted paths). */
  updatePaths(paths: string[]): Promise<IndexSummary> {
    return this.guard(() => this.indexer.updatePaths(paths));
  }

  /** A rename reported by the app: keeps rows and embeddings. */
  rename(from: string, to: string): Promise<IndexSummary> {
    return this.guard(() => this.indexer.rename(from, to));
  }

  async embed(signal?: AbortSignal): Promise<EmbedQueueResult | undefined> {
    if (!this.embedder) return undefined;
    const embedder = this.embedder;
    return this.guard(async () => {
      const result = await runEmbeddingQueue({
        store: this.engine,
        embedder,
        signal,
        onProgress: (p) => this.onProgress?.({ phase: 'embed', done: p.done, total: p.total }),
      });
      await this.engine.flush();
      return result;
    });
  }

  /**
   * Runs `fn` against the store; when it fails with damage (a corrupt page, a broken invariant, a wasm abort)
   * the store is replaced by a fresh one, re-indexed from the notes (unless `reindex` is false), and `fn` runs
   * once more. A second failure is thrown: a fresh store that fails too is no damage, and is never looped on.
   */
  async guard<T>(fn: () => Promise<T>, options: { reindex?: boolean; onReplaced?: () => void } = {}): Promise<T> {
    if (this.replacing) await this.replacing;
    const used = this.store;
    try {
      return await fn();
    } catch (e) {
      if (!this.options.replaceStore || !isStoreDamage(e)) throw e;
      // Concurrent calls that hit the same damage share one replacement.
      if (this.store === used) {
        this.replacing ??= this.replace(`damage found while in use: ${errorMessage(e)}`, options.reindex ?? true).finally(() => {
          this.replacing = null;
        });
      }
      if (this.replacing) await this.replacing;
      options.onReplaced?.();
      return fn();
    }
  }

  private async replace(reason: string, reindex: boolean): Promise<void> {
    const damaged = this.store;
    this.store = await this.options.replaceStore!(reason, damaged);
    this.indexerOfStore = this.createIndexer(this.store);
    if (!reindex) return;
    await this.indexer.run({ full: true });
    if (this.embedder) {
      await runEmbeddingQueue({ store: this.store, embedder: this.embedder });
      await this.store.flush();
    }
  }

  private createIndexer(store: BrainEngine): Indexer {
    const o = this.options;
    return new Indexer({
      store,
      source: o.source,
      filter: o.filter,
      codeChunker: o.codeChunker,
      maxFileBytes: o.maxFileBytes,
      batchSize: o.batchSize,
      embedder: () => this.embedder,
      provisionalPages: o.provisionalPages,
      parsePool: o.parsePool,
      onProgress: (p) => this.onProgress?.(p),
    });
  }

  /**
   * The engine of a source (vault) of this brain's database, by name: its own engine for its own source, else one
   * the surface opens on the same database (SourceUnavailableError when it cannot, or no such source is stored).
   */
  async sourceEngine(name: string): Promise<BrainEngine> {
    if (name === this.engine.source) return this.engine;
    const stored = await this.engine.sources();
    if (!stored.some((s) => s.source === name)) {
      throw new SourceUnavailableError(`no source "${name}" in this database (it holds ${stored.map((s) => JSON.stringify(s.source)).join(', ')})`);
    }
    if (!this.options.openSource) throw new SourceUnavailableError(`this brain can only read its own source ("${this.engine.source}")`);
    return this.options.openSource(name);
  }

  /** The vault path of the note a person named (path, path without .md, basename, title or alias). */
  async resolveNote(name: string): Promise<string> {
    // Most callers pass an exact path: one row lookup instead of loading every page's names.
    const trimmed = name.trim();
    for (const candidate of trimmed.toLowerCase().endsWith('.md') ? [trimmed] : [`${trimmed}.md`, trimmed]) {
      if (await this.engine.getPage(candidate)) return candidate;
    }
    const pages = await this.engine.listPages({});
    const hit = findNoteByName(name, pages);
    if (hit.path === null) throw new NoteNotFoundError(name, hit.suggestions);
    return hit.path;
  }
}
