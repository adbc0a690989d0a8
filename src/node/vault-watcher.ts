// Keeps a CLI-hosted brain (`mcp`, `serve`) live: Node's recursive fs.watch feeds the same change batcher the
// plugin uses (debounced per file, batched), and a periodic incremental rescan catches whatever the events
// missed (network drives, editors that swap files, platforms where recursive watching is unreliable).
// All index work, event batches and rescans alike, runs one at a time.
import { promises as fs, watch, type FSWatcher } from 'node:fs';
import * as path from 'node:path';
import type { Brain } from '../core/brain';
import { errorMessage } from '../core/errors';
import { ChangeBatcher } from '../core/index/change-batcher';
import { extensionOf } from '../core/index/path-rules';

export interface VaultWatcherOptions {
  vault: string;
  brain: Brain;
  log: (message: string) => void;
  /** Quiet time per file before it is indexed (ms). */
  debounceMs?: number;
  /** Incremental rescan period (ms); 0 turns it off. */
  rescanMs?: number;
  /** Called after each applied batch with the vault paths it covered (tests, recent-changes log). */
  onApplied?: (paths: string[]) => void;
}

export interface VaultWatcher {
  /** Runs index work in the watcher's queue, so it never overlaps a batch or a rescan (the initial index). */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Applies everything pending now; resolves when the index is up to date with what was seen. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_WATCH_DEBOUNCE_MS = 300;
export const DEFAULT_RESCAN_MS = 5 * 60_000;

export function watchVaultFolder(options: VaultWatcherOptions): VaultWatcher {
  const { brain, log } = options;
  const vault = path.resolve(options.vault);
  let serial: Promise<unknown> = Promise.resolve();
  let closed = false;
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    const next = serial.then(work);
    serial = next.catch(() => undefined);
    return next;
  };

  const apply = async (paths: string[]): Promise<void> => {
    // A folder event (created, renamed or deleted folder) names the folder, not its notes: rescan for those.
    const files: string[] = [];
    let folders = 0;
    for (const rel of paths) {
      const st = await fs.stat(path.join(vault, rel)).catch(() => null);
      if (st ? st.isDirectory() : extensionOf(rel) === '') folders++;
      else files.push(rel);
    }
    if (files.length > 0) await brain.updatePaths(files);
    if (folders > 0) await brain.guard(() => brain.indexer.run());
    await brain.embed();
    options.onApplied?.(paths);
  };
  const batcher = new ChangeBatcher(
    { update: (paths) => run(() => apply(paths)), rename: (from, to) => run(() => apply([from, to])) },
    {
      debounceMs: options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS,
      onError: (e, work) => log(`could not apply a change (${work}): ${errorMessage(e)}`),
    },
  );

  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(vault, { recursive: true, persistent: false }, (_event, filename) => {
      if (closed || !filename) return;
      const rel = filename.toString().split(path.sep).join('/');
      if (ignored(brain, rel)) return;
      batcher.changed(rel);
    });
    watcher.on('error', (e) => log(`watching stopped (${e.message}); changes are picked up by the periodic rescan`));
  } catch (e) {
    log(`cannot watch ${vault} (${errorMessage(e)}); changes are picked up by the periodic rescan`);
  }

  const rescanMs = options.rescanMs ?? DEFAULT_RESCAN_MS;
  const rescan =
    rescanMs > 0
      ? setInterval(() => {
          void run(async () => {
            const s = await brain.index();
            if (s.indexed + s.deleted + s.renamed > 0) log(`rescan: ${s.indexed} changed, ${s.deleted} deleted, ${s.renamed} renamed`);
          }).catch((e: unknown) => log(`rescan failed: ${errorMessage(e)}`));
        }, rescanMs)
      : null;
  rescan?.unref();

  return {
    exclusive: run,
    async flush() {
      await batcher.flush();
      await serial;
    },
    async close() {
      closed = true;
      watcher?.close();
      if (rescan) clearInterval(rescan);
      batcher.dispose();
      await serial;
    },
  };
}

/** Paths the index never holds (the brain's own folder, .git, excluded folders): dropped before batching. */
function ignored(brain: Brain, rel: string): boolean {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join('/');
    if (i < parts.length ? brain.filter.excludesFolder(prefix) : brain.filter.excludedByRule(prefix)) return true;
  }
  return false;
}
