// What the status bar says for each brain state (text and tooltip), kept apart from the DOM so it is testable.
import type { BrainState } from './brain-service';

export interface StatusText {
  text: string;
  tooltip: string;
  isError: boolean;
  /** Working, with something off the user should know about (semantic search). */
  isWarning?: boolean;
}

/** The line the status bar's tooltip and the index status view show. */
export function semanticOffText(reason: string): string {
  return `Semantic search off: ${reason}`;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/** No estimate from the first seconds of a phase: its rate is still mostly start-up. */
const ETA_AFTER_MS = 3000;

/** "~4 min left" from the phase's rate so far; null while there is too little to go on. */
export function timeLeft(s: Extract<BrainState, { kind: 'indexing' }>, now: number): string | null {
  if (!s.since || s.total <= s.done) return null;
  const elapsed = now - s.since.at;
  const progressed = s.done - s.since.done;
  if (elapsed < ETA_AFTER_MS || progressed <= 0) return null;
  const seconds = ((s.total - s.done) * elapsed) / progressed / 1000;
  if (seconds < 60) return 'under a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `~${minutes} min left`;
  return `~${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

export function statusText(s: BrainState, now = Date.now()): StatusText {
  switch (s.kind) {
    case 'idle':
      return { text: 'Brain: off', tooltip: 'The index is closed', isError: false };
    case 'starting':
      return { text: 'Brain: starting', tooltip: 'Opening the index', isError: false };
    case 'indexing': {
      const verb = s.phase === 'embed' ? 'embedding' : s.phase === 'scan' ? 'scanning' : s.phase === 'resolve' ? 'linking' : 'indexing';
      const eta = timeLeft(s, now);
      const text = s.total > 0 ? `Brain: ${verb} ${fmt(s.done)} / ${fmt(s.total)}${eta ? ` · ${eta}` : ''}` : `Brain: ${verb}`;
      return { text, tooltip: 'Search answers from what is indexed so far. Click for index status', isError: false };
    }
    case 'ready': {
      const lines = ['Click for index status'];
      if (s.stats) {
        lines.unshift(
          `${fmt(s.stats.pages)} notes, ${fmt(s.stats.chunks)} chunks`,
          `${fmt(s.stats.links)} links (${fmt(s.stats.typedLinks)} typed, ${fmt(s.stats.dangling)} to missing notes)`,
        );
      }
      if (s.lastRun && (s.lastRun.failed > 0 || s.lastRun.skipped > 0)) {
        lines.unshift(`Last run: ${fmt(s.lastRun.skipped)} skipped, ${fmt(s.lastRun.failed)} failed`);
      }
      // Search still answers (keywords, titles, links), but not by meaning: said in the bar, not only in a log.
      if (s.semanticOff) {
        lines.unshift(semanticOffText(s.semanticOff));
        return { text: 'Brain: ready · semantic search off', tooltip: lines.join('\n'), isError: false, isWarning: true };
      }
      return { text: 'Brain: ready', tooltip: lines.join('\n'), isError: false };
    }
    case 'error':
      return { text: 'Brain: error — click for details', tooltip: s.message, isError: true };
  }
}
