// Size-capped tool results. A result larger than the cap is cut into pages: the first page comes back at once
// with a cursor, the `continue` tool returns the next. Remaining text lives in memory for a few minutes only.
import { randomBytes } from 'node:crypto';

export interface CursorStoreOptions {
  /** How long an unread remainder is kept. */
  ttlMs?: number;
  /** Most remainders kept at once; the oldest is dropped first (bounds memory under abuse). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  text: string;
  expires: number;
}

export class CursorStore {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: CursorStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxEntries = options.maxEntries ?? 200;
    this.now = options.now ?? Date.now;
  }

  put(text: string): string {
    this.sweep();
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const id = randomBytes(18).toString('base64url');
    this.entries.set(id, { text, expires: this.now() + this.ttlMs });
    return id;
  }

  /** The stored text, once: a cursor is consumed when read. */
  take(id: string): string | null {
    this.sweep();
    const entry = this.entries.get(id);
    if (!entry) return null;
    this.entries.delete(id);
    return entry.text;
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
  /** Present when more text remains. */
  more?: { cursor: string; returnedBytes: number; remainingBytes: number };
}

const encoder = new TextEncoder();

/** Cuts `text` to at most `maxBytes` of UTF-8 (never inside a character) and stores the rest under a cursor. */
export function firstPage(text: string, maxBytes: number, store: CursorStore): Page {
  const total = encoder.encode(text).length;
  if (total <= maxBytes) return { text };
  const buf = new Uint8Array(maxBytes);
  // encodeInto stops before a character that does not fit, so `read` is a safe cut in UTF-16 units.
  const { read, written } = encoder.encodeInto(text, buf);
  const rest = text.slice(read);
  return { text: text.slice(0, read), more: { cursor: store.put(rest), returnedBytes: written, remainingBytes: total - written } };
}
