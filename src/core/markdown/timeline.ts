// Compiled truth vs timeline. A body splits at the first of: a `<!-- timeline -->` line, a `--- timeline ---`
// line, or a `Timeline` / `时间线` heading (level 1-3) that is the last section at its level. Dated lines in the
// timeline become entries: `- **2024-01-15** | text`, `- 2024-01-15: text`, `* 2024/01/15 — text`,
// `- [[2024-01-15]] text`, `- 2024年1月15日 text`.

import type { TimelineEntry } from '../types';
import { matchDateAt, type DateMatch } from './dates';
import type { Heading } from './headings';
import type { LineIndex } from './line-index';
import type { WarningList } from './warnings';

export type TimelineMarker = 'comment' | 'rule' | 'heading';

export interface TimelineSplit {
  marker: TimelineMarker | null;
  /** Offset of the marker line (where the compiled truth ends); the text length when there is no marker. */
  markerStart: number;
  /** Offset just past the marker line (where the timeline starts); the text length when there is none. */
  timelineStart: number;
}

const COMMENT_MARKER = /^[ \t]*<!--[ \t]*timeline[ \t]*-->[ \t\r]*$/i;
const RULE_MARKER = /^[ \t]*-{3,}[ \t]*timeline[ \t]*-{3,}[ \t\r]*$/i;
/** Marker lines are short; longer lines are not even sliced. */
const MAX_MARKER_LINE = 200;
const TIMELINE_HEADINGS = new Set(['timeline', '时间线']);

/**
 * Finds the split in `masked` (the masked body, which starts at file offset `base`; `end` is the file length).
 * `headings` are the body's headings (file offsets).
 */
export function splitTimeline(masked: string, base: number, end: number, headings: Heading[]): TimelineSplit {
  const none: TimelineSplit = { marker: null, markerStart: end, timelineStart: end };
  const line = findMarkerLine(masked);
  const heading = findTimelineHeading(masked, base, headings);
  if (line && (!heading || base + line.start < heading.start)) {
    return { marker: line.kind, markerStart: base + line.start, timelineStart: base + line.next };
  }
  if (heading) return { marker: 'heading', markerStart: heading.start, timelineStart: heading.next };
  return none;
}

function findMarkerLine(masked: string): { kind: TimelineMarker; start: number; next: number } | null {
  let pos = 0;
  while (pos < masked.length) {
    const nl = masked.indexOf('\n', pos);
    const lineEnd = nl === -1 ? masked.length : nl;
    const next = nl === -1 ? masked.length : nl + 1;
    if (lineEnd - pos <= MAX_MARKER_LINE) {
      let i = pos;
      while (i < lineEnd && (masked.charCodeAt(i) === 32 || masked.charCodeAt(i) === 9)) i++;
      const c = masked.charCodeAt(i);
      if (c === 60 /* < */ || c === 45 /* - */) {
        const lineText = masked.slice(pos, lineEnd);
        if (c === 60 && COMMENT_MARKER.test(lineText)) return { kind: 'comment', start: pos, next };
        if (c === 45 && RULE_MARKER.test(lineText)) return { kind: 'rule', start: pos, next };
      }
    }
    pos = next;
  }
  return null;
}

/** First level 1-3 heading named Timeline with no later heading of the same or a higher level. */
function findTimelineHeading(masked: string, base: number, headings: Heading[]): Heading | null {
  // minLevelAfter[k] = smallest level among headings[k..]; 7 when none.
  const minLevelAfter = new Array<number>(headings.length + 1);
  minLevelAfter[headings.length] = 7;
  for (let k = headings.length - 1; k >= 0; k--) minLevelAfter[k] = Math.min(headings[k]!.level, minLevelAfter[k + 1]!);
  for (let k = 0; k < headings.length; k++) {
    const h = headings[k]!;
    if (h.level > 3 || h.textEnd - h.textStart > 20) continue;
    const name = masked.slice(h.textStart - base, h.textEnd - base).trim().toLowerCase();
    if (TIMELINE_HEADINGS.has(name) && minLevelAfter[k + 1]! > h.level) return h;
  }
  return null;
}

/**
 * Entries in the timeline [from, to) of `text`. `masked` is the masked body starting at file offset `base`
 * (so code, comments and math never yield entries); summaries come from the original text.
 */
export function parseTimelineEntries(
  text: string,
  masked: string,
  base: number,
  from: number,
  to: number,
  lines: LineIndex,
  warnings: WarningList,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  let line = lines.lineAt(from);
  let pos = from - base;
  const stop = to - base;
  while (pos < stop) {
    const nl = masked.indexOf('\n', pos);
    const lineEnd = nl === -1 || nl > stop ? stop : nl;
    const entry = parseEntryLine(masked, pos, lineEnd);
    if (entry) {
      const { date } = entry;
      if (date.iso === null) {
        warnings.add('timeline-bad-date', `Not a calendar date: ${masked.slice(pos, date.end).trim()}`, line);
      } else {
        entries.push({ date: date.iso, summary: text.slice(base + entry.summaryStart, base + lineEnd).trim(), line });
      }
    }
    if (nl === -1) break;
    pos = nl + 1;
    line++;
  }
  return entries;
}

const CLOSERS: Record<string, string> = { '**': '**', __: '__', '[[': ']]' };

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/** `|`, `:`, fullwidth `：`, em/en dash; a plain `-` only when followed by a blank (`2024-01-15 - text`). */
function separatorLength(s: string, i: number, end: number): number {
  const c = s.charCodeAt(i);
  if (c === 124 || c === 58 || c === 0xff1a || c === 0x2014 || c === 0x2013) return 1;
  if (c === 45 && (i + 1 >= end || isBlank(s.charCodeAt(i + 1)))) return 1;
  return 0;
}

/** Parses `[bullet] [checkbox] [**|__|[[]DATE[close] [separator] summary`, or returns null. */
export function parseEntryLine(s: string, start: number, end: number): { date: DateMatch; summaryStart: number } | null {
  let i = start;
  const skipBlanks = (): void => {
    while (i < end && isBlank(s.charCodeAt(i))) i++;
  };
  skipBlanks();
  const c = s.charCodeAt(i);
  if ((c === 45 || c === 42 || c === 43) /* - * + */ && isBlank(s.charCodeAt(i + 1))) {
    i++;
    skipBlanks();
  } else if (c >= 48 && c <= 57) {
    // An ordered-list number (`1.` / `1)`), but not the year of an unbulleted date.
    let j = i;
    while (j < end && j - i < 3 && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    const p = s.charCodeAt(j);
    if ((p === 46 || p === 41) && isBlank(s.charCodeAt(j + 1))) {
      i = j + 1;
      skipBlanks();
    }
  }
  if (s.charCodeAt(i) === 91 && s.charCodeAt(i + 2) === 93 && isCheckMark(s.charCodeAt(i + 1))) {
    i += 3;
    skipBlanks();
  }
  const open = s.slice(i, i + 2);
  const close = CLOSERS[open];
  if (close !== undefined) i += 2;
  const date = matchDateAt(s, i);
  if (!date || date.end > end) return null;
  i = date.end;
  let separated = false;
  if (close !== undefined) {
    if (!s.startsWith(close, i)) {
      // `**2024-01-15:**` puts the separator inside the emphasis.
      const sep = close === ']]' ? 0 : separatorLength(s, i, end);
      if (sep === 0 || !s.startsWith(close, i + sep)) return null;
      i += sep;
      separated = true;
    }
    i += close.length;
  }
  if (i < end && !isBlank(s.charCodeAt(i)) && separatorLength(s, i, end) === 0) return null;
  skipBlanks();
  if (!separated) {
    const sep = separatorLength(s, i, end);
    if (sep > 0) {
      i += sep;
      skipBlanks();
    }
  }
  return { date, summaryStart: i };
}

function isCheckMark(c: number): boolean {
  return c === 32 || c === 120 || c === 88; // ' ', 'x', 'X'
}
