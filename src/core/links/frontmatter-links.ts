// Links written in frontmatter values: `company: "[[Acme]]"`, lists, nested maps, at any depth.
// The parsed YAML says which strings hold links; the raw YAML text says on which file line they are.
import type { LinkMatch } from './link-match';
import type { LinksLineLookup } from './line-lookup';
import { scanWikilinks } from './wikilinks';

export interface FrontmatterLinkInput {
  frontmatter: Record<string, unknown>;
  frontmatterText: string;
  /** 1-based file line of the first YAML line; 0 when the note has no frontmatter. */
  frontmatterStartLine: number;
}

export interface FrontmatterLink {
  /** Offsets are file offsets of the link's raw text (or of the key's line when not found verbatim). */
  match: LinkMatch;
  line: number;
}

const MAX_DEPTH = 32;

/** Wikilink strings inside a YAML value, in document order. */
function collectLinkStrings(value: unknown, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.includes('[[')) out.push(value);
  } else if (Array.isArray(value)) {
    // Unquoted `[[Acme]]` is YAML for a list holding a list holding 'Acme': read it as the link it was meant to be.
    const inner: unknown = value.length === 1 ? value[0] : undefined;
    if (Array.isArray(inner) && inner.length === 1 && isScalar(inner[0])) {
      out.push(`[[${String(inner[0])}]]`);
      return;
    }
    for (const item of value) collectLinkStrings(item, depth + 1, out);
  } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const item of Object.values(value as Record<string, unknown>)) collectLinkStrings(item, depth + 1, out);
  }
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Offset of the line in `yaml` where top-level `key:` is written, or 0. */
function keyOffset(yaml: string, key: string): number {
  const re = new RegExp(`^(["']?)${escapeRegExp(key)}\\1[ \\t]*:`, 'm');
  return re.exec(yaml)?.index ?? 0;
}

/** Extracts frontmatter links. `text` is the whole file; `lines` indexes it. */
export function extractFrontmatterLinks(input: FrontmatterLinkInput, text: string, lines: LinksLineLookup): FrontmatterLink[] {
  const out: FrontmatterLink[] = [];
  const yaml = input.frontmatterText;
  const yamlStart = input.frontmatterStartLine > 0 ? lines.startOf(input.frontmatterStartLine) : -1;
  // Only trust the raw YAML for positions when it sits verbatim in the file.
  const verbatim = yamlStart >= 0 && text.startsWith(yaml, yamlStart);
  for (const [key, value] of Object.entries(input.frontmatter)) {
    const strings: string[] = [];
    collectLinkStrings(value, 0, strings);
    if (strings.length === 0) continue;
    const keyAt = keyOffset(yaml, key);
    let cursor = keyAt;
    for (const s of strings) {
      for (const m of scanWikilinks(s, s)) {
        let at = yaml.indexOf(m.raw, cursor);
        if (at === -1) at = yaml.indexOf(m.raw);
        const found = at !== -1;
        if (found) cursor = at + m.raw.length;
        const yamlOffset = found ? at : keyAt;
        const yamlLine = countNewlines(yaml, yamlOffset);
        const line = input.frontmatterStartLine > 0 ? input.frontmatterStartLine + yamlLine : 1;
        const start = verbatim ? yamlStart + yamlOffset : Math.max(0, lines.startOf(line));
        const end = verbatim && found ? start + m.raw.length : start;
        out.push({ match: { ...m, start, end, source: 'frontmatter', field: key }, line });
      }
    }
  }
  return out;
}

function countNewlines(s: string, end: number): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1 && i < end; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
