// Obsidian's "Excluded files" (Settings -> Files and links; `userIgnoreFilters` in the vault config): each filter
// is a path prefix (`Archive/`, `Daily/2023`) or a regular expression between slashes (`/\.excalidraw\.md$/`).
// Core search hides such notes; the brain honours them the same way unless the user opts out.

/** A filter as a regular expression over vault paths, or null for one that is empty or not a valid expression. */
export function ignoreFilterRegExp(filter: string): RegExp | null {
  const f = filter.trim();
  if (!f) return null;
  if (f.length > 2 && f.startsWith('/') && f.endsWith('/')) {
    try {
      return new RegExp(f.slice(1, -1));
    } catch {
      return null; // Obsidian skips an invalid expression too; the settings preview names it.
    }
  }
  // A prefix, matched case-insensitively like the brain's own rules (a case variant is hidden rather than shown).
  return new RegExp(`^${f.replace(/^\.?\//, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i');
}

/** Obsidian's filters as the vault config holds them: strings only, blanks dropped. */
export function ignoreFilterList(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((x): x is string => typeof x === 'string' && x.trim().length > 0 && x.length <= 1000).slice(0, 500);
}
