// The audit trail of MCP calls: which tool, a short summary of the params (never note content), how long it
// took, how big the answer was, ok or error. The sink is injectable: the CLI appends JSON lines to a file in
// `.vault-brain/` (never indexed); the plugin writes into its own data folder.
import { errorMessage } from '../core/errors';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface AuditEntry {
  /** ISO time the call started. */
  at: string;
  transport: 'stdio' | 'http';
  tool: string;
  params: string;
  ms: number;
  /** UTF-8 bytes of the whole serialized result (before paging); 0 on error. */
  bytes: number;
  ok: boolean;
  /** The message the client was given, on error. */
  error?: string;
  truncated?: boolean;
}

export type AuditSink = (entry: AuditEntry) => void;

const MAX_VALUE_CHARS = 80;
const MAX_SUMMARY_CHARS = 400;
/** Params that carry note text: only their length is recorded. */
const CONTENT_PARAMS = new Set(['content', 'text', 'body']);

export function summarizeParams(params: unknown): string {
  if (params === undefined || params === null) return '{}';
  if (typeof params !== 'object' || Array.isArray(params)) return `<${Array.isArray(params) ? 'array' : typeof params}>`;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>).slice(0, 20)) {
    const k = key.slice(0, MAX_VALUE_CHARS);
    if (CONTENT_PARAMS.has(key)) out[k] = typeof value === 'string' ? `<${value.length} chars>` : `<${typeof value}>`;
    else if (typeof value === 'string') out[k] = value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) out[k] = value;
    else if (Array.isArray(value)) out[k] = `<array of ${value.length}>`;
    else out[k] = `<${typeof value}>`;
  }
  const s = JSON.stringify(out);
  return s.length > MAX_SUMMARY_CHARS ? `${s.slice(0, MAX_SUMMARY_CHARS)}…` : s;
}

/** Appends entries as JSON lines, in order, without blocking calls; a failing disk is reported once. */
export function createJsonlAuditSink(
  file: string,
  onError: (message: string) => void = () => undefined,
  /** Makes the log's folder; the CLI passes the brain folder's maker, so its .gitignore is written whoever comes first. */
  makeDir: (dir: string) => Promise<unknown> = (dir) => fs.mkdir(dir, { recursive: true }),
): AuditSink & { flush(): Promise<void> } {
  let chain: Promise<void> = makeDir(path.dirname(file)).then(() => undefined);
  let reported = false;
  const sink = (entry: AuditEntry): void => {
    chain = chain
      .then(() => fs.appendFile(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 }))
      .catch((e: unknown) => {
        if (reported) return;
        reported = true;
        onError(`audit log not written: ${errorMessage(e)}`);
      });
  };
  return Object.assign(sink, { flush: () => chain });
}
