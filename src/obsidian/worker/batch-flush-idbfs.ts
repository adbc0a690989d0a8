// PGlite's IndexedDB filesystem, written only when the engine flushes. IDBFS persists by rewriting every changed
// file whole, and PGlite starts that after every query (in the background with relaxed durability): while
// indexing, the store was being rewritten continuously, each pass longer as the tables grew, and an edit waited
// behind those passes. Here the engine's flush (after every committed batch, after embedding, at close) is the
// only write, so a crash still loses at most the batch being written.
import { IdbFs } from '@electric-sql/pglite';

export class BatchFlushIdbFs extends IdbFs {
  private closed = false;

  /** PGlite's per-query sync: nothing to do, persist() writes. */
  override syncToFs(): Promise<void> {
    return Promise.resolve();
  }

  /** Writes what changed since the last persist to IndexedDB (nothing once closed: the engine syncs after close). */
  persist(): Promise<void> {
    return this.closed ? Promise.resolve() : super.syncToFs(false);
  }

  override closeFs(): Promise<void> {
    this.closed = true;
    return super.closeFs();
  }
}
