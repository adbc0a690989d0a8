// Provider health. A provider that is down (a closed port, a dead server, a revoked key) must not make every
// search and every index run wait on it again: after `threshold` failed requests in a row its breaker opens and
// calls fail at once, saying why, until the cool-down has passed; then one trial request is let through
// (half-open): success closes the breaker, failure opens it for another cool-down. The clock is injected so the
// states can be tested without waiting.
import { BrainError } from '../errors';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerStatus {
  /** `embeddings`, `chat`, `rerank`. */
  name: string;
  state: BreakerState;
  /** Failed requests in a row. */
  failures: number;
  /** The last failure, when the breaker is not closed (or failures > 0). */
  reason?: string;
  /** When open: ms until a trial request is let through. */
  retryInMs?: number;
}

export interface BreakerOptions {
  /** Failed requests in a row that open the breaker (default 3). */
  threshold?: number;
  /** How long an open breaker refuses calls, in ms (default 60 s). */
  coolDownMs?: number;
  now?: () => number;
}

export const DEFAULT_BREAKER_THRESHOLD = 3;
export const DEFAULT_BREAKER_COOL_DOWN_MS = 60_000;

export class ProviderUnavailableError extends BrainError {
  constructor(
    readonly provider: string,
    readonly reason: string,
    readonly retryInMs: number,
  ) {
    super('provider_unavailable', `${provider} provider is off after repeated failures (${reason}); next try in ${Math.max(1, Math.ceil(retryInMs / 1000))} s`);
    this.name = 'ProviderUnavailableError';
  }
}

/** The breaker's refusal behind an SDK's wrapper error, if there is one. */
export function unavailableRefusal(e: unknown): ProviderUnavailableError | null {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof ProviderUnavailableError) return cur;
  }
  return null;
}

export class CircuitBreaker {
  private current: BreakerState = 'closed';
  private failures = 0;
  private reason: string | undefined;
  private openedAt = 0;
  private trialInFlight = false;
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly now: () => number;

  constructor(
    readonly name: string,
    options: BreakerOptions = {},
    private readonly onChange?: (status: BreakerStatus) => void,
  ) {
    this.threshold = Math.max(1, options.threshold ?? DEFAULT_BREAKER_THRESHOLD);
    this.coolDownMs = Math.max(0, options.coolDownMs ?? DEFAULT_BREAKER_COOL_DOWN_MS);
    this.now = options.now ?? (() => Date.now());
  }

  get state(): BreakerState {
    return this.current;
  }

  /**
   * Call before each request: throws ProviderUnavailableError while open; after the cool-down lets exactly one
   * trial request through (others keep failing fast until it settles).
   */
  admit(): void {
    if (this.current === 'closed') return;
    const left = this.openedAt + this.coolDownMs - this.now();
    if (this.current === 'open' && left <= 0) {
      this.set('half-open');
      this.trialInFlight = true;
      return;
    }
    if (this.current === 'half-open' && !this.trialInFlight) {
      this.trialInFlight = true;
      return;
    }
    throw new ProviderUnavailableError(this.name, this.reason ?? 'unknown error', Math.max(0, left));
  }

  succeeded(): void {
    this.trialInFlight = false;
    const changed = this.current !== 'closed' || this.failures > 0;
    this.failures = 0;
    this.reason = undefined;
    if (changed) this.set('closed');
  }

  failed(reason: string): void {
    this.trialInFlight = false;
    this.failures++;
    this.reason = reason;
    if (this.current === 'half-open' || this.failures >= this.threshold) {
      this.openedAt = this.now();
      this.set('open');
    }
  }

  /** A request that settled without saying anything about the provider's health (the caller cancelled). */
  released(): void {
    this.trialInFlight = false;
  }

  /** The user's "retry": close the breaker, so the next call goes out. */
  reset(): void {
    this.trialInFlight = false;
    this.failures = 0;
    this.reason = undefined;
    if (this.current !== 'closed') this.set('closed');
  }

  status(): BreakerStatus {
    const s: BreakerStatus = { name: this.name, state: this.current, failures: this.failures };
    if (this.reason !== undefined) s.reason = this.reason;
    if (this.current === 'open') s.retryInMs = Math.max(0, this.openedAt + this.coolDownMs - this.now());
    return s;
  }

  /**
   * Runs one request under the breaker. `judge` says whether an error speaks of the provider's health (a
   * connection failure, 5xx, 429, auth) or only of this request (a bad input, the caller cancelling: null).
   */
  async run<T>(fn: () => Promise<T>, judge: (e: unknown) => string | null): Promise<T> {
    this.admit();
    try {
      const out = await fn();
      this.succeeded();
      return out;
    } catch (e) {
      const reason = judge(e);
      if (reason === null) this.released();
      else this.failed(reason);
      throw e;
    }
  }

  private set(state: BreakerState): void {
    this.current = state;
    this.onChange?.(this.status());
  }
}

/** One breaker per provider of a brain (embeddings, chat model, reranker), and who to tell when one changes. */
export class ProviderHealth {
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly listeners = new Set<(status: BreakerStatus) => void>();

  constructor(private readonly options: BreakerOptions = {}) {}

  breaker(name: string): CircuitBreaker {
    let b = this.breakers.get(name);
    if (!b) {
      b = new CircuitBreaker(name, this.options, (s) => {
        for (const l of [...this.listeners]) l(s);
      });
      this.breakers.set(name, b);
    }
    return b;
  }

  list(): BreakerStatus[] {
    return [...this.breakers.values()].map((b) => b.status());
  }

  /** Closes every breaker (the retry button); returns how many were not closed. */
  reset(): number {
    let n = 0;
    for (const b of this.breakers.values()) {
      if (b.state !== 'closed') n++;
      b.reset();
    }
    return n;
  }

  onChange(listener: (status: BreakerStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const HEALTH_STATUSES = new Set([401, 403, 404, 408, 429]);

/**
 * Whether a provider call's error says the provider is unhealthy, and in a few words why; null when it is about
 * this request only (a 400 for one input, the caller cancelling). Duck-typed over both SDKs' error classes.
 */
export function providerFailure(e: unknown, signal?: AbortSignal): string | null {
  if (signal?.aborted) return null;
  if (e instanceof ProviderUnavailableError) return null;
  const err = e as { name?: unknown; status?: unknown; message?: unknown; cause?: unknown } | null;
  if (!err || typeof err !== 'object') return 'unknown error';
  if (err.name === 'APIUserAbortError' || err.name === 'AbortError') return null;
  if (err.name === 'ProviderRedirectError') return String(err.message);
  if (typeof err.status === 'number') {
    return err.status >= 500 || HEALTH_STATUSES.has(err.status) ? `HTTP ${err.status}` : null;
  }
  if (err.name === 'APIConnectionTimeoutError') return 'timed out';
  // A refused or reset connection: the SDK says "Connection error."; the cause names the system error.
  for (let cur: unknown = err.cause, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return `connection failed (${code})`;
  }
  // The SDKs' "Connection error." says nothing; what the fetch rejected with does (the plugin's requestUrl
  // refusing an origin, "Failed to fetch" for a CORS refusal).
  const cause = err.cause as { message?: unknown } | undefined;
  if (typeof cause?.message === 'string' && cause.message.trim() && /^connection error/i.test(String(err.message))) {
    return `connection failed (${cause.message.replace(/\s+/g, ' ').slice(0, 160)})`;
  }
  const message = typeof err.message === 'string' ? err.message.replace(/\s+/g, ' ').slice(0, 120) : '';
  return message || 'unknown error';
}
