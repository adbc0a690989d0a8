// One error vocabulary for every layer. Each error the brain raises on purpose carries a stable `code`; surfaces
// map from the code, never from a class or a message: the CLI to its exit codes, MCP to caller-facing results,
// the plugin to its notices. Codes are read from the `code` property (not `instanceof`), so they survive the
// worker's postMessage (rpc.ts copies `code`) and two bundled copies of this module.

/**
 * Every code, once. `caller`: the error is about the caller's request and its message is written for the caller
 * and only ever contains vault-relative paths (MCP shows it as it is); otherwise it is a fault of the server,
 * whose message is redacted and logged.
 */
const CODE_TABLE = {
  /** A parameter is missing, unknown or of the wrong type (CLI: bad usage). */
  bad_params: { caller: true },
  unknown_op: { caller: true },
  note_not_found: { caller: true },
  /** A path a remote caller may not use (absolute, `..`, excluded). */
  path_refused: { caller: true },
  write_refused: { caller: true },
  note_exists: { caller: true },
  /** An unlinked mention to link is no longer where the list said (the note was edited). */
  mention_moved: { caller: true },
  empty_question: { caller: true },
  /** A search named a source (vault) the database does not hold, or this surface cannot read another source. */
  source_unavailable: { caller: true },
  missing_vault: { caller: false },
  /** `--db`, VAULT_BRAIN_DATABASE_URL or the config's `database` names nothing we can open (CLI: bad usage). */
  bad_database: { caller: false },
  /** The database server could not be reached or refused the login (the message has the password redacted). */
  database_unreachable: { caller: false },
  /** The database is used by another process. */
  locked: { caller: false },
  /** MCP: the brain is still opening or indexing; try again. */
  not_ready: { caller: true },
  /** MCP: the brain could not be opened (the message is already safe to show). */
  open_failed: { caller: true },
  /** The worker's brain is not open (yet, or it failed to open). */
  brain_not_open: { caller: false },
  worker_unavailable: { caller: false },
  unknown_tool: { caller: true },
  expired_cursor: { caller: true },
  /** MCP: the vault changed between two pages of one result. */
  changed_result: { caller: true },
  timeout: { caller: true },
  cancelled: { caller: true },
  file_not_in_vault: { caller: false },
  missing_asset: { caller: false },
  bad_asset: { caller: false },
  bad_embedding_response: { caller: false },
  /** A model or embedding provider whose circuit breaker is open: failing fast until its cool-down ends. */
  provider_unavailable: { caller: false },
  /** A provider's response body past its bound (net/bounded-body.ts): cut off instead of filling memory. */
  provider_response_too_large: { caller: false },
  /** The plugin's main thread refused a provider request to an origin the settings do not name. */
  provider_request_refused: { caller: false },
  non_loopback_host: { caller: false },
  server_start_failed: { caller: false },
  /** A CLI-only failure that carries its own exit code. */
  cli: { caller: false },
} as const satisfies Record<string, { caller: boolean }>;

export type ErrorCode = keyof typeof CODE_TABLE;

export const ERROR_CODES = Object.keys(CODE_TABLE) as ErrorCode[];

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

/** The first error in `e`'s cause chain (itself included) carrying `code`: what an SDK's wrapper error hides. */
export function causeWithCode(e: unknown, code: ErrorCode): Error | null {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof Error && errorCode(cur) === code) return cur;
  }
  return null;
}

/** The message of anything thrown (a string, an Error, or something else). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function isCallerError(e: unknown): boolean {
  const code = errorCode(e);
  return code !== null && CODE_TABLE[code].caller;
}
