// Masks the parts of a Markdown note where nothing counts as a link or a tag: fenced code, inline code,
// `%% comments %%` and `$math$` / `$$math$$`. Masked characters become spaces (newlines stay), so every
// offset and line number in the masked text is the same as in the original.
//
// Every search remembers where it failed, so hostile input (a megabyte of backticks or dollars) stays linear.

export interface FencedBlock {
  /** Offset of the opening fence line's first character. */
  start: number;
  /** Offset just past the closing fence line (or the end of the text when unclosed). */
  end: number;
  /** Offsets of the code between the fences. */
  contentStart: number;
  contentEnd: number;
  /** Info string's first word, lower-cased (`ts`, `python`), or '' when none. */
  lang: string;
  /** 1-based line of the opening fence. */
  startLine: number;
}

const FENCE_OPEN = /^([ \t>]*)(`{3,}|~{3,})([^\n]*)$/;

/** Finds fenced code blocks (``` or ~~~, also inside lists and quotes). Unclosed fences run to the end. */
export function findFencedBlocks(text: string): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  let pos = 0;
  let line = 1;
  let open: { start: number; contentStart: number; fence: string; lang: string; startLine: number } | null = null;
  while (pos <= text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl;
    const next = nl === -1 ? text.length + 1 : nl + 1;
    const lineText = text.slice(pos, lineEnd);
    if (open) {
      const trimmed = lineText.replace(/^[ \t>]*/, '').trimEnd();
      if (trimmed.length >= open.fence.length && trimmed[0] === open.fence[0] && /^(`+|~+)$/.test(trimmed)) {
        blocks.push({
          start: open.start,
          end: Math.min(next, text.length),
          contentStart: open.contentStart,
          contentEnd: pos,
          lang: open.lang,
          startLine: open.startLine,
        });
        open = null;
      }
    } else if (lineText.length > 0 && (lineText.includes('```') || lineText.includes('~~~'))) {
      const m = FENCE_OPEN.exec(lineText);
      // A backtick fence's info string may not contain backticks (CommonMark).
      if (m && !(m[2]![0] === '`' && m[3]!.includes('`'))) {
        const lang = (m[3]!.trim().split(/\s+/)[0] ?? '').replace(/^\{|\}$/g, '').toLowerCase();
        open = { start: pos, contentStart: Math.min(next, text.length), fence: m[2]!, lang, startLine: line };
      }
    }
    if (nl === -1) break;
    pos = next;
    line++;
  }
  if (open) {
    blocks.push({
      start: open.start,
      end: text.length,
      contentStart: open.contentStart,
      contentEnd: text.length,
      lang: open.lang,
      startLine: open.startLine,
    });
  }
  return blocks;
}

/** Returns `text` with code, comments and math replaced by spaces (newlines kept). Same length as `text`. */
export function maskNonLinkText(text: string): string {
  return blankRanges(text, nonLinkRanges(text));
}

export interface NonLinkRange {
  /** [from, to) in the text. */
  from: number;
  to: number;
  /** Fenced or inline code, a `%% comment %%`, or `$math$` / `$$math$$`. */
  kind: 'code' | 'comment' | 'math';
}

/**
 * The parts of `text` that are code, comments or math, sorted and not overlapping: what `maskNonLinkText`
 * blanks, for callers that keep some of them as written rather than blank them.
 */
export function nonLinkRanges(text: string): NonLinkRange[] {
  const ranges: NonLinkRange[] = [];
  const blank = (from: number, to: number, kind: NonLinkRange['kind']): void => {
    if (to > from) ranges.push({ from, to, kind });
  };
  const fences = findFencedBlocks(text);
  for (const f of fences) blank(f.start, f.end, 'code');

  let fenceIdx = 0;
  // Memos of failed searches: from a later start the same search fails too.
  let noCommentClose = false;
  let noBlockMathClose = false;
  const inlineCodeFailUntil = new Map<number, number>();
  let inlineMathFailUntil = -1;
  // Paragraph and line ends are looked up once per paragraph/line, not once per backtick or dollar.
  const paraEndCache = { end: 0, until: -1, limit: -1 };
  const lineEndCache = { end: 0, until: -1 };

  let i = 0;
  while (i < text.length) {
    // Skip fenced blocks (already masked).
    while (fenceIdx < fences.length && fences[fenceIdx]!.end <= i) fenceIdx++;
    const fence = fences[fenceIdx];
    if (fence && i >= fence.start && i < fence.end) {
      i = fence.end;
      continue;
    }
    const limit = fence ? fence.start : text.length;
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      i += 2;
      continue;
    }
    if (c === 96 /* ` */) {
      let n = 1;
      while (text.charCodeAt(i + n) === 96) n++;
      if (i >= paraEndCache.until || paraEndCache.limit !== limit) {
        paraEndCache.end = paragraphEnd(text, i, limit);
        paraEndCache.until = paraEndCache.end;
        paraEndCache.limit = limit;
      }
      const paraEnd = paraEndCache.end;
      const failUntil = inlineCodeFailUntil.get(n) ?? -1;
      const close = i < failUntil ? -1 : findBacktickRun(text, i + n, n, paraEnd);
      if (close === -1) {
        inlineCodeFailUntil.set(n, paraEnd);
        i += n;
        continue;
      }
      blank(i, close + n, 'code');
      i = close + n;
      continue;
    }
    if (c === 37 /* % */ && text.charCodeAt(i + 1) === 37) {
      const close: number = noCommentClose ? -1 : text.indexOf('%%', i + 2);
      if (close === -1 || close >= limit) {
        // Obsidian comments out everything after an unclosed `%%`.
        noCommentClose = close === -1;
        blank(i, limit, 'comment');
        i = limit;
        continue;
      }
      blank(i, close + 2, 'comment');
      i = close + 2;
      continue;
    }
    if (c === 36 /* $ */) {
      if (text.charCodeAt(i + 1) === 36) {
        const close: number = noBlockMathClose ? -1 : text.indexOf('$$', i + 2);
        if (close === -1 || close >= limit) {
          noBlockMathClose = close === -1;
          i += 2;
          continue;
        }
        blank(i, close + 2, 'math');
        i = close + 2;
        continue;
      }
      if (i >= lineEndCache.until) {
        const nl = text.indexOf('\n', i);
        lineEndCache.end = nl === -1 ? text.length : nl;
        lineEndCache.until = lineEndCache.end;
      }
      if (i < inlineMathFailUntil) {
        i++;
        continue;
      }
      const close = findInlineMathClose(text, i, Math.min(limit, lineEndCache.end));
      if (close < 0) {
        inlineMathFailUntil = -close - 1;
        i++;
        continue;
      }
      blank(i, close + 1, 'math');
      i = close + 1;
      continue;
    }
    i++;
  }
  // Fences are found first, the rest in one forward scan that skips them: sorting by start leaves no overlap.
  return ranges.sort((a, b) => a.from - b.from);
}

/** `text` with each of `ranges` (sorted) turned to spaces, newlines kept. Same length as `text`. */
export function blankRanges(text: string, ranges: readonly Pick<NonLinkRange, 'from' | 'to'>[]): string {
  if (ranges.length === 0) return text;
  // Built from slices: far cheaper than a per-character array.
  const parts: string[] = [];
  let pos = 0;
  for (const { from, to } of ranges) {
    const start = Math.max(from, pos);
    if (to <= start) continue;
    parts.push(text.slice(pos, start), text.slice(start, to).replace(/[^\n]/g, ' '));
    pos = to;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}

/** End of the paragraph containing `from` (a blank line ends inline code), capped at `limit`. */
function paragraphEnd(text: string, from: number, limit: number): number {
  const blankLine = text.indexOf('\n\n', from);
  return blankLine === -1 || blankLine > limit ? limit : blankLine;
}

/** Offset of the next run of exactly `n` backticks in [from, end), or -1. */
function findBacktickRun(text: string, from: number, n: number, end: number): number {
  let p = from;
  while (p < end) {
    const k = text.indexOf('`', p);
    if (k === -1 || k >= end) return -1;
    let m = 1;
    while (text.charCodeAt(k + m) === 96) m++;
    if (m === n) return k;
    p = k + m;
  }
  return -1;
}

/**
 * Closing `$` for inline math opened at `open`, before `lineEnd`: the opener is not followed by a space,
 * the closer is not preceded by a space nor followed by a digit (so `$5 and $10` is not math).
 * Returns the offset, or `-(lineEnd + 1)` when there is none (the caller memoizes the failure).
 */
function findInlineMathClose(text: string, open: number, lineEnd: number): number {
  const after = text.charCodeAt(open + 1);
  if (Number.isNaN(after) || after === 32 || after === 9 || open + 1 >= lineEnd) return -(open + 2);
  let p = open + 1;
  while (p < lineEnd) {
    const k = text.indexOf('$', p);
    if (k === -1 || k >= lineEnd) return -(lineEnd + 1);
    const before = text.charCodeAt(k - 1);
    const next = text.charCodeAt(k + 1);
    if (before !== 32 && before !== 9 && before !== 92 && !(next >= 48 && next <= 57)) return k;
    p = k + 1;
  }
  return -(lineEnd + 1);
}
