// Index progress is reported per file (and per embedding batch); each report crossing to the main thread is a
// message Obsidian's UI thread handles and a status-bar repaint. At 2k notes that was thousands of messages and
// ~0.7 s of main-thread script (docs/plugin-performance.md). The worker forwards at most one report per interval,
// and always the first of a phase and the one that ends it, so what the status bar shows is never stale for long.
import type { IndexProgress } from '../../core/index/indexer';

type Progress = Pick<IndexProgress, 'done' | 'total'> & { phase: string };

export const PROGRESS_INTERVAL_MS = 150;

/** Wraps `emit` so reports reach it at most once per `intervalMs`, phase changes and phase ends always. */
export function throttleProgress<P extends Progress>(emit: (p: P) => void, now: () => number, intervalMs = PROGRESS_INTERVAL_MS): (p: P) => void {
  let last: { phase: string; at: number } | null = null;
  return (p) => {
    const t = now();
    const due = last === null || last.phase !== p.phase || p.done >= p.total || t - last.at >= intervalMs;
    if (!due) return;
    last = { phase: p.phase, at: t };
    emit(p);
  };
}
