// What the status bar says for each brain state (text and tooltip), kept apart from the DOM so it is testable.
import type { BrainState } from './brain-service';

export interface StatusText {
  text: string;
  tooltip: string;
  isError: boolean;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

export function statusText(s: BrainState): StatusText {
  switch (s.kind) {
    case 'idle':
      return { text: 'Brain: off', tooltip: 'The index is closed', isError: false };
    case 'starting':
      return { text: 'Brain: starting', tooltip: 'Opening the index', isError: false };
    case 'indexing': {
      const verb = s.phase === 'embed' ? 'embedding' : s.phase === 'scan' ? 'scanning' : s.phase === 'resolve' ? 'linking' : 'indexing';
      const text = s.total > 0 ? `Brain: ${verb} ${fmt(s.done)} / ${fmt(s.total)}` : `Brain: ${verb}`;
      return { text, tooltip: 'Click for index status', isError: false };
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
      return { text: 'Brain: ready', tooltip: lines.join('\n'), isError: false };
    }
    case 'error':
      return { text: 'Brain: error — click for details', tooltip: s.message, isError: true };
  }
}
