// How the worker's write ops reach the vault: the plugin's main thread writes through the vault API, after its
// own checks. The worker's registry already confined the path and applied the rules it was opened with; here the
// rules as saved now apply (a rule added but not yet applied already protects its notes), and on desktop a path
// that leads out of the vault's folder through a symlink is refused.
import { PathRefusedError } from '../../core/ops/remote-path';
import type { NoteWriter } from '../../core/ops/note-writer';

export interface PluginNoteWriterOptions {
  /** Writes through the vault API (ObsidianNoteWriter), or a stand-in in tests. */
  writer: NoteWriter;
  /** The include/exclude rules in force now. */
  accepts(path: string): boolean;
  /** The vault's folder on disk (desktop FileSystemAdapter), or null (mobile). */
  vaultRoot?: () => string | null;
}

export function pluginNoteWriter(options: PluginNoteWriterOptions): NoteWriter {
  const target = async (path: string): Promise<NoteWriter> => {
    if (!options.accepts(path)) throw new PathRefusedError('this path is excluded from the brain and cannot be written');
    const root = options.vaultRoot?.() ?? null;
    if (!root) return options.writer;
    const { confinedToVaultRoot } = await import('./vault-root-guard');
    return confinedToVaultRoot(options.writer, root);
  };
  return {
    create: async (path, text) => (await target(path)).create(path, text),
    append: async (path, text) => (await target(path)).append(path, text),
    linkMention: async (path, at, linktext) => (await target(path)).linkMention(path, at, linktext),
  };
}
