// The links pane's rows: one per related note (not one per link), with the relations seen and every mention,
// so three links to the same company are one row saying "3". Frontmatter mentions name their property.
import type { BacklinkRow, OutgoingRow } from '../plugin/op-results';
import { frontmatterEntry, yamlListText } from '../../core/links/frontmatter-entry';
import { plainSnippet } from './highlight';

export interface Mention {
  /** The note to open for this mention (the linking note for a backlink, the target for an outgoing link). */
  path: string;
  line: number | null;
  /** The frontmatter property the link sits in, or null for a body link. */
  property: string | null;
  /** The words around the link, as prose. */
  text: string;
}

export interface RelatedNote {
  path: string;
  types: string[];
  mentions: Mention[];
}

/** The property a frontmatter or inline-field link sits in, or null for a body link. */
function propertyOf(source: string, field: string | null | undefined, context: string): string | null {
  if (field) return field;
  if (source === 'inline-field') return /([\p{L}\p{N}_-][\p{L}\p{N}_ -]{0,59})::/u.exec(context)?.[1]?.trim() ?? null;
  if (source !== 'frontmatter') return null;
  return frontmatterEntry(context).key;
}

/**
 * The words to show for a link: the prose around a body link; for a frontmatter link the value of its entry alone
 * (the property is shown as a label), its quotes, list dashes and brackets dropped (`- "[[Ann]]" - "[[Bo]]"` ->
 * `Ann, Bo`); for an inline field the context without the `key::`.
 */
function mentionText(source: string, context: string, property: string | null, raw: string | undefined): string {
  if (source === 'frontmatter') {
    const { value } = frontmatterEntry(context, raw ? [raw] : [], property);
    return plainSnippet(yamlListText(value));
  }
  return plainSnippet(property ? context.replace(`${property}::`, '') : context);
}


function byNote<T>(rows: T[], key: (r: T) => string, mention: (r: T) => Mention, type: (r: T) => string): RelatedNote[] {
  const notes = new Map<string, RelatedNote>();
  for (const r of rows) {
    const k = key(r);
    let n = notes.get(k);
    if (!n) notes.set(k, (n = { path: k, types: [], mentions: [] }));
    const t = type(r);
    if (!n.types.includes(t)) n.types.push(t);
    n.mentions.push(mention(r));
  }
  for (const n of notes.values()) n.types.sort((a, b) => Number(a === 'mentions') - Number(b === 'mentions') || a.localeCompare(b));
  // Typed relations first, then the notes mentioned most, then by path.
  return [...notes.values()].sort(
    (a, b) => Number(a.types.every((t) => t === 'mentions')) - Number(b.types.every((t) => t === 'mentions')) || b.mentions.length - a.mentions.length || a.path.localeCompare(b.path),
  );
}

/** A mention of an outgoing link opens this note (`from`) at the link's line; the row opens the target. */
export function outgoingByNote(rows: OutgoingRow[], from: string): RelatedNote[] {
  return byNote(
    rows.filter((r) => r.to !== null),
    (r) => r.to ?? r.targetText,
    (r) => {
      const property = propertyOf(r.source, r.field, r.context);
      return { path: from, line: r.line, property, text: mentionText(r.source, r.context, property, r.raw) };
    },
    (r) => r.type,
  );
}

export function backlinksByNote(rows: BacklinkRow[]): RelatedNote[] {
  return byNote(
    rows,
    (r) => r.from,
    (r) => {
      const property = propertyOf(r.source, r.field, r.context);
      return { path: r.from, line: r.line, property, text: mentionText(r.source, r.context, property, r.raw) };
    },
    (r) => r.type,
  );
}
