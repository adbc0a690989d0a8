// One error vocabulary for every layer. Each error the brain raises on purpose carries a stable `code`; surfaces
// map from the code, never from a class or a message: the CLI to its exit codes, MCP to caller-facing results,
// the plugin to its notices. Codes are read from the `code` property (not `instanceof`), so they survive the
// worker's postMessage (rpc.ts copies `code`) and two bundled copies of this module.

export const ERROR_CODES = [
  /** A parameter is missing, unknown or of the wrong type (CLI: bad usage). */
  'bad_params',
  'unknown_op',
  'note_not_found',
  /** A path a remote caller may not use (absolute, `..`, excluded). */
  'path_refused',
  'write_refused',
  'note_exists',
  'empty_question',
  'missing_vault',
  /** The database is used by another process. */
  'locked',
  /** MCP: the brain is still opening or indexing; try again. */
  'not_ready',
  /** MCP: the brain could not be opened (the message is already safe to show). */
  'open_failed',
  /** The worker's brain is not open (yet, or it failed to open). */
  'brain_not_open',
  'worker_unavailable',
  'unknown_tool',
  'expired_cursor',
  'timeout',
  'cancelled',
  'file_not_in_vault',
  'missing_asset',
  'bad_asset',
  'bad_embedding_response',
  'non_loopback_host',
  'server_start_failed',
  /** A CLI-only failure that carries its own exit code. */
  'cli',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

/** The base of every error the brain raises on purpose. Subclasses keep their own `name` for logs. */
export class BrainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BrainError';
  }
}

/** The stable code of an error (ours, or one that crossed the worker boundary), else null. */
export function errorCode(e: unknown): ErrorCode | null {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === 'string' && KNOWN.has(code) ? (code as ErrorCode) : null;
}

/** The message of anything thrown (a string, an Error, or something else). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Codes of errors about the caller's request whose messages are written for the caller and only ever contain
 * vault-relative paths (as opposed to faults of the server, whose messages are redacted and logged).
 */
const CALLER_CODES = new Set<ErrorCode>([
  'bad_params',
  'unknown_op',
  'note_not_found',
  'path_refused',
  'write_refused',
  'note_exists',
  'empty_question',
  'not_ready',
  'open_failed',
  'unknown_tool',
  'expired_cursor',
  'timeout',
  'cancelled',
]);

export function isCallerError(e: unknown): boolean {
  const code = errorCode(e);
  return code !== null && CALLER_CODES.has(code);
}
