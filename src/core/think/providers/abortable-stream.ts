// A model's stream read until the caller's signal aborts, and not a moment longer. The SDKs pass the signal to
// their fetch, but a read already waiting on a stalled body (a server that sent its first chunks, then nothing) was
// seen not to end when it fired (OpenAI SDK over a reused keep-alive connection, test/core/think/providers.test.ts):
// think's timeout then waited as long as the server stalled. Each read races the signal; on abort the SDK's own
// controller closes the request.
export async function* untilAborted<T>(stream: AsyncIterable<T> & { controller?: AbortController }, signal: AbortSignal | undefined): AsyncGenerator<T> {
  if (!signal) {
    yield* stream;
    return;
  }
  const iterator = stream[Symbol.asyncIterator]();
  let onAbort: (() => void) | null = null;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Nobody may be awaiting it when it fires.
  aborted.catch(() => undefined);
  let finished = false;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    if (!finished) {
      stream.controller?.abort();
      // Not awaited: a read still pending inside the SDK would hold the return until the server answers.
      void iterator.return?.()?.catch(() => undefined);
    }
  }
}
