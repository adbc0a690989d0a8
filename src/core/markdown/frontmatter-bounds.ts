// Where a note's YAML frontmatter is: `---` on the first line (after an optional BOM) up to the next `---` or
// `...` line. Apart from frontmatter.ts, which parses it, so code that only needs the bounds (the plugin's main
// thread, for unlinked mentions) does not bundle the YAML parser (~100 KB of main.js).

export interface FrontmatterBounds {
  /** Offset of the first YAML character. */
  yamlStart: number;
  /** Offset just past the last YAML character (the closing delimiter line starts there). */
  yamlEnd: number;
  /** Offset where the body starts: after the closing delimiter line. */
  bodyStart: number;
}

/** Offset after a BOM (0 without one). */
export function textStart(text: string): number {
  return text.charCodeAt(0) === 0xfeff ? 1 : 0;
}

/**
 * The frontmatter's bounds; null when the text opens with no `---` line. `unclosed` when it opens with one that
 * is never closed (the whole file is then body).
 */
export function frontmatterBounds(text: string): FrontmatterBounds | 'unclosed' | null {
  const start = textStart(text);
  const firstEnd = lineEnd(text, start);
  if (!isDelimiter(text, start, firstEnd, false)) return null;
  const yamlStart = Math.min(firstEnd + 1, text.length);
  let pos = yamlStart;
  while (pos < text.length) {
    const end = lineEnd(text, pos);
    if (isDelimiter(text, pos, end, true)) return { yamlStart, yamlEnd: pos, bodyStart: Math.min(end + 1, text.length) };
    pos = end + 1;
  }
  return 'unclosed';
}

/** Offset where the body starts (after the frontmatter, after a BOM, else 0). */
export function bodyStartOf(text: string): number {
  const b = frontmatterBounds(text);
  return b === null || b === 'unclosed' ? textStart(text) : b.bodyStart;
}

function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl;
}

/** `---` (or `...` when closing) followed only by spaces, tabs or a CR. */
function isDelimiter(text: string, from: number, end: number, closing: boolean): boolean {
  const c = text.charCodeAt(from);
  if (!(c === 45 /* - */ || (closing && c === 46) /* . */)) return false;
  if (text.charCodeAt(from + 1) !== c || text.charCodeAt(from + 2) !== c) return false;
  for (let i = from + 3; i < end; i++) {
    const k = text.charCodeAt(i);
    if (k !== 32 && k !== 9 && k !== 13) return false;
  }
  return true;
}
