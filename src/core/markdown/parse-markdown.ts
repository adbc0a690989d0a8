// One note's text -> its parts: frontmatter, title, type, aliases, tags, compiled truth / timeline split and
// timeline entries. Never throws: every problem becomes a warning and the note is still indexed.
import { errorMessage } from '../errors';

import type { ParseWarning, TimelineEntry } from '../types';
import { readAliases } from './aliases';
import { splitFrontmatter } from './frontmatter';
import { findHeadings, type Heading } from './headings';
import { LineIndex } from './line-index';
import { maskNonLinkText } from './mask';
import { resolveNoteType, typeFromFolder } from './note-type';
import { collectTags } from './tags';
import { parseTimelineEntries, splitTimeline, type TimelineMarker } from './timeline';
import { fileStem, resolveTitle } from './title';
import { WarningList } from './warnings';

export interface MarkdownParts {
  title: string;
  type: string;
  aliases: string[];
  tags: string[];
  frontmatter: Record<string, unknown>;
  /** Raw frontmatter YAML text (between the `---` lines), '' when none. */
  frontmatterText: string;
  /** 1-based line of the first YAML line (the line after the opening `---`), 0 when none. */
  frontmatterStartLine: number;
  /**
   * Offset in the file where the body starts (just after the closing `---` line), 0 when no frontmatter
   * (1 when the file starts with a BOM: the BOM is not body text).
   */
  bodyStart: number;
  /** [start, end) offsets in the file of the compiled-truth part of the body. */
  compiledRange: [number, number];
  /** [start, end) offsets in the file of the timeline section (start === end when none). */
  timelineRange: [number, number];
  compiledTruth: string;
  timelineText: string;
  timeline: TimelineEntry[];
  warnings: ParseWarning[];
  /** ATX headings of the body outside code/comments/math, in order (file offsets). */
  headings: Heading[];
  /** Which marker split off the timeline; null when the note has none. The marker line is in neither range. */
  timelineMarker: TimelineMarker | null;
  /**
   * The body (from `bodyStart`) with code, comments and math blanked (maskNonLinkText), offsets unchanged;
   * handed to link extraction so the body is masked once. Undefined when parsing failed.
   */
  maskedBody?: string;
}

/** Characters that maskNonLinkText acts on; a body without any needs no masking. */
const MASKABLE = /[`~%$]/;

export function parseMarkdown(path: string, text: string): MarkdownParts {
  const safeText = typeof text === 'string' ? text : String(text ?? '');
  const safePath = typeof path === 'string' ? path : String(path ?? '');
  try {
    return parse(safePath, safeText);
  } catch (e) {
    // Last resort for bugs: a note must never fail to index because of its content.
    return fallback(safePath, safeText, e);
  }
}

function parse(path: string, text: string): MarkdownParts {
  const warnings = new WarningList();
  const lines = new LineIndex(text);
  const fm = splitFrontmatter(text, lines, warnings);
  const base = fm.bodyStart;
  const body = text.slice(base);
  const masked = MASKABLE.test(body) ? maskNonLinkText(body) : body;
  const headings = findHeadings(masked, base);

  const split = splitTimeline(masked, base, text.length, headings);
  const compiledRange: [number, number] = [base, split.markerStart];
  const timelineRange: [number, number] = split.marker === null ? [text.length, text.length] : [split.timelineStart, text.length];
  const timeline =
    split.marker === null ? [] : parseTimelineEntries(text, masked, base, timelineRange[0], timelineRange[1], lines, warnings);

  return {
    title: resolveTitle(path, fm.frontmatter, text, headings),
    type: resolveNoteType(path, fm.frontmatter),
    aliases: readAliases(fm.frontmatter),
    tags: collectTags(fm.frontmatter, body, masked),
    frontmatter: fm.frontmatter,
    frontmatterText: fm.frontmatterText,
    frontmatterStartLine: fm.frontmatterStartLine,
    bodyStart: base,
    compiledRange,
    timelineRange,
    compiledTruth: text.slice(compiledRange[0], compiledRange[1]),
    timelineText: text.slice(timelineRange[0], timelineRange[1]),
    timeline,
    warnings: warnings.finish(),
    headings,
    timelineMarker: split.marker,
    maskedBody: masked,
  };
}

function fallback(path: string, text: string, error: unknown): MarkdownParts {
  const message = errorMessage(error);
  return {
    title: fileStem(path),
    type: typeFromFolder(path),
    aliases: [],
    tags: [],
    frontmatter: {},
    frontmatterText: '',
    frontmatterStartLine: 0,
    bodyStart: 0,
    compiledRange: [0, text.length],
    timelineRange: [text.length, text.length],
    compiledTruth: text,
    timelineText: '',
    timeline: [],
    warnings: [{ code: 'parse-failed', message: `Could not parse note: ${message}` }],
    headings: [],
    timelineMarker: null,
  };
}
