// Extracts every link of a note (body wikilinks, embeds, Markdown links, inline fields, frontmatter)
// with its position, context and typed edge. Code, comments and math never count.
import { maskNonLinkText } from '../markdown/mask';
import type { ExtractedLink } from '../types';
import { fileStem } from '../markdown/title';
import { nameTokens } from './clause-subject';
import { contextAround, withinTitleHeadings } from './context';
import { typeBodyLinks, typeFrontmatterLink, type EdgeDecision } from './edge-types';
import { chooseCandidate, kindOfType } from './entity-kinds';
import { extractFrontmatterLinks } from './frontmatter-links';
import { fieldAt, findInlineFields } from './inline-fields';
import { LinksLineLookup } from './line-lookup';
import type { LinkMatch } from './link-match';
import { scanMarkdownLinks } from './markdown-links';
import { scanWikilinks } from './wikilinks';

export interface LinkExtractionInput {
  /** Vault-relative path of the note. */
  path: string;
  /** The whole file text. */
  text: string;
  /** Parsed frontmatter (may be {}), raw YAML text and its first line (1-based; 0 when none). */
  frontmatter: Record<string, unknown>;
  frontmatterText: string;
  frontmatterStartLine: number;
  /** Offset where the body starts in `text`. */
  bodyStart: number;
  /** Page type (`person`, `company`, `meeting`, ...), used by typed-edge rules. */
  pageType: string;
  /**
   * `maskNonLinkText(text.slice(bodyStart))` when the caller already has it (parseMarkdown's `maskedBody`),
   * so the body is not masked twice. Ignored unless its length matches the body.
   */
  maskedBody?: string;
  /** The page's title and aliases (its file name is added): a clause that opens with another name is not the page's. */
  pageNames?: readonly string[];
}

/** Masked copy of the file: frontmatter and code/comments/math become spaces, offsets unchanged. */
function maskBody(text: string, bodyStart: number, given: string | undefined): string {
  let masked = given;
  if (masked === undefined || masked.length !== text.length - bodyStart) {
    const body = text.slice(bodyStart);
    // The mask only changes text around backticks, tildes, `%%` and `$`; skip its pass when there are none.
    masked = /[`~%$]/.test(body) ? maskNonLinkText(body) : body;
  }
  return bodyStart === 0 ? masked : text.slice(0, bodyStart).replace(/[^\n]/g, ' ') + masked;
}

/** A body link's context: inside the body, and not across the note's title heading. */
function bodyContext(text: string, start: number, end: number, bodyStart: number): string {
  const [lo, hi] = withinTitleHeadings(text, start, end, bodyStart, text.length);
  return contextAround(text, start, end, undefined, lo, hi);
}

export function extractLinks(input: LinkExtractionInput): ExtractedLink[] {
  const text = input.text;
  const bodyStart = Math.min(Math.max(0, Math.trunc(input.bodyStart) || 0), text.length);
  const lines = new LinksLineLookup(text);
  const out: ExtractedLink[] = [];
  const build = (m: LinkMatch, d: EdgeDecision, line: number, candidates?: EdgeDecision[]): ExtractedLink => {
    const link: ExtractedLink = {
      raw: m.raw,
      targetText: m.targetText,
      source: m.source,
      type: d.type,
      direction: d.direction,
      line,
      offset: m.start,
      context: m.start >= bodyStart ? bodyContext(text, m.start, m.end, bodyStart) : contextAround(text, m.start, m.end, undefined, 0, bodyStart),
    };
    // Optional fields are left out rather than set to undefined.
    if (m.subpath !== undefined) link.subpath = m.subpath;
    if (m.alias !== undefined) link.alias = m.alias;
    if (m.field !== undefined) link.field = m.field;
    if (d.evidence !== undefined) link.evidence = d.evidence;
    if (d.past) link.past = true;
    if (candidates && candidates.length > 1) link.candidates = candidates;
    return link;
  };

  for (const { match, line } of extractFrontmatterLinks(input, text, lines)) {
    out.push(build(match, typeFrontmatterLink(match.field ?? '', input.pageType), line));
  }

  const scan = maskBody(text, bodyStart, input.maskedBody);
  const wikilinks = scanWikilinks(scan, text, bodyStart);
  const markdown = scanMarkdownLinks(scan, text, bodyStart, scan.length, wikilinks);
  const body = wikilinks.concat(markdown).sort((a, b) => a.start - b.start);
  if (body.length === 0) return out;
  const fields = findInlineFields(scan, bodyStart);
  if (fields.length > 0) {
    for (const link of body) {
      const field = fieldAt(fields, link.start);
      if (field) {
        link.source = 'inline-field';
        link.field = field.key;
      }
    }
  }
  const pageNames = nameTokens([...(input.pageNames ?? []), fileStem(input.path)]);
  const decisions = typeBodyLinks(body, { scan, pageType: input.pageType, frontmatter: input.frontmatter, pageNames });
  // The target's kind is not known before resolution: an unknown target lets the verb decide (parse-note re-picks).
  const pageKind = kindOfType(input.pageType);
  body.forEach((m, k) => {
    const candidates = decisions[k]!.candidates;
    out.push(build(m, chooseCandidate(candidates, pageKind, 'unknown'), lines.lineOf(m.start), candidates));
  });
  return out;
}
