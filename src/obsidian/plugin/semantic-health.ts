// Whether semantic search (the vector arm) is working, and if not, why, from what the worker reports: the
// embedder that could not be set up at open, the embeddings provider's circuit breaker, the last index run's
// embedding error. The status bar and the index status view say "Semantic search off: <reason>" from this.
import type { BreakerStatus } from '../../core/net/circuit-breaker';

export class SemanticHealth {
  private setupError: string | null = null;
  private breakerStatus: BreakerStatus | null = null;
  private embedError: string | null = null;

  /** A new open: nothing known yet. */
  reset(): void {
    this.setupError = null;
    this.breakerStatus = null;
    this.embedError = null;
  }

  /** The open's answer: the configured embedder could not be made (null: it was, or none was configured). */
  setup(error: string | undefined): void {
    this.setupError = error ?? null;
  }

  /** A breaker changed; returns whether it was the embeddings one (the others do not touch semantic search). */
  breaker(status: BreakerStatus): boolean {
    if (status.name !== 'embeddings') return false;
    this.breakerStatus = status.state === 'closed' ? null : status;
    // A provider answering again also ends the last run's error.
    if (status.state === 'closed') this.embedError = null;
    return true;
  }

  /** An index run's embedding result: its error, or a clean run that clears the last one. */
  embedRun(embed: unknown): void {
    if (!embed || typeof embed !== 'object') return;
    const { error, aborted } = embed as { error?: { message?: unknown }; aborted?: unknown };
    if (aborted === true) return;
    this.embedError = error ? (typeof error.message === 'string' ? error.message : 'unknown error') : null;
  }

  /** The user asked to retry: the breaker is closed and the next run says again what happens. */
  retried(): void {
    this.breakerStatus = null;
    this.embedError = null;
  }

  /** Retrying a setup error means opening again (the embedder is made at open). */
  get needsReopen(): boolean {
    return this.setupError !== null;
  }

  reason(): string | null {
    if (this.setupError) return `the embedder could not be set up (${this.setupError})`;
    if (this.breakerStatus) {
      const why = this.breakerStatus.reason ? ` (${this.breakerStatus.reason})` : '';
      return `the embeddings provider failed ${this.breakerStatus.failures} time${this.breakerStatus.failures === 1 ? '' : 's'} in a row${why}; calls paused`;
    }
    if (this.embedError) return `embedding failed in the last index run (${this.embedError})`;
    return null;
  }
}
