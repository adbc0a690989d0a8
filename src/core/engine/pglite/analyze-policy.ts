// When to refresh planner statistics. PGlite has no autovacuum, so they are never refreshed on their own.
// Statistics taken on an empty table made vector search skip its HNSW index (measured: 600 ms instead of 30 ms
// over 47k chunks), so tables are analysed each time the rows written reach ANALYZE_GROWTH times the count at
// the last analysis. (Growth 2 analysed six times during a 10k-note index, a tenth of its time; the planner
// scales row counts by the table's current size anyway, so statistics a few times stale only misjudge value
// distributions.)

/** Rows written before the first automatic ANALYZE. */
const ANALYZE_MIN_ROWS = 1000;
/** Total rows written must grow this many times between two automatic analyses. */
const ANALYZE_GROWTH = 4;

export class AnalyzePolicy {
  private rowsSinceAnalyze = 0;
  private rowsAtAnalyze = 0;

  /** Counts `n` rows written; true when it is time to run ANALYZE (and counts it as done). */
  rowsWritten(n: number): boolean {
    this.rowsSinceAnalyze += n;
    if (this.rowsSinceAnalyze < Math.max(ANALYZE_MIN_ROWS, (ANALYZE_GROWTH - 1) * this.rowsAtAnalyze)) return false;
    this.rowsAtAnalyze += this.rowsSinceAnalyze;
    this.rowsSinceAnalyze = 0;
    return true;
  }
}
