// Size-capped tool results. A result larger than the cap is cut into pages: the first page comes back at once
// with a cursor, the `continue` tool returns the next. A cursor holds the call (tool, arguments) and where the
// next page starts, never the remaining text: `continue` re-runs the call and cuts the next page from it, so a
// few large answers cannot pin hundreds of megabytes between calls. A digest of the whole result tells when the
// vault changed between pages (the parts would no longer join into one JSON), and that is reported, not mixed.
import { createHash, randomBytes } from 'node:crypto';

export interface CursorStoreOptions {
  /** How long an unread cursor is kept. */
  ttlMs?: number;
  /** Most cursors one client keeps open; its oldest is dropped first. */
  perClient?: number;
  /** Most cursors kept in all (bounds memory when clients cannot be told apart or many connect). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Where a paged result continues: the read call to re-run and the offset (UTF-16 units) of the next page; or,
 * for a call that must not run twice (a write, a model's answer), its remaining text.
 */
export type PageCursor =
  | {
      kind: 'rerun';
      tool: string;
      params: Record<string, unknown>;
      offset: number;
      /** sha256 of the whole serialized result the earlier pages were cut from. */
      digest: string;
    }
  | { kind: 'held'; tool: string; rest: string };

interface Entry {
  cursor: PageCursor;
  client: string;
  expires: number;
}

export class CursorStore {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly perClient: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: CursorStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.perClient = options.perClient ?? 4;
    this.maxEntries = options.maxEntries ?? 64;
    this.now = options.now ?? Date.now;
  }

  put(client: string, cursor: PageCursor): string {
    this.sweep();
    // Map order is insertion order, so the first match is the oldest.
    const own = [...this.entries].filter(([, e]) => e.client === client).map(([id]) => id);
    for (const id of own.slice(0, Math.max(0, own.length - this.perClient + 1))) this.entries.delete(id);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const id = randomBytes(18).toString('base64url');
    this.entries.set(id, { cursor, client, expires: this.now() + this.ttlMs });
    return id;
  }

  /** The cursor, once: it is consumed when read (the next page comes with a new one). */
  take(id: string): PageCursor | null {
    this.sweep();
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    return entry.cursor;
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, e] of this.entries) if (e.expires <= now) this.entries.delete(id);
  }
}

export interface Page {
  /** The text returned now. */
  text: string;
  /** Present when more text remains: where the next page starts and the sizes so far. */
  more?: { offset: number; returnedBytes: number; remainingBytes: number };
}

const encoder = new TextEncoder();

/** The page of `text` starting at `start` (UTF-16 units): at most `maxBytes` of UTF-8, never cut inside a character. */
export function pageAt(text: string, start: number, maxBytes: number): Page {
  const rest = start === 0 ? text : text.slice(start);
  const total = encoder.encode(rest).length;
  if (total <= maxBytes) return { text: rest };
  const buf = new Uint8Array(maxBytes);
  // encodeInto stops before a character that does not fit, so `read` is a safe cut in UTF-16 units.
  const { read, written } = encoder.encodeInto(rest, buf);
  return { text: rest.slice(0, read), more: { offset: start + read, returnedBytes: written, remainingBytes: total - written } };
}

export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
