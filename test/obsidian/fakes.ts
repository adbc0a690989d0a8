// An in-memory stand-in for the worker client (Obsidian cannot run here; the real worker has its e2e test).
import type { IndexSummary } from '../../src/core/index/indexer';
import type { BrainClientLike, ClientEvents } from '../../src/obsidian/plugin/brain-service';
import type { IndexResult, OpenResult, WorkerSettings } from '../../src/obsidian/worker/protocol';

export function summary(over: Partial<IndexSummary> = {}): IndexSummary {
  return { scanned: 0, indexed: 0, unchanged: 0, deleted: 0, renamed: 0, skipped: 0, failed: 0, relinked: 0, seconds: 0, rebuilt: false, ...over };
}

export const STATS = { pages: 3, chunks: 9, links: 4, typedLinks: 2, dangling: 1, embeddedByModel: { glove: 9 }, timelineEntries: 0, pagesByType: { person: 1 } };

type OpHandler = (params: Record<string, unknown>) => unknown;

export class FakeClient implements BrainClientLike {
  calls: { method: string; args: unknown[] }[] = [];
  needsRebuild = false;
  failOpen: Error | null = null;
  ops = new Map<string, OpHandler>([['stats', () => STATS]]);
  closed = false;
  events: ClientEvents | null = null;

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
    return { dataDir: `idb://vault-brain-${vaultId}`, needsRebuild: this.needsRebuild, embedderId: 'glove', codeLanguages: [], timings: { decode: 0, compile: 0, database: 0, total: 0 }, ops: [] };
  }

  async index(params: { full?: boolean } = {}): Promise<IndexResult> {
    this.record('index', params);
    this.events?.onProgress({ phase: 'index', done: 1, total: 3 });
    await Promise.resolve();
    return summary({ scanned: 3, indexed: 3, rebuilt: params.full === true });
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

  async close(): Promise<void> {
    this.record('close');
    this.closed = true;
    await Promise.resolve();
  }
}
