// An in-memory stand-in for the worker client (Obsidian cannot run here; the real worker has its e2e test).
import type { StoreRecovery } from '../../src/core/engine/open-checked';
import type { IndexSummary } from '../../src/core/index/indexer';
import type { LlmSettings } from '../../src/core/think/settings';
import type { BrainClientLike, ClientEvents, ThinkCallOptions } from '../../src/obsidian/plugin/brain-service';
import type { ThinkResponse } from '../../src/obsidian/plugin/op-results';
import type { IndexResult, OpenResult, ThinkRequest, WorkerSettings } from '../../src/obsidian/protocol/worker-api';

export function summary(over: Partial<IndexSummary> = {}): IndexSummary {
  return { scanned: 0, indexed: 0, unchanged: 0, deleted: 0, renamed: 0, skipped: 0, failed: 0, relinked: 0, seconds: 0, rebuilt: false, ...over };
}

export const STATS = { pages: 3, chunks: 9, links: 4, typedLinks: 2, dangling: 1, embeddedByModel: { glove: 9 }, timelineEntries: 0, pagesByType: { person: 1 } };

type OpHandler = (params: Record<string, unknown>) => unknown;

/** Plays the worker's side of a streamed think: `emit` is the model text arriving, the result is the final answer. */
export type ThinkHandler = (params: ThinkRequest, emit: (text: string) => void, signal: AbortSignal | undefined) => Promise<ThinkResponse>;

/** A think result with every field the op returns; tests override what they look at. */
export function thinkResult(over: Partial<ThinkResponse> = {}): ThinkResponse {
  return {
    question: 'q',
    answer: '- The notes say so. [[People/Alice Chen|Alice Chen]]',
    claims: [{ text: 'The notes say so.', citations: [{ path: 'People/Alice Chen.md', title: 'Alice Chen', line: 1, n: 1 }] }],
    citations: [{ path: 'People/Alice Chen.md', line: 1, title: 'Alice Chen' }],
    gaps: [],
    model: 'openai:test-model',
    sentToProvider: ['People/Alice Chen.md'],
    droppedCitations: 0,
    withheld: [],
    warnings: [],
    agentWritten: [],
    excerpts: [],
    markdown: '',
    ...over,
  };
}

export class FakeClient implements BrainClientLike {
  calls: { method: string; args: unknown[] }[] = [];
  needsRebuild = false;
  /** What the worker reports when the stored index was damaged and replaced at open. */
  recovery: StoreRecovery | null = null;
  failOpen: Error | null = null;
  ops = new Map<string, OpHandler>([['stats', () => STATS]]);
  closed = false;
  events: ClientEvents | null = null;
  /** Set to stream; unset, think answers through the `think` op like a client without streaming. */
  thinkHandler: ThinkHandler | null = null;
  /** What open says when the configured embedder could not be set up. */
  embedderError: string | undefined;
  /** The `embed` part of each index run's result (the worker's embedding queue outcome). */
  embedResult: IndexResult['embed'];

  private record(method: string, ...args: unknown[]): void {
    this.calls.push({ method, args });
  }

  callsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  async open(vaultId: string, settings: WorkerSettings): Promise<OpenResult> {
    this.record('open', vaultId, settings);
    await Promise.resolve();
    if (this.failOpen) throw this.failOpen;
    return {
      dataDir: `idb://vault-brain-${vaultId}`,
      needsRebuild: this.needsRebuild,
      embedderId: this.embedderError ? null : 'glove',
      ...(this.embedderError ? { embedderError: this.embedderError } : {}),
      codeLanguages: [],
      timings: { decode: 0, compile: 0, database: 0, total: 0 },
      ops: [],
      recovery: this.recovery,
    };
  }

  async index(params: { full?: boolean } = {}): Promise<IndexResult> {
    this.record('index', params);
    this.events?.onProgress({ phase: 'index', done: 1, total: 3 });
    await Promise.resolve();
    return { ...summary({ scanned: 3, indexed: 3, rebuilt: params.full === true }), ...(this.embedResult ? { embed: this.embedResult } : {}) };
  }

  async update(paths: string[]): Promise<IndexSummary> {
    this.record('update', [...paths]);
    await Promise.resolve();
    return summary({ indexed: paths.length });
  }

  async rename(from: string, to: string): Promise<IndexSummary> {
    this.record('rename', from, to);
    await Promise.resolve();
    return summary({ renamed: 1 });
  }

  async op<R>(name: string, params: Record<string, unknown> = {}): Promise<R> {
    this.record('op', name, params);
    await Promise.resolve();
    const handler = this.ops.get(name);
    if (!handler) throw new Error(`unknown operation "${name}"`);
    return (await handler(params)) as R;
  }

  async think(params: ThinkRequest, options: ThinkCallOptions = {}): Promise<ThinkResponse> {
    this.record('think', params);
    if (!this.thinkHandler) return this.op<ThinkResponse>('think', { ...params });
    return this.thinkHandler(params, (text) => options.onDelta?.(text), options.signal);
  }

  async retryProviders(): Promise<number> {
    this.record('retryProviders');
    await Promise.resolve();
    return 1;
  }

  async configure(llm: LlmSettings): Promise<void> {
    this.record('configure', llm);
    await Promise.resolve();
  }

  async close(): Promise<void> {
    this.record('close');
    this.closed = true;
    await Promise.resolve();
  }
}
