// CONTRACT STUB — being implemented (markdown helper). Signature is fixed; callers rely on it.
import type { ParseWarning, TimelineEntry } from '../types';

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
  /** Offset in the file where the body starts (just after the closing `---` line), 0 when no frontmatter. */
  bodyStart: number;
  /** [start, end) offsets in the file of the compiled-truth part of the body. */
  compiledRange: [number, number];
  /** [start, end) offsets in the file of the timeline section (start === end when none). */
  timelineRange: [number, number];
  compiledTruth: string;
  timelineText: string;
  timeline: TimelineEntry[];
  warnings: ParseWarning[];
}

export function parseMarkdown(path: string, text: string): MarkdownParts {
  void path;
  void text;
  throw new Error('not implemented');
}
