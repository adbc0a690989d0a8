// Reading ahead of the parser: reads run off the main thread (Node's thread pool, the app's vault adapter), so
// keeping a few in flight overlaps them with parsing and database writes. Reads are started in bursts (half the
// window at a time, in one synchronous loop) so a source that batches the reads issued together (the plugin
// worker's, one message to the main thread per burst) crosses once per burst instead of once per file.

/** File reads kept in flight ahead of the parser. */
export const READ_AHEAD = 32;

export type ReadResult = { bytes: Uint8Array } | { error: unknown };

/** Reads files in order with up to `window` reads in flight; never rejects (errors are results). */
export function readAhead(paths: string[], window: number, read: (path: string) => Promise<Uint8Array>): () => Promise<ReadResult> {
  const pending: Promise<ReadResult>[] = [];
  let next = 0;
  const refillBelow = Math.max(1, Math.floor(window / 2));
  return () => {
    if (pending.length < refillBelow) {
      while (pending.length < window && next < paths.length) {
        pending.push(read(paths[next++]!).then((bytes) => ({ bytes }), (error: unknown) => ({ error })));
      }
    }
    return pending.shift() ?? Promise.resolve({ error: new Error('read past the end of the file list') });
  };
}
