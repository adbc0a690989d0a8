// The plugin's MCP audit trail, kept in memory and shown in the settings (the last calls).
// Why not a file: the obvious places are wrong. The vault (its config folder included) syncs to other devices
// and other people's tools, and the plugin's data.json lives inside the vault's config folder too; a file under
// the OS user config dir would need Node paths and a per-vault naming scheme for little gain. Entries hold
// tool names and short parameter summaries (never note text, see `summarizeParams`), and end with the app.
import type { AuditEntry } from '../../mcp/audit';

export const AUDIT_CAPACITY = 200;

export class MemoryAuditLog {
  private readonly items: AuditEntry[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly capacity = AUDIT_CAPACITY) {}

  /** The sink handed to the MCP server. */
  readonly sink = (entry: AuditEntry): void => {
    this.items.push(entry);
    if (this.items.length > this.capacity) this.items.splice(0, this.items.length - this.capacity);
    for (const l of [...this.listeners]) l();
  };

  /** The newest `n` entries, newest first. */
  recent(n: number): AuditEntry[] {
    return n > 0 ? this.items.slice(-n).reverse() : [];
  }

  get size(): number {
    return this.items.length;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
