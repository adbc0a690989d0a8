// What the main thread sends with a change: each file's stat and bytes, read here where the vault is, so the
// worker indexes a batch of file events without asking back per file (2 + 4N thread crossings for N files
// before, one call now). A file the worker should not get (excluded now, larger than it indexes) goes without
// its bytes; the worker then asks for it as before and records why it skipped it.
import type { VaultSource } from '../../core/index/vault-source';
import type { PushedFile } from '../protocol/worker-api';

export interface PushOptions {
  /** Files larger than this go without their bytes (the worker skips them as too large). */
  maxBytes: number;
  /** The include/exclude rules in force now: an excluded file's bytes never leave the main thread. */
  accepts: (path: string) => boolean;
}

export async function pushFiles(source: VaultSource, paths: string[], options: PushOptions): Promise<PushedFile[]> {
  return Promise.all(
    [...new Set(paths)].map(async (path): Promise<PushedFile> => {
      if (!options.accepts(path)) return { path, stat: await source.stat(path) };
      const stat = await source.stat(path);
      if (!stat || stat.size > options.maxBytes) return { path, stat };
      try {
        return { path, stat, bytes: await source.read(path) };
      } catch {
        // Gone or unreadable since the event: the worker's own read finds out which and says so.
        return { path, stat };
      }
    }),
  );
}

/** The file just written by a write op, for the op's own re-index (null when it cannot be read back). */
export async function pushWritten(source: VaultSource, path: string, options: PushOptions): Promise<PushedFile | null> {
  const [file] = await pushFiles(source, [path], options);
  return file?.bytes ? file : null;
}
