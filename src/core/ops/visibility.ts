// What a caller may see, in one place. Remote callers (MCP, and any call that does not say it is local) never
// see notes the path rules exclude, even while the store still holds them (rules changed since the last index):
// the exclusions go into the store's queries (so a page of results fills from visible notes) and `shows` is
// applied once to what comes back (the authority: a store's case folding may differ from the rules').
import type { Brain } from '../brain';
import { NoteNotFoundError } from '../note-not-found';
import type { OpContext } from './registry';
import { confineVaultPath } from './remote-path';

export interface Visibility {
  /** True when the caller may see this path; a dangling link's null target hides nothing. */
  shows(path: string | null): boolean;
  /** Patterns of the paths to leave out inside store queries (`hidden` of the engine's options); undefined: none. */
  readonly hidden: string[] | undefined;
  /** A note name resolved for this caller: remote callers get confined paths and never an excluded note. */
  note(name: string): Promise<string>;
  /** A folder the caller named, confined to the vault for remote callers. */
  folder(folder: string | undefined): string | undefined;
}

/** The visibility of one op call: everything for local callers, what the rules accept for remote ones. */
export function visibilityOf(ctx: OpContext<Brain>): Visibility {
  return filtered(ctx.brain, Boolean(ctx.remote));
}

/** What the path rules accept, whoever asks (think answers only from accepted notes, for every caller). */
export function acceptedBy(brain: Brain): Visibility {
  return filtered(brain, true);
}

function filtered(brain: Brain, hide: boolean): Visibility {
  const filter = brain.filter;
  return {
    shows: (path) => !hide || path === null || filter.accepts(path),
    hidden: hide ? filter.exclusionPatterns() : undefined,
    async note(name) {
      const wanted = hide ? confineVaultPath(name) : name;
      let path: string;
      try {
        path = await brain.resolveNote(wanted);
      } catch (e) {
        // Suggestions come from every indexed note: a remote caller must not learn excluded names from them.
        if (hide && e instanceof NoteNotFoundError) throw new NoteNotFoundError(name, e.suggestions.filter((s) => filter.accepts(s)));
        throw e;
      }
      if (hide && !filter.accepts(path)) throw new NoteNotFoundError(name, []);
      return path;
    },
    folder: (folder) => (folder && hide ? confineVaultPath(folder) : folder),
  };
}
