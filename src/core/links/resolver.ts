// Resolves link targets to vault paths the way Obsidian does: exact path, relative to the note, vault
// root, then basename and alias (shortest path wins, ties alphabetical). Case-insensitive, NFC.
// Every lookup is a map hit; upsert/remove touch only the entries of one note.
import type { ExtractedLink, ResolvedLink } from '../types';

export interface NoteEntry {
  /** Vault-relative path, forward slashes, with extension (`people/Alice Chen.md`). */
  path: string;
  aliases?: string[];
}

interface Stored {
  path: string;
  pathKey: string;
  stemKey: string | null;
  nameKey: string;
  aliasKeys: string[];
}

const MD_EXT = /\.md$/i;

/** Comparison key: NFC, lower-case, forward slashes. */
function keyOf(s: string): string {
  const n = nfc(s);
  return (n.includes('\\') ? n.replace(/\\/g, '/') : n).toLowerCase();
}

const NON_ASCII = /[^\t\n\r\u0020-\u007e]/;

/** NFC; ASCII strings (most paths) are already normalized and skip the costly ICU call. */
function nfc(s: string): string {
  return !NON_ASCII.test(s) ? s : s.normalize('NFC');
}

function stripMd(k: string): string {
  return k.replace(MD_EXT, '');
}

function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  return i === -1 ? '' : p.slice(0, i);
}

/** Collapses `.`/`..`/empty segments; null when the path climbs above the vault root. */
function collapse(p: string): string | null {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

/** Shorter paths first, then alphabetical: Obsidian's choice among notes sharing a name. */
function byPreference(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const ka = a.toLowerCase();
  const kb = b.toLowerCase();
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function insertSorted(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [path]);
    return;
  }
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byPreference(list[mid]!, path) < 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, path);
}

function removeFrom(map: Map<string, string[]>, key: string, path: string): void {
  const list = map.get(key);
  if (!list) return;
  const i = list.indexOf(path);
  if (i !== -1) list.splice(i, 1);
  if (list.length === 0) map.delete(key);
}

/** Resolves link targets to vault paths the way Obsidian does. Rebuilt or updated as notes change. */
export class LinkResolver {
  private readonly notes = new Map<string, Stored>();
  /** Full path key -> path (any file, `people/alice.md`, `img/a.png`). */
  private readonly byPath = new Map<string, string>();
  /** Note path key without `.md` -> path. */
  private readonly byStem = new Map<string, string>();
  /** Basename key (without `.md` for notes, with the extension for other files) -> paths, preferred first. */
  private readonly byName = new Map<string, string[]>();
  private readonly byAlias = new Map<string, string[]>();
  /** Resolutions by (folder, target): a vault repeats the same targets from the same folders constantly. */
  private readonly memo = new Map<string, string | null>();

  constructor(notes: Iterable<NoteEntry> = []) {
    for (const n of notes) this.upsert(n);
  }

  get size(): number {
    return this.notes.size;
  }

  /**
   * Every note as stored: path and alias keys. A resolver built from these resolves exactly as this one does (keys
   * are normalised once more to themselves), so another thread can be given a copy (index/parse-pool.ts).
   */
  entries(): NoteEntry[] {
    return [...this.notes.values()].map((s) => ({ path: s.path, aliases: s.aliasKeys }));
  }

  /** Adds or replaces a note (and its aliases). */
  upsert(note: NoteEntry): void {
    let path = nfc(note.path);
    if (path.includes('\\')) path = path.replace(/\\/g, '/');
    if (path.startsWith('/')) path = path.replace(/^\/+/, '');
    if (!path) return;
    const pathKey = path.toLowerCase();
    const existing = this.notes.get(pathKey);
    if (existing && existing.path === path && sameAliases(existing.aliasKeys, note.aliases)) return;
    if (this.memo.size > 0) this.memo.clear();
    if (existing) this.remove(path);
    const stemKey = pathKey.endsWith('.md') ? pathKey.slice(0, -3) : null;
    const nameKey = (stemKey ?? pathKey).slice(pathKey.lastIndexOf('/') + 1);
    const aliasKeys: string[] = [];
    for (const alias of note.aliases ?? []) {
      const k = keyOf(String(alias)).trim();
      if (k !== '' && !aliasKeys.includes(k)) aliasKeys.push(k);
    }
    this.notes.set(pathKey, { path, pathKey, stemKey, nameKey, aliasKeys });
    this.byPath.set(pathKey, path);
    if (stemKey !== null) this.byStem.set(stemKey, path);
    insertSorted(this.byName, nameKey, path);
    for (const k of aliasKeys) insertSorted(this.byAlias, k, path);
  }

  remove(path: string): void {
    const pathKey = keyOf(path).replace(/^\/+/, '');
    const s = this.notes.get(pathKey);
    if (!s) return;
    if (this.memo.size > 0) this.memo.clear();
    this.notes.delete(pathKey);
    if (this.byPath.get(pathKey) === s.path) this.byPath.delete(pathKey);
    if (s.stemKey !== null && this.byStem.get(s.stemKey) === s.path) this.byStem.delete(s.stemKey);
    removeFrom(this.byName, s.nameKey, s.path);
    for (const a of s.aliasKeys) removeFrom(this.byAlias, a, s.path);
  }

  /** Resolved vault path for `targetText` written in note `fromPath`, or null (dangling). */
  resolve(targetText: string, fromPath: string): string | null {
    const slash = fromPath.lastIndexOf('/');
    const memoKey = `${slash < 0 ? '' : fromPath.slice(0, slash)}\u0000${targetText}`;
    const known = this.memo.get(memoKey);
    if (known !== undefined) return known;
    const resolved = this.resolveUncached(targetText, fromPath);
    if (this.memo.size > 50_000) this.memo.clear();
    this.memo.set(memoKey, resolved);
    return resolved;
  }

  private resolveUncached(targetText: string, fromPath: string): string | null {
    const target = keyOf(targetText).trim();
    if (!target) return null;
    const fromDir = dirname(keyOf(fromPath));
    const relativeSyntax = target.startsWith('./') || target.startsWith('../');
    // 1. Exact vault path as written.
    if (!relativeSyntax && !target.startsWith('/')) {
      const hit = this.lookupPath(target);
      if (hit) return hit;
    }
    // 2. Relative to the linking note's folder (a leading `/` means the vault root instead).
    if (!target.startsWith('/')) {
      const rel = collapse(fromDir ? `${fromDir}/${target}` : target);
      const relHit = rel !== null ? this.lookupPath(rel) : null;
      if (relHit) return relHit;
    }
    // 3. Vault root (`/people/alice`, `./x` from the root).
    const root = collapse(target);
    const rootHit = root !== null ? this.lookupPath(root) : null;
    if (rootHit) return rootHit;
    // 4. Basename, or a path suffix (`sub/Note` matches `a/b/sub/Note.md`).
    const stem = stripMd(target).replace(/^(?:\.{1,2}\/)+|^\/+/, '');
    const name = stem.slice(stem.lastIndexOf('/') + 1);
    const candidates = this.byName.get(name) ?? this.byName.get(keyOf(target.slice(target.lastIndexOf('/') + 1)));
    if (candidates) {
      if (!stem.includes('/')) return candidates[0] ?? null;
      const suffix = `/${stem}`;
      for (const p of candidates) {
        const s = this.notes.get(keyOf(p));
        const k = s?.stemKey ?? s?.pathKey ?? '';
        if (k === stem || k.endsWith(suffix)) return p;
      }
    }
    // 5. Alias.
    return this.byAlias.get(target)?.[0] ?? this.byAlias.get(stripMd(target))?.[0] ?? null;
  }

  /** Path for an exact key: a file with that full name, or a note without its `.md`. */
  private lookupPath(k: string): string | null {
    return this.byPath.get(k) ?? this.byStem.get(stripMd(k)) ?? null;
  }
}

/** Attaches the resolved target path (or null) to each extracted link. */
export function resolveLinks(links: readonly ExtractedLink[], resolver: LinkResolver, fromPath: string): ResolvedLink[] {
  return links.map((l) => ({ ...l, target: resolver.resolve(l.targetText, fromPath) }));
}

function sameAliases(stored: readonly string[], aliases: readonly unknown[] | undefined): boolean {
  const keys: string[] = [];
  for (const alias of aliases ?? []) {
    const k = keyOf(String(alias)).trim();
    if (k !== '' && !keys.includes(k)) keys.push(k);
  }
  return keys.length === stored.length && keys.every((k, i) => k === stored[i]);
}
