// Splits one line of prose into sentences with their offsets. Written as a scan rather than a regex because
// lookbehind is unavailable on older iOS WebViews (Obsidian mobile).

export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

const LATIN_END = new Set(['.', '!', '?']);
const CJK_END = new Set(['。', '！', '？']);
/** Abbreviations whose period does not end a sentence. */
const SEPARATOR = /^ (?:\||-|---|#{1,6}) /;
const ABBREVIATIONS = /(?:^|\s)(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|no|approx|ca)\.$/i;

/**
 * Boundaries: `.!?` followed by a space and then an upper-case letter, a digit, a CJK character or an opening
 * mark; `。！？` anywhere; ` | `, ` - `, ` --- ` and ` # ` separators (folded table cells, list items,
 * frontmatter fences and headings in a context that was folded onto one line).
 */
export function splitSentences(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  const push = (end: number, next: number): void => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== '') spans.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    start = next;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (CJK_END.has(c)) {
      push(i + 1, i + 1);
      continue;
    }
    if (LATIN_END.has(c) && /\s/.test(text[i + 1] ?? '') && /[\p{Lu}\p{N}\p{Lo}[*"“(]/u.test(text[i + 2] ?? '')) {
      if (c === '.' && ABBREVIATIONS.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
      push(i + 1, i + 2);
      continue;
    }
    if (c === ' ') {
      const sep = SEPARATOR.exec(text.slice(i, i + 9));
      if (sep) {
        // A heading marker starts the next sentence; the other separators are dropped.
        const keep = sep[0].trim().startsWith('#') ? 1 : sep[0].length;
        push(i, i + keep);
        i += keep - 1;
      }
    }
  }
  push(text.length, text.length);
  return spans;
}
