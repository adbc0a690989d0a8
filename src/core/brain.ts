// The brain: one object that every surface (CLI, plugin worker, MCP) holds. It owns the engine, the indexer
// and the embedder, and enforces the remote trust boundary; operations call into it.
import type { BrainEngine } from './engine/brain-engine';
import type { CodeChunker } from './chunk/chunk-note';
import type { Embedder } from './embed/embedder';
import { runEmbeddingQueue, type EmbedQueueResult } from './embed/embed-queue';
import { Indexer, type IndexProgress, type IndexSummary } from './index/indexer';
import type { PathFilter } from './index/path-rules';
import type { VaultSource } from './index/vault-source';
import { findNoteByName } from './note/note-name';
import { NoteNotFoundError } from './note-not-found';

export { NoteNotFoundError };

export interface BrainOptions {
  engine: BrainEngine;
  source: VaultSource;
  filter: PathFilter;
  embedder?: Embedder | null;
  codeChunker?: CodeChunker;
  maxFileBytes?: number;
  batchSize?: number;
  onProgress?: (p: IndexProgress | EmbedProgress) => void;
}

export interface EmbedProgress {
  phase: 'embed';
  done: number;
  total: number;
}

export class Brain {
  readonly engine: BrainEngine;
  readonly source: VaultSource;
  readonly filter: PathFilter;
  readonly indexer: Indexer;
  embedder: Embedder | null;
  private readonly onProgress?: BrainOptions['onProgress'];

  constructor(options: BrainOptions) {
    this.engine = options.engine;
    this.source = options.source;
    this.filter = options.filter;
    this.embedder = options.embedder ?? null;
    this.onProgress = options.onProgress;
    this.indexer = new Indexer({
      store: options.engine,
      source: options.source,
      filter: options.filter,
      codeChunker: options.codeChunker,
      maxFileBytes: options.maxFileBytes,
      batchSize: options.batchSize,
      onProgress: (p) => this.onProgress?.(p),
    });
  }

  /** Indexes what changed, then embeds new or changed chunks (when an embedder is configured). */
  async index(options: { full?: boolean; signal?: AbortSignal } = {}): Promise<IndexSummary & { embed?: EmbedQueueResult }> {
    const summary = await this.indexer.run(options);
    if (!this.embedder || options.signal?.aborted) return summary;
    return { ...summary, embed: await this.embed(options.signal) };
  }

  async embed(signal?: AbortSignal): Promise<EmbedQueueResult | undefined> {
    if (!this.embedder) return undefined;
    const result = await runEmbeddingQueue({
      store: this.engine,
      embedder: this.embedder,
      signal,
      onProgress: (p) => this.onProgress?.({ phase: 'embed', done: p.done, total: p.total }),
    });
    await this.engine.flush();
    return result;
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
