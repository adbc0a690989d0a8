// Retry with jittered exponential backoff, shared by network providers.

export interface BackoffOptions {
  /** Retries after the first attempt (so at most retries + 1 calls). */
  retries: number;
  /** Delay scale of the first retry, in ms. */
  baseMs: number;
  /** Cap on any single computed delay, in ms. */
  maxMs: number;
  /** Whether an error is worth another attempt (e.g. 429, 5xx, network). Others are thrown at once. */
  isRetryable: (err: unknown) => boolean;
  /** A server-requested delay for this error (Retry-After), in ms; it replaces the computed delay. */
  retryAfterMs?: (err: unknown) => number | undefined;
  /** The longest server-requested delay that is waited for (default 60 s); a longer one fails the call at once. */
  maxRetryAfterMs?: number;
  /** Called before each wait; for logging and progress. */
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
  signal?: AbortSignal;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected for tests; returns [0, 1). */
  random?: () => number;
}

/**
 * Delay before retry number `attempt` (0-based): "equal jitter", half fixed and half random, so
 * retries always back off but parallel clients do not retry in lockstep.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      // Plain timers on purpose: this also runs in Node and in a Web Worker, where `window` does not exist.
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}

export async function retryWithBackoff<T>(fn: (attempt: number) => Promise<T>, options: BackoffOptions): Promise<T> {
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const maxRetryAfter = options.maxRetryAfterMs ?? 60_000;
  for (let attempt = 0; ; attempt++) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= options.retries || options.signal?.aborted || !options.isRetryable(err)) throw err;
      const requested = options.retryAfterMs?.(err);
      // A server asking for a longer wait than we would give it is not coming back within this call: fail now
      // (the caller says so and the breaker counts it) instead of holding an index run or a search that long.
      if (requested !== undefined && requested > maxRetryAfter) throw err;
      const delayMs =
        requested !== undefined && Number.isFinite(requested) && requested >= 0
          ? requested
          : backoffDelay(attempt, options.baseMs, options.maxMs, random);
      options.onRetry?.({ attempt: attempt + 1, delayMs, error: err });
      await sleep(delayMs, options.signal);
    }
  }
}

/**
 * Parses Retry-After (seconds or an HTTP date) and the non-standard `retry-after-ms` OpenAI sends.
 * Returns ms, or undefined when absent or unparseable.
 */
export function parseRetryAfter(
  headers: { get(name: string): string | null } | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  // Only an HTTP date (it names a month); Date.parse would read "-5" as a year.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
