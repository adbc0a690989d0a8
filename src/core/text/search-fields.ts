// What a chunk's full-text vector holds, field by field. A chunk is found by its own words, but a note's name and
// what the note says about itself (frontmatter `description`, `role`, `location`, ...) describe every chunk of it:
// "the developer advocate in Melbourne" is answered by a note whose body never says "developer advocate" but whose
// `role` property does. Each field's positions carry a tsvector label, and the keyword ranker counts a word by
// its field's weight before BM25 saturates it (BM25F), as MiniSearch/Omnisearch weigh title x3 and headings x2.
import type { Chunk } from '../types';
import { segmentForIndex } from './segment';
import type { FieldLabel, WeightedText } from './lexemes';

/** The note-level fields every chunk of a note carries. */
export interface NoteFields {
  /** Title and aliases. */
  names: string;
  /** Frontmatter `description`/`summary`-like fields: the note in one sentence. */
  about: string;
  /** Other frontmatter values (role, location, company, status, ...). */
  properties: string;
}

/**
 * How much one occurrence counts in each field, relative to the body: names and what the note says it is about
 * (description, heading) x4, other properties x2. Started as Omnisearch's defaults (title x3, headings x2); with
 * coverage in the ranker, dev halves R@5/MRR for A3 B2 -> A4 B4: blind EN .779/.608 -> .779/.620, new EN
 * .647/.438 -> .647/.532, blind ZH help .829/.651 -> .829/.652, new ZH .639/.437 -> .639/.436, the rest unchanged
 * (A3 B3 and A6 B6 C3 measured between the two or below). Applied at query time (keyword-ranker.ts), so a change
 * needs no reindex.
 */
export const FIELD_WEIGHTS: Readonly<Record<FieldLabel, number>> = { A: 4, B: 4, C: 2, D: 1 };

const ABOUT_KEYS = new Set(['description', 'summary', 'abstract', 'excerpt', 'subtitle']);
/** Keys that hold no words about the topic (Obsidian, Publish and plugin plumbing) or that have their own field. */
const SKIP_KEYS = new Set([
  'aliases', 'alias', 'title', 'permalink', 'cssclasses', 'cssclass', 'publish', 'mobile', 'banner', 'cover',
  'image', 'icon', 'color', 'colour', 'uid', 'id', 'position',
]);
/** Frontmatter text kept per note: properties describe, they are not a second body. */
const MAX_FIELD_CHARS = 2000;

function flatten(value: unknown, out: string[], depth = 0): void {
  if (depth > 3) return;
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) flatten(v, out, depth + 1);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) flatten(v, out, depth + 1);
}

function capped(parts: string[]): string {
  const text = parts.join(' \n ');
  return text.length <= MAX_FIELD_CHARS ? text : text.slice(0, MAX_FIELD_CHARS);
}

/** The searchable note-level fields of a parsed note. */
export function noteFields(note: { title: string; aliases: readonly string[]; frontmatter: Record<string, unknown> }): NoteFields {
  const about: string[] = [];
  const properties: string[] = [];
  for (const [key, value] of Object.entries(note.frontmatter)) {
    const k = key.toLowerCase();
    if (SKIP_KEYS.has(k) || typeof value === 'boolean') continue;
    flatten(value, ABOUT_KEYS.has(k) ? about : properties);
  }
  return { names: capped([note.title, ...note.aliases]), about: capped(about), properties: capped(properties) };
}

/** A chunk's fields for its tsvector (CJK segmented): names A, description and heading B, properties C, text D. */
export function chunkFields(chunk: Pick<Chunk, 'heading' | 'text'>, note: NoteFields | null): WeightedText[] {
  const out: WeightedText[] = [];
  const add = (text: string, label: FieldLabel): void => {
    if (text.trim() !== '') out.push({ text: segmentForIndex(text), label });
  };
  if (note) {
    add(note.names, 'A');
    add(note.about, 'B');
    add(note.properties, 'C');
  }
  add(chunk.heading, 'B');
  add(chunk.text, 'D');
  return out;
}
