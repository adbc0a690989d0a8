// Which errors mean "the store is damaged" when they surface during a run rather than at open (a zeroed commit
// log passes the open checks and fails at the first write with "attempted to delete invisible tuple"). The
// store is a cache of the notes, so such an error is healed by discarding it and re-indexing, never retried
// against the same files. Anything else (a bad parameter, a closed database, a cancelled run) is an ordinary
// error and is passed on.

/**
 * SQLSTATE classes that name damage: XX (internal error: data_corrupted XX001, index_corrupted XX002, and the
 * elog(ERROR) of a broken invariant, XX000) and 58 (system error: a data file missing or unreadable).
 */
const DAMAGE_CLASSES = ['XX', '58'];

/**
 * Damage Postgres reports under other codes: tuple visibility that contradicts the commit log (55000 from
 * heap_delete/heap_update/heap_lock_tuple), transaction status that cannot be read.
 */
const DAMAGE_MESSAGES = /attempted to (delete|update|lock) invisible tuple|could not access status of transaction|from before relfrozenxid|has not been created yet/;

/** A wasm abort (an assertion or trap inside Postgres) leaves the instance unusable. */
const WASM_ABORT = /^Aborted\(|RuntimeError|unreachable|memory access out of bounds/;

export function isStoreDamage(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (DAMAGE_MESSAGES.test(e.message)) return true;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return DAMAGE_CLASSES.includes(code.slice(0, 2));
  return e.name === 'RuntimeError' || WASM_ABORT.test(e.message);
}
