// A one-line progress bar for terminals; silent when stderr is not a TTY (pipes, CI logs).
import type { IndexProgress } from '../core/index/indexer';

export function createProgressBar(stream: typeof process.stderr = process.stderr): {
  update(p: IndexProgress | { phase: string; done: number; total: number; current?: string }): void;
  end(): void;
} {
  const enabled = Boolean(stream.isTTY) && process.env.TERM !== 'dumb';
  // Machine-readable progress for scripts and the crash-resume test: one line per update.
  const lines = process.env.VAULT_BRAIN_PROGRESS === 'lines';
  let last = 0;
  let drawn = false;
  return {
    update(p) {
      if (lines) {
        if (!p.current) stream.write(`progress ${p.phase} ${p.done}/${p.total}\n`);
        return;
      }
      if (!enabled || p.total === 0) return;
      const now = Date.now();
      if (now - last < 80 && p.done < p.total) return;
      last = now;
      const width = 28;
      const filled = Math.round((p.done / p.total) * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      const current = p.current ? ` ${truncate(p.current, 40)}` : '';
      stream.write(`\r\x1b[2K${p.phase} ${bar} ${p.done}/${p.total}${current}`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}

function truncate(s: string, n: number): string {
  return s.length <= n ? s : `…${s.slice(s.length - n + 1)}`;
}
