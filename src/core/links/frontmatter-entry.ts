// A frontmatter link's stored context is the frontmatter around it folded onto one line
// (`--- type: person tags: [person] company: "[[Acme]]" location: Rome`): fine for typing, raw YAML to a reader.
// Surfaces that show or quote such a link cut out the one `key: value` entry that holds it.

export interface FrontmatterEntry {
  /** The property holding the link (`company`), or null when no key could be found before it. */
  key: string | null;
  /** The entry's value as written (`"[[Acme]]"`, `- "[[Ann]]" - "[[Bo]]"`, `[[[A]], [[B]]]`). */
  value: string;
}

/** A YAML key (or an inline `key::` field) in folded text: at the start or after whitespace, then whitespace. */
const KEY = /(?:^|\s)([\p{L}_][\p{L}\p{N}_-]*)(::?)(?=\s|$)/gu;

/**
 * The entry holding the link: from the last key at or before the link to the next key after it. The link is found
 * by `needles` (its raw text, or `[[` + the target's names); the window's middle stands in when none is found. With
 * `field` (the property the parser recorded), the entry starts at that key's nearest occurrence before the link.
 * Best effort: a value that itself holds `word: ` is cut there.
 */
export function frontmatterEntry(context: string, needles: readonly string[] = [], field?: string | null): FrontmatterEntry {
  const text = context.trim();
  const lower = text.toLowerCase();
  const found = needles.filter((n) => n.length >= 2).map((n) => lower.indexOf(n.toLowerCase())).filter((i) => i >= 0);
  const link = found.length > 0 ? Math.min(...found) : Math.floor(text.length / 2);
  const keys = [...text.matchAll(KEY)].map((m) => ({ name: m[1]!, at: m.index + m[0].indexOf(m[1]!), valueAt: m.index + m[0].length }));
  const before = keys.filter((k) => k.at <= link);
  const named = field ? keys.filter((k) => k.name === field) : [];
  const start = (named.length > 0 ? (named.filter((k) => k.at <= link).at(-1) ?? named[0]) : before.at(-1)) ?? null;
  if (!start) return { key: null, value: stripFence(text) };
  const next = keys.find((k) => k.at > Math.max(start.at, link));
  const value = text.slice(start.valueAt, next ? next.at : text.length);
  return { key: start.name, value: stripFence(value) };
}

/**
 * `key: value` as one line of text (the entry, or the whole context when no key was found), the value as a reader
 * says it (`yamlListText`): `attendees: [[Ann Lee]], [[Bo Chen]]`, not the YAML of a list of quoted links.
 */
export function frontmatterEntryText(context: string, needles: readonly string[] = [], field?: string | null): string {
  const e = frontmatterEntry(context, needles, field);
  return e.key === null ? e.value : `${e.key}: ${yamlListText(e.value)}`;
}

/** A flow list's items: quoted strings, whole wikilinks (a `,` in an alias is no separator), or plain runs. */
const FLOW_ITEM = /"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|\[\[[^\]]*\]\]|[^,]+/g;

/**
 * A YAML value as a reader says it: a flow list (`["[[Ann]]", "[[Bo]]"]`, or unquoted `[[[Ann]], [[Bo]]]`), a
 * folded block list (`- "[[Ann]]" - "[[Bo]]"`) or a quoted scalar become `[[Ann]], [[Bo]]`; links are kept as
 * written. A bare `[[Acme]]` is one link, not a list.
 */
export function yamlListText(value: string): string {
  const v = value.trim();
  const flow = v.startsWith('[') && v.endsWith(']') && (!v.startsWith('[[') || v.startsWith('[[['));
  const items = flow ? (v.slice(1, -1).match(FLOW_ITEM) ?? []) : v.startsWith('- ') ? v.slice(2).split(/\s-\s+/) : [v];
  return items
    .map((item) => item.trim().replace(/^(["'])(.*)\1$/, '$2'))
    .filter((item) => item !== '')
    .join(', ');
}

function stripFence(s: string): string {
  return s.replace(/^\s*---\s*/, '').replace(/\s*---\s*$/, '').trim();
}
