// Opens a store and checks it before anyone uses it; a store that fails to open (a wasm abort included) or
// fails its checks is discarded and a fresh one opened, which the indexer fills again from the notes. Shared
// by the Node opener (a data directory, moved aside) and the plugin's worker (an IndexedDB database, deleted).
import { damageSummary, hasDamage, type IntegrityReport } from './integrity';
import type { BrainEngine } from './brain-engine';
import { errorMessage } from '../errors';

/** What happened to a damaged store; stored in the fresh one's meta (`last_recovery`) for status and doctor. */
export interface StoreRecovery {
  /** ISO time of the recovery. */
  at: string;
  /** Why the old store was discarded (the open error or the first failed check). */
  reason: string;
  /** Where the damaged store was kept for a bug report, or null when it was deleted. */
  keptAt: string | null;
}

export interface CheckedOpen<E extends BrainEngine = BrainEngine> {
  engine: E;
  /** Set when the store was discarded and rebuilt on this open. */
  recovery: StoreRecovery | null;
  /** The checks run on the store that was kept; null after a recovery or when they were all left out (`none`). */
  report: IntegrityReport | null;
  /** Notes marked for re-indexing because their rows were out of step (`stale` problems). */
  marked: number;
}

export interface OpenCheckedOptions<E extends BrainEngine = BrainEngine> {
  open(): Promise<E>;
  /** Removes the damaged store from where `open` looks (moves it aside or deletes it); returns where it was kept. */
  discard(reason: string): Promise<string | null>;
  now?: () => Date;
  /**
   * Asked after each successful `open`: which checks run before the store is handed over (default `quick`, all
   * of them). `open` leaves the heap scans out (whose time grows with the store) and `none` leaves every check
   * out: the caller then runs what it left out with `runDeferredChecks` after the open, healing what they find as
   * damage met in use, or skips them for a store known to be as a clean close left it (the Node opener's mark,
   * node/clean-close.ts; the worker's, worker/clean-close-marks.ts).
   */
  checksAtOpen?: () => OpenChecks;
}

/** The checks an open runs before it returns: every one, all but the heap scans, or none. */
export type OpenChecks = 'quick' | 'open' | 'none';

/** Damage the deferred checks found: a store-damage error (SQLSTATE XX001), so `Brain.guard` replaces the store. */
export class DeferredCheckDamage extends Error {
  readonly code = 'XX001';
  constructor(readonly report: IntegrityReport) {
    super(`integrity check failed: ${damageSummary(report)}`);
    this.name = 'DeferredCheckDamage';
  }
}

/**
 * Checks an open left out, run after it: `scans` (the heap scans) or `open` (stamps, status rows, sampled digests).
 * Throws DeferredCheckDamage when they find damage; notes out of step with their status rows are marked for
 * re-indexing, as the open would have marked them.
 */
export async function runDeferredChecks(engine: Pick<BrainEngine, 'checkIntegrity' | 'markForReindex'>, mode: 'scans' | 'open' = 'scans'): Promise<IntegrityReport> {
  const report = await engine.checkIntegrity(mode);
  if (hasDamage(report)) throw new DeferredCheckDamage(report);
  await engine.markForReindex(report);
  return report;
}

export const RECOVERY_META_KEY = 'last_recovery';

export async function openChecked<E extends BrainEngine>(options: OpenCheckedOptions<E>): Promise<CheckedOpen<E>> {
  let reason: string;
  try {
    const engine = await options.open();
    const checks = options.checksAtOpen?.() ?? 'quick';
    if (checks === 'none') return { engine, recovery: null, report: null, marked: 0 };
    const report = await engine.checkIntegrity(checks);
    if (!hasDamage(report)) {
      const marked = await engine.markForReindex(report);
      return { engine, recovery: null, report, marked };
    }
    reason = `integrity check failed: ${damageSummary(report)}`;
    await engine.close().catch(() => undefined);
  } catch (e) {
    reason = `the database could not be opened: ${errorMessage(e)}`;
  }
  return { ...(await reopenFresh(options, reason)), report: null, marked: 0 };
}

/**
 * Discards a damaged store (moved aside or deleted) and opens a fresh one, recording the recovery in it. Used at
 * open and when damage surfaces during a run (`Brain.replaceStore`); the caller closes the damaged engine first.
 * A fresh store that fails too is a real error (disk full, no permission): reported, never retried in a loop.
 */
export async function reopenFresh<E extends BrainEngine>(
  options: OpenCheckedOptions<E>,
  reason: string,
): Promise<{ engine: E; recovery: StoreRecovery }> {
  const keptAt = await options.discard(reason);
  const recovery: StoreRecovery = { at: (options.now?.() ?? new Date()).toISOString(), reason, keptAt };
  const engine = await options.open();
  await engine.setMeta(RECOVERY_META_KEY, JSON.stringify(recovery));
  return { engine, recovery };
}

/** The last recovery recorded in a store, if any. */
export async function lastRecovery(engine: Pick<BrainEngine, 'getMeta'>): Promise<StoreRecovery | null> {
  const raw = await engine.getMeta(RECOVERY_META_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoreRecovery;
  } catch {
    return null;
  }
}

/** The notice shown to the user (CLI stderr, plugin Notice). */
export function recoveryNotice(recovery: StoreRecovery): string {
  return (
    `the index database was damaged (${recovery.reason}); ` +
    (recovery.keptAt ? `it was moved to ${recovery.keptAt} and ` : '') +
    'a fresh one is being rebuilt from the notes'
  );
}
