// A model stage must not hold a search longer than its budget, even when the provider ignores the abort.

/** Runs `call` with a signal aborted after `timeoutMs`, and gives up waiting then even if the call ignores it. */
export async function withTimeout<T>(call: (signal: AbortSignal | undefined) => Promise<T>, timeoutMs: number | undefined): Promise<T> {
  if (timeoutMs === undefined) return call(undefined);
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new Error(`no answer within ${Math.round(timeoutMs / 100) / 10} s`);
      controller.abort(reason);
      reject(reason);
    }, timeoutMs);
  });
  try {
    return await Promise.race([call(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}
