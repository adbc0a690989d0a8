// The Node parse pool (core/index/parse-pool.ts): worker_threads running dist/parse-worker.cjs, the bundle built
// beside the CLI's (esbuild.config.mjs; bench/lib.mjs beside the benches' library). Where that file is missing
// (tests running the TypeScript sources) the factory gives no pool and the indexer parses in its own thread.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParseContext, ParseJob, ParsePool, ParsePoolFactory, ParseStateChange, PoolOutcome } from '../core/index/parse-pool';

export type WorkerRequest = { kind: 'change'; change: ParseStateChange } | { kind: 'parse'; id: number; jobs: ParseJob[] };
export interface WorkerReply {
  id: number;
  outcomes: PoolOutcome[];
}

/** The worker bundle beside this one (dist/cli.cjs -> dist/parse-worker.cjs). */
export const PARSE_WORKER_FILE = 'parse-worker.cjs';

/** A worker's V8 young generation: the default's semi-spaces were most of a worker's resident memory (docs/cli-performance.md). */
const YOUNG_GENERATION_MB = 4;
const OLD_GENERATION_MB = 256;

/** Jobs per message: small enough that the workers share a batch evenly, large enough that messages stay few. */
const JOBS_PER_MESSAGE = 10;

/**
 * One worker fewer than the cores (the indexer's thread keeps writing), at least one, at most `max`: on a 2-core
 * machine one worker parses while the main thread runs PGlite.
 */
export function parseWorkerCount(max = 3): number {
  return Math.max(1, Math.min(max, availableParallelism() - 1));
}

export function nodeParsePool(options: { script?: string; workers?: number } = {}): ParsePoolFactory {
  const script = options.script ?? (typeof __dirname === 'string' ? path.join(__dirname, PARSE_WORKER_FILE) : '');
  return (context) => (script !== '' && existsSync(script) ? new WorkerParsePool(script, context, options.workers ?? parseWorkerCount()) : null);
}

class WorkerParsePool implements ParsePool {
  private readonly workers: Worker[];
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (o: PoolOutcome[]) => void; reject: (e: unknown) => void }>();
  private failure: Error | null = null;

  constructor(script: string, context: ParseContext, count: number) {
    this.workers = Array.from({ length: count }, () => {
      // A small young generation: the parse's garbage is short-lived, and every MB of it is resident (issue 17's
      // peak RSS); the old generation's cap makes a runaway parse kill its worker (the batch falls back), not the run.
      const w = new Worker(script, { workerData: context, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB } });
      // A run's workers never keep the process alive (the indexer closes them; a crash leaves them behind).
      w.unref();
      w.on('message', (reply: WorkerReply) => {
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        waiter?.resolve(reply.outcomes);
      });
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => this.fail(new Error(`parse worker exited (${code})`)));
      return w;
    });
  }

  async parse(jobs: ParseJob[], change: ParseStateChange): Promise<PoolOutcome[]> {
    if (this.failure) throw this.failure;
    // Every worker applies the change before any job of this batch (messages to one worker arrive in order).
    const message: WorkerRequest = { kind: 'change', change };
    for (const w of this.workers) w.postMessage(message);
    const parts: Promise<PoolOutcome[]>[] = [];
    for (let i = 0, n = 0; i < jobs.length; i += JOBS_PER_MESSAGE, n++) {
      const id = this.nextId++;
      const worker = this.workers[n % this.workers.length]!;
      parts.push(new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject })));
      worker.postMessage({ kind: 'parse', id, jobs: jobs.slice(i, i + JOBS_PER_MESSAGE) } satisfies WorkerRequest);
    }
    return (await Promise.all(parts)).flat();
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  async close(): Promise<void> {
    this.failure ??= new Error('parse pool closed');
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
