// Finds the note a person means: a vault path, a path without `.md`, a basename, a title or an alias
// (case-insensitive, shortest path on ties, as Obsidian resolves links). Unknown names get suggestions.
import { editDistance } from '../util/edit-distance';

export interface NamedPage {
  path: string;
  title: string;
  aliases: string[];
}

export type NoteLookup = { path: string } | { path: null; suggestions: string[] };

export function findNoteByName(name: string, pages: NamedPage[]): NoteLookup {
  const wanted = normalize(name);
  const wantedNoExt = wanted.replace(/\.md$/, '');
  const tiers: ((p: NamedPage) => boolean)[] = [
    (p) => normalize(p.path) === wanted,
    (p) => normalize(p.path).replace(/\.md$/, '') === wantedNoExt,
    (p) => basename(normalize(p.path)) === wantedNoExt,
    (p) => normalize(p.title) === wantedNoExt,
    (p) => p.aliases.some((a) => normalize(a) === wantedNoExt),
  ];
  for (const matches of tiers) {
    const hit = pages.filter(matches).sort(byShortestPath)[0];
    if (hit) return { path: hit.path };
  }
  return { path: null, suggestions: suggest(wantedNoExt, pages) };
}

function suggest(wanted: string, pages: NamedPage[], n = 5): string[] {
  const scored: { path: string; score: number }[] = [];
  const max = Math.max(2, Math.floor(wanted.length / 3));
  for (const p of pages) {
    const names = [basename(normalize(p.path)), normalize(p.title), ...p.aliases.map(normalize)];
    let best = Infinity;
    for (const n of names) {
      const d = n.includes(wanted) || wanted.includes(n) ? 1 : editDistance(wanted, n, max);
      if (d < best) best = d;
    }
    if (best <= max) scored.push({ path: p.path, score: best });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.path.length - b.path.length || a.path.localeCompare(b.path))
    .slice(0, n)
    .map((s) => s.path);
}

function normalize(s: string): string {
  return s.normalize('NFC').trim().replace(/\\/g, '/').replace(/^\.?\//, '').toLowerCase();
}

function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1).replace(/\.md$/, '');
}

function byShortestPath(a: NamedPage, b: NamedPage): number {
  return a.path.length - b.path.length || a.path.localeCompare(b.path);
}
