// Retries of transient server errors with decorrelated jitter (each wait drawn between the base and three
// times the previous wait, capped), as GBrain does: concurrent writers that collided back off at spread-out
// times instead of colliding again in lock step.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseMs: number;
  capMs: number;
  /** Injected for tests; defaults to Math.random. */
  random?: () => number;
  /** Injected for tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 25, capMs: 2000 };

/**
 * SQLSTATEs worth another try: serialization failure and deadlock (the transaction was rolled back, so running
 * it again is safe), the server shutting down or restarting, and connection failures.
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What the driver says when the socket closed under a query (it carries no code). */
const TRANSIENT_MESSAGE = /connection terminated|terminating connection|server closed the connection|connection reset/i;

export function isTransient(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code))) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && TRANSIENT_MESSAGE.test(message);
}

/** The waits before each retry: decorrelated jitter, `min(cap, uniform(base, 3 * previous))`. */
export function nextDelay(previous: number, policy: RetryPolicy, random: () => number = policy.random ?? Math.random): number {
  const low = policy.baseMs;
  const high = Math.max(low, previous * 3);
  return Math.min(policy.capMs, low + random() * (high - low));
}

/** Marks an error that must not be retried even if it looks transient (e.g. the commit's outcome is unknown). */
export class NoRetry extends Error {
  constructor(readonly original: unknown) {
    super((original as { message?: string } | null)?.message ?? String(original));
    this.name = 'NoRetry';
  }
}

/**
 * Runs `fn` until it succeeds, fails with a non-transient error, or the attempts run out (the last error is
 * thrown). `onRetry` sees each retried error and the wait before the next try.
 */
export async function withRetry<T>(fn: () => Promise<T>, policy: RetryPolicy = DEFAULT_RETRY, onRetry?: (err: unknown, waitMs: number) => void): Promise<T> {
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let delay = policy.baseMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof NoRetry) throw err.original;
      if (attempt >= policy.attempts || !isTransient(err)) throw err;
      delay = nextDelay(delay, policy);
      onRetry?.(err, delay);
      await sleep(delay);
    }
  }
}
