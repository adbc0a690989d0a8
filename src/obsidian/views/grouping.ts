// Groups op results for display: search hits by note, links by relation type.
import type { SearchHit } from '../plugin/op-results';

export interface NoteGroup {
  path: string;
  title: string;
  hits: SearchHit[];
}

/** Hits of the same note together, notes in the order of their best hit. */
export function groupByNote(hits: SearchHit[]): NoteGroup[] {
  const groups = new Map<string, NoteGroup>();
  for (const h of hits) {
    let g = groups.get(h.path);
    if (!g) groups.set(h.path, (g = { path: h.path, title: h.title || basename(h.path), hits: [] }));
    g.hits.push(h);
  }
  return [...groups.values()];
}

/**
 * A hit's heading path as shown under its note's title: without the leading title (a note's H1 usually is its
 * title, so "Acme > Funding" under "Acme" reads "Funding"), and nothing when the path is only the title.
 */
export function headingUnderTitle(heading: string | null | undefined, title: string): string {
  const parts = (heading ?? '').split(' > ').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 0 && parts[0]!.toLowerCase() === title.trim().toLowerCase()) parts.shift();
  return parts.join(' > ');
}

export interface TypeGroup<T> {
  type: string;
  items: T[];
}

/** Typed relations first (most items first), plain mentions last. */
export function groupByType<T extends { type: string }>(rows: T[]): TypeGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const list = groups.get(r.type);
    if (list) list.push(r);
    else groups.set(r.type, [r]);
  }
  return [...groups.entries()]
    .map(([type, items]) => ({ type, items }))
    .sort((a, b) => Number(a.type === 'mentions') - Number(b.type === 'mentions') || b.items.length - a.items.length || a.type.localeCompare(b.type));
}

/** Relation types shown as words: `works_at` -> `works at`. */
export function typeLabel(type: string): string {
  return type.replace(/[_-]+/g, ' ').trim() || 'link';
}

/** A CSS class for a relation type; built-in types get their own colour, the rest share one. */
export function typeClass(type: string): string {
  const known = ['mentions', 'founded', 'invested_in', 'advises', 'works_at', 'attended', 'related_to'];
  return known.includes(type) ? `vb-type-${type.replace(/_/g, '-')}` : 'vb-type-other';
}

export function basename(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.replace(/\.(md|markdown)$/i, '');
}
