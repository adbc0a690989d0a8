// An embedder that is what it says before it is loaded: its id, dims and batch size come from a cheap source (the
// built-in asset's 64-byte header) and the model itself loads at the first `embed`. Most commands never embed
// (stats, links, status...): loading and parsing the built-in embedder was 80-350 ms of every CLI command
// (docs/cli-performance.md). The id is the loaded model's own, so the stored vectors keep matching it: an open
// never looks like a change of embedding model (and the loaded model must agree, or embedding fails).
import { BrainError } from '../errors';
import type { Embedder } from './embedder';

export class EmbedderMismatchError extends BrainError {
  constructor(expected: string, loaded: string) {
    super('bad_asset', `the embedder loaded as ${loaded}, but its header said ${expected}`);
    this.name = 'EmbedderMismatchError';
  }
}

export interface LazyEmbedder extends Embedder {
  /** Whether the model has been loaded (by an `embed` call). */
  loaded(): boolean;
}

export function lazyEmbedder(head: Pick<Embedder, 'id' | 'dims' | 'maxBatch' | 'local'>, load: () => Promise<Embedder>): LazyEmbedder {
  let model: Promise<Embedder> | null = null;
  let ready = false;
  const get = (): Promise<Embedder> =>
    (model ??= load().then(
      (m) => {
        if (m.id !== head.id || m.dims !== head.dims) throw new EmbedderMismatchError(head.id, m.id);
        ready = true;
        return m;
      },
      (err: unknown) => {
        // A failed load is tried again by the next call (the error is the caller's to report).
        model = null;
        throw err;
      },
    ));
  return {
    id: head.id,
    dims: head.dims,
    maxBatch: head.maxBatch,
    ...(head.local ? { local: true } : {}),
    async embed(texts, signal) {
      signal?.throwIfAborted();
      return (await get()).embed(texts, signal);
    },
    loaded: () => ready,
  };
}
