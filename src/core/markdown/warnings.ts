import type { ParseWarning } from '../types';

const MAX_WARNINGS = 50;

/** Collects parse warnings with a cap, so a hostile note cannot produce millions of them. */
export class WarningList {
  readonly items: ParseWarning[] = [];
  private dropped = 0;

  add(code: string, message: string, line?: number): void {
    if (this.items.length >= MAX_WARNINGS) {
      this.dropped++;
      return;
    }
    this.items.push(line === undefined ? { code, message } : { code, message, line });
  }

  /** The warnings, plus one `warnings-truncated` entry when some were dropped. */
  finish(): ParseWarning[] {
    if (this.dropped === 0) return this.items;
    return [...this.items, { code: 'warnings-truncated', message: `${this.dropped} more warnings not shown` }];
  }
}
