// Sliding-window rate limiter used by the Acme fleet API gateway.
// Robots that lose localization retry aggressively; this keeps one robot from starving the rest.

export interface LimiterOptions {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly options: LimiterOptions) {}

  /** True when the request from `robotId` is allowed now. */
  allow(robotId: string, now = Date.now()): boolean {
    const windowStart = now - this.options.windowMs;
    const recent = (this.hits.get(robotId) ?? []).filter((t) => t > windowStart);
    const allowed = recent.length < this.options.limit;
    if (allowed) recent.push(now);
    this.hits.set(robotId, recent);
    return allowed;
  }

  /** Seconds until the next request from `robotId` would be allowed (for Retry-After). */
  retryAfter(robotId: string, now = Date.now()): number {
    const recent = this.hits.get(robotId) ?? [];
    if (recent.length < this.options.limit) return 0;
    const oldest = recent[0] ?? now;
    return Math.max(0, Math.ceil((oldest + this.options.windowMs - now) / 1000));
  }
}

export function createFleetLimiter(): SlidingWindowLimiter {
  return new SlidingWindowLimiter({ limit: 20, windowMs: 1_000 });
}
