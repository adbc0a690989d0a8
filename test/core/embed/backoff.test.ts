import { describe, expect, it } from 'vitest';
import { abortableSleep, backoffDelay, parseRetryAfter, retryWithBackoff } from '../../../src/core/embed/backoff';

class HttpError extends Error {
  constructor(readonly status: number, readonly retryAfter?: number) {
    super(`http ${status}`);
  }
}

function harness(random = () => 0.5) {
  const sleeps: number[] = [];
  return {
    sleeps,
    options: {
      retries: 4,
      baseMs: 100,
      maxMs: 1000,
      isRetryable: (e: unknown) => e instanceof HttpError && (e.status === 429 || e.status >= 500),
      retryAfterMs: (e: unknown) => (e instanceof HttpError ? e.retryAfter : undefined),
      sleep: (ms: number) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      random,
    },
  };
}

describe('backoffDelay', () => {
  it('grows exponentially with half-fixed jitter and respects the cap', () => {
    expect(backoffDelay(0, 100, 1000, () => 0)).toBe(50);
    expect(backoffDelay(0, 100, 1000, () => 0.999999)).toBe(100);
    expect(backoffDelay(3, 100, 1000, () => 0)).toBe(400);
    expect(backoffDelay(10, 100, 1000, () => 0.5)).toBe(750);
    expect(backoffDelay(5000, 100, 1000, () => 1)).toBe(1000);
  });
});

describe('retryWithBackoff', () => {
  it('returns the first success and passes the attempt number', async () => {
    const { options, sleeps } = harness();
    const attempts: number[] = [];
    const result = await retryWithBackoff((attempt) => {
      attempts.push(attempt);
      return attempt < 2 ? Promise.reject(new HttpError(503)) : Promise.resolve('ok');
    }, options);
    expect(result).toBe('ok');
    expect(attempts).toEqual([0, 1, 2]);
    expect(sleeps).toEqual([75, 150]);
  });

  it('gives up after the configured retries with the last error', async () => {
    const { options, sleeps } = harness(() => 0);
    let calls = 0;
    await expect(
      retryWithBackoff(() => {
        calls++;
        return Promise.reject(new HttpError(500));
      }, options),
    ).rejects.toThrow('http 500');
    expect(calls).toBe(5);
    expect(sleeps).toEqual([50, 100, 200, 400]);
  });

  it('fails at once on non-retryable errors', async () => {
    const { options, sleeps } = harness();
    let calls = 0;
    await expect(
      retryWithBackoff(() => {
        calls++;
        return Promise.reject(new HttpError(400));
      }, options),
    ).rejects.toThrow('http 400');
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('honors a server-requested delay, and fails at once when it is longer than the cap', async () => {
    const { options, sleeps } = harness();
    let calls = 0;
    const long = new HttpError(429, 3_600_000);
    const attempt = retryWithBackoff(
      () => {
        calls++;
        if (calls === 1) return Promise.reject(new HttpError(429, 2000));
        if (calls === 2) return Promise.reject(long);
        return Promise.resolve(calls);
      },
      { ...options, maxRetryAfterMs: 10_000 },
    );
    await expect(attempt).rejects.toBe(long);
    expect(calls).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it('reports retries and stops when aborted', async () => {
    const ctrl = new AbortController();
    const seen: number[] = [];
    const { options } = harness();
    await expect(
      retryWithBackoff(() => Promise.reject(new HttpError(500)), {
        ...options,
        signal: ctrl.signal,
        onRetry: ({ attempt }) => {
          seen.push(attempt);
          if (attempt === 2) ctrl.abort();
        },
      }),
    ).rejects.toThrow();
    expect(seen).toEqual([1, 2]);
  });

  it('uses a real abortable sleep by default', async () => {
    const start = Date.now();
    let calls = 0;
    await retryWithBackoff(
      () => (++calls < 3 ? Promise.reject(new HttpError(500)) : Promise.resolve()),
      { retries: 3, baseMs: 10, maxMs: 20, isRetryable: () => true },
    );
    expect(Date.now() - start).toBeGreaterThanOrEqual(10);
    const ctrl = new AbortController();
    const pending = abortableSleep(60_000, ctrl.signal);
    ctrl.abort();
    await expect(pending).rejects.toThrow();
  });
});

describe('parseRetryAfter', () => {
  const h = (entries: Record<string, string>) => new Headers(entries);
  it('reads seconds, HTTP dates and retry-after-ms', () => {
    expect(parseRetryAfter(h({ 'retry-after': '3' }))).toBe(3000);
    expect(parseRetryAfter(h({ 'retry-after': '0.5' }))).toBe(500);
    expect(parseRetryAfter(h({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(h({ 'retry-after': 'Wed, 01 Jan 2025 00:00:05 GMT' }), now)).toBe(5000);
    expect(parseRetryAfter(h({ 'retry-after': 'Tue, 31 Dec 2024 00:00:05 GMT' }), now)).toBe(0);
  });
  it('ignores absent or garbage values', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter(h({}))).toBeUndefined();
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(h({ 'retry-after': '-5' }))).toBeUndefined();
    expect(parseRetryAfter(h({ 'retry-after-ms': 'abc' }))).toBeUndefined();
  });
});
