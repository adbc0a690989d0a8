// Dataview inline fields: `key:: value` at the start of a line (after an optional list marker or task
// box), and `[key:: value]` / `(key:: value)` anywhere in a line. Links inside a field's value belong
// to that field.
import { LIST_MARKER, TASK_BOX } from '../markdown/list-item';
import { normalizeFieldName } from './field-name';

export interface FieldSpan {
  /** Normalized key (`works_at`). */
  key: string;
  /** [valueStart, valueEnd): offsets of the value in the scanned text. */
  valueStart: number;
  valueEnd: number;
  /** Offset of the `::` after the key. */
  colons: number;
  /** Offset of the `[` or `(` of a bracketed field (its closer is at `valueEnd`); null for a `key:: value` line. */
  open: number | null;
}

const KEY = String.raw`[\p{L}\p{N}_][\p{L}\p{N}_ \-/]{0,63}?`;
const LINE_FIELD = new RegExp(
  String.raw`^[ \t]*(?:>[ \t]*)*(?:${LIST_MARKER})?(?:${TASK_BOX})?(?:\*\*|__)?(${KEY})(?:\*\*|__)?::`,
  'u',
);
const BRACKET_FIELD = new RegExp(String.raw`[[(](${KEY})::`, 'gu');

/** Inline-field spans in `scan` from `from` on, sorted by value start. */
export function findInlineFields(scan: string, from = 0): FieldSpan[] {
  const spans: FieldSpan[] = [];
  // Jump from one `::` to the next so notes without fields cost one indexOf.
  let k = scan.indexOf('::', from);
  while (k !== -1) {
    const lineStart = Math.max(from, scan.lastIndexOf('\n', k) + 1);
    const nl = scan.indexOf('\n', k);
    const end = nl === -1 ? scan.length : nl;
    fieldsInLine(scan.slice(lineStart, end), lineStart, spans);
    k = nl === -1 ? -1 : scan.indexOf('::', nl + 1);
  }
  return spans.sort((a, b) => a.valueStart - b.valueStart || b.valueEnd - a.valueEnd);
}

function fieldsInLine(line: string, base: number, spans: FieldSpan[]): void {
  const lineField = LINE_FIELD.exec(line);
  if (lineField?.[1]?.trim()) {
    const valueStart = base + lineField[0].length;
    spans.push({ key: normalizeFieldName(lineField[1]), valueStart, valueEnd: base + line.length, colons: valueStart - 2, open: null });
  }
  const closers = matchBrackets(line);
  BRACKET_FIELD.lastIndex = 0;
  for (let m = BRACKET_FIELD.exec(line); m; m = BRACKET_FIELD.exec(line)) {
    const close = closers.get(m.index);
    const key = m[1]?.trim();
    if (close !== undefined && key) {
      const valueStart = base + m.index + m[0].length;
      spans.push({ key: normalizeFieldName(key), valueStart, valueEnd: base + close, colons: valueStart - 2, open: base + m.index });
      // A nested `[k:: …]` inside this value is found by the next exec; continue right after the key.
    }
    BRACKET_FIELD.lastIndex = m.index + 1;
  }
}

/** Opener offset -> matching closer offset for `[]` and `()` in one line, in one pass. */
function matchBrackets(line: string): Map<number, number> {
  const result = new Map<number, number>();
  const squares: number[] = [];
  const rounds: number[] = [];
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '[') squares.push(i);
    else if (c === '(') rounds.push(i);
    else if (c === ']') {
      const o = squares.pop();
      if (o !== undefined) result.set(o, i);
    } else if (c === ')') {
      const o = rounds.pop();
      if (o !== undefined) result.set(o, i);
    }
  }
  return result;
}

/** The innermost field whose value contains `offset`, if any. `spans` sorted as returned above. */
export function fieldAt(spans: FieldSpan[], offset: number): FieldSpan | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  let last = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.valueStart <= offset) {
      last = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  // Spans rarely nest; a short look back finds the innermost one that still contains the offset.
  for (let k = last; k >= 0 && k > last - 8; k--) {
    const s = spans[k]!;
    if (offset < s.valueEnd) return s;
  }
  return undefined;
}
