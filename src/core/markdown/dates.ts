// Calendar dates as written in notes: `2024-01-15`, `2024/1/5`, `2024年1月15日`. Validity is checked against
// the Gregorian calendar (leap years included), never by pattern alone.

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** `YYYY-MM-DD` for a real calendar day (years 1-9999), else null. */
export function toIsoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface DateMatch {
  year: number;
  month: number;
  day: number;
  /** ISO date, or null when the shape is a date but the day does not exist (Feb 30, month 13). */
  iso: string | null;
  /** Offset just past the date in the scanned string. */
  end: number;
}

// Sticky and anchored at the scan position; no nested quantifiers, so matching is linear.
const NUMERIC_DATE = /(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/y;
const CJK_DATE = /(\d{4})[ \t]*年[ \t]*(\d{1,2})[ \t]*月[ \t]*(\d{1,2})[ \t]*[日号]/y;

/** Reads a date written at `from` in `s` (`2024-01-15`, `2024/1/15`, `2024.01.15`, `2024年1月15日`). */
export function matchDateAt(s: string, from: number): DateMatch | null {
  NUMERIC_DATE.lastIndex = from;
  const m = NUMERIC_DATE.exec(s);
  if (m) return dateMatch(Number(m[1]), Number(m[3]), Number(m[4]), NUMERIC_DATE.lastIndex);
  CJK_DATE.lastIndex = from;
  const c = CJK_DATE.exec(s);
  if (c) return dateMatch(Number(c[1]), Number(c[2]), Number(c[3]), CJK_DATE.lastIndex);
  return null;
}

/** ISO date for a whole string holding just one date (trimmed), or null. */
export function parseDate(s: string): string | null {
  const t = s.trim();
  const m = matchDateAt(t, 0);
  return m && m.end === t.length ? m.iso : null;
}

function dateMatch(year: number, month: number, day: number, end: number): DateMatch {
  return { year, month, day, iso: toIsoDate(year, month, day), end };
}
