// A short window of a chunk around the first query word it contains, on one line.

const DEFAULT_LENGTH = 220;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The part of `text` around the earliest of `words` (case-insensitive); the start of the text otherwise. */
export function makeSnippet(text: string, words: string[], maxLength = DEFAULT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  let at = -1;
  const wanted = words.filter((w) => w.length > 0).sort((a, b) => b.length - a.length).slice(0, 50);
  if (wanted.length > 0) {
    const m = new RegExp(wanted.map(escapeRegExp).join('|'), 'iu').exec(flat);
    if (m) at = m.index;
  }
  if (at < 0) return `${cut(flat, 0, maxLength)}…`;
  // Some context before the hit, the rest after it.
  let start = Math.max(0, at - Math.floor(maxLength / 4));
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  const end = Math.min(flat.length, start + maxLength);
  return `${start > 0 ? '…' : ''}${cut(flat, start, end)}${end < flat.length ? '…' : ''}`;
}

/** Slice that never splits a surrogate pair. */
function cut(s: string, start: number, end: number): string {
  let a = start;
  let b = Math.min(end, s.length);
  if (a > 0 && /[\uDC00-\uDFFF]/.test(s[a] ?? '')) a++;
  if (b < s.length && /[\uD800-\uDBFF]/.test(s[b - 1] ?? '')) b--;
  return s.slice(a, b);
}
