// A parse worker (node/parse-pool.ts starts it): keeps its copy of the run state (index/parse-pool.ts ParseState)
// and parses the files it is sent with the same function as the indexer's own thread (index/parse-file.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { parseFileBytes } from '../core/index/parse-file';
import { needsCodeChunker, ParseState, type ParseContext, type PoolOutcome } from '../core/index/parse-pool';
import type { WorkerReply, WorkerRequest } from './parse-pool';

const port = parentPort;
if (!port) throw new Error('parse-worker runs in a worker thread');
const context = workerData as ParseContext;
const state = new ParseState(context);
// No code chunker here (see ParseContext.codeChunking): files that may need it go back to the indexer.
const deps = state.deps({ chunkOptions: context.chunkOptions });
const parse = (path: string, bytes: Uint8Array): PoolOutcome =>
  context.codeChunking && needsCodeChunker(path, bytes) ? { deferred: true } : parseFileBytes(path, bytes, deps, context.maxFileBytes);
port.on('message', (m: WorkerRequest) => {
  if (m.kind === 'change') {
    state.apply(m.change);
    return;
  }
  const reply: WorkerReply = { id: m.id, outcomes: m.jobs.map((j) => parse(j.path, j.bytes)) };
  port.postMessage(reply);
});
