// Reading ahead of the parser: reads run off the main thread (Node's thread pool, the app's vault adapter), so
// keeping a few in flight overlaps them with parsing and database writes.

/** File reads kept in flight ahead of the parser. */
export const READ_AHEAD = 16;

export type ReadResult = { bytes: Uint8Array } | { error: unknown };

/** Reads files in order with up to `window` reads in flight; never rejects (errors are results). */
export function readAhead(paths: string[], window: number, read: (path: string) => Promise<Uint8Array>): () => Promise<ReadResult> {
  const pending: Promise<ReadResult>[] = [];
  let next = 0;
  const fill = (target: number): void => {
    while (pending.length < target && next < paths.length) {
      pending.push(read(paths[next++]!).then((bytes) => ({ bytes }), (error: unknown) => ({ error })));
    }
  };
  return () => {
    fill(window);
    const result = pending.shift() ?? Promise.resolve({ error: new Error('read past the end of the file list') });
    // The read handed out is still in flight until the caller has it.
    fill(window - 1);
    return result;
  };
}
