// Time windows named in a query: ISO dates and months, month names with or without a year, years, relative
// spans ("last week", "past 3 days", 上周, 最近7天) and ranges ("from March to May 2024", 2024年1月到3月).
// Deterministic: `now` is passed in, and calendar days are read in the caller's local time (the user's "today").

export interface TimeWindow {
  /** Inclusive ISO dates `YYYY-MM-DD`. */
  since: string;
  until: string;
  /** The words of the query that named the window. */
  text: string;
}

interface Ymd {
  y: number;
  m: number; // 1-12
  d: number;
}

interface Span {
  from: Ymd;
  to: Ymd;
  start: number;
  end: number;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_ABBR = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// "May" and "March" are also ordinary words ("how may I", "march on"): a month name without a year or day only
// counts after a time preposition.
const MONTH_NAME = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?`;
const PREP = String.raw`(?:in|during|since|from|until|till|through|of|last|this|early|late|mid)`;
const ZH_NUM = '〇零一二两三四五六七八九十';

function monthIndex(name: string): number {
  const n = name.toLowerCase().replace(/\.$/, '');
  const full = MONTHS.indexOf(n);
  if (full >= 0) return full + 1;
  return MONTH_ABBR.indexOf(n === 'sept' ? 'sep' : n) + 1;
}

/** 三 -> 3, 十二 -> 12, 二十 -> 20, 7 -> 7. */
function num(s: string): number {
  if (/^\d+$/.test(s)) return Number(s);
  let total = 0;
  let digit = 0;
  for (const ch of s) {
    const v = ZH_NUM.indexOf(ch);
    if (ch === '十') {
      total += (digit || 1) * 10;
      digit = 0;
    } else if (v >= 0) digit = ch === '两' ? 2 : v <= 1 ? 0 : v - 1;
  }
  return total + digit;
}

const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

function addDays(a: Ymd, n: number): Ymd {
  const t = new Date(Date.UTC(a.y, a.m - 1, a.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

function addMonths(a: Ymd, n: number): Ymd {
  const idx = a.y * 12 + (a.m - 1) + n;
  const y = Math.floor(idx / 12);
  const m = (idx % 12) + 1;
  return { y, m, d: Math.min(a.d, daysIn(y, m)) };
}

function iso(a: Ymd): string {
  return `${String(a.y).padStart(4, '0')}-${String(a.m).padStart(2, '0')}-${String(a.d).padStart(2, '0')}`;
}

const monthSpan = (y: number, m: number): { from: Ymd; to: Ymd } => ({ from: { y, m, d: 1 }, to: { y, m, d: daysIn(y, m) } });
const yearSpan = (y: number): { from: Ymd; to: Ymd } => ({ from: { y, m: 1, d: 1 }, to: { y, m: 12, d: 31 } });
const valid = (y: number, m: number, d = 1): boolean => m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) && y >= 1000 && y <= 9999;

/** A month named without a year means the latest such month that is not in the future. */
function latestMonth(m: number, today: Ymd): number {
  return m > today.m ? today.y - 1 : today.y;
}

/** Monday of the week holding `a` (ISO weeks). */
function weekStart(a: Ymd): Ymd {
  const dow = new Date(Date.UTC(a.y, a.m - 1, a.d)).getUTCDay();
  return addDays(a, -((dow + 6) % 7));
}

type Rule = { re: RegExp; span: (m: RegExpExecArray, today: Ymd) => { from: Ymd; to: Ymd } | null };

function relativeUnit(unit: string, n: number, today: Ymd): { from: Ymd; to: Ymd } {
  const u = unit.toLowerCase();
  if (/^(?:day|天|日)/.test(u)) return { from: addDays(today, -(n - 1)), to: today };
  if (/^(?:week|周|星期|个星期|礼拜)/.test(u)) return { from: addDays(today, -(7 * n - 1)), to: today };
  if (/^(?:month|个月|月)/.test(u)) return { from: addDays(addMonths(today, -n), 1), to: today };
  return { from: addDays({ y: today.y - n, m: today.m, d: Math.min(today.d, daysIn(today.y - n, today.m)) }, 1), to: today };
}

// Ordered: longer forms first, so "March 5, 2024" is one span, not a month and a year.
const RULES: Rule[] = [
  { re: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g, span: (m) => day(+m[1]!, +m[2]!, +m[3]!) },
  { re: /(?<!\d)(\d{4})\/(\d{1,2})\/(\d{1,2})(?!\d)/g, span: (m) => day(+m[1]!, +m[2]!, +m[3]!) },
  { re: /(\d{4})\s*年\s*(\d{1,2}|[十一二三四五六七八九]+)\s*月\s*(\d{1,2}|[十一二三四五六七八九]+)\s*[日号]/gu, span: (m) => day(+m[1]!, num(m[2]!), num(m[3]!)) },
  { re: new RegExp(String.raw`\b(${MONTH_NAME})\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'gi'), span: (m) => day(+m[3]!, monthIndex(m[1]!), +m[2]!) },
  { re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTH_NAME})\s*,?\s+(\d{4})\b`, 'gi'), span: (m) => day(+m[3]!, monthIndex(m[2]!), +m[1]!) },
  { re: /(?<!\d)(\d{4})-(\d{1,2})(?![\d-])/g, span: (m) => month(+m[1]!, +m[2]!) },
  { re: /(\d{4})\s*年\s*(\d{1,2}|[十一二三四五六七八九]+)\s*月(?:份)?/gu, span: (m) => month(+m[1]!, num(m[2]!)) },
  { re: new RegExp(String.raw`\b(${MONTH_NAME})\s*,?\s+(\d{4})\b`, 'gi'), span: (m) => month(+m[2]!, monthIndex(m[1]!)) },
  { re: /(?<![\d年])(\d{1,2}|[十一二三四五六七八九]+)\s*月\s*(\d{1,2}|[十一二三四五六七八九]+)\s*[日号]/gu, span: (m, t) => day(latestMonth(num(m[1]!), t), num(m[1]!), num(m[2]!)) },
  { re: new RegExp(String.raw`\b(${MONTH_NAME})\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:\d|:))`, 'gi'), span: (m, t) => day(latestMonth(monthIndex(m[1]!), t), monthIndex(m[1]!), +m[2]!) },
  { re: /(\d{4})\s*年(?!\s*(?:\d|[十一二三四五六七八九]))/gu, span: (m) => (valid(+m[1]!, 1) ? yearSpan(+m[1]!) : null) },
  { re: new RegExp(String.raw`\b${PREP}\s+(${MONTH_NAME})\b`, 'gi'), span: (m, t) => monthOf(monthIndex(m[1]!), t) },
  { re: /(?<![\d年])(\d{1,2}|十一|十二|[一二三四五六七八九十])\s*月(?:份)?(?![\d日号])/gu, span: (m, t) => monthOf(num(m[1]!), t) },
  { re: /\b(?:in|during|since|from|until|through|of|before|after)\s+((?:19|20)\d{2})\b(?!-)/gi, span: (m) => yearSpan(+m[1]!) },
  { re: /\btoday\b(?!'s)|今天|今日/giu, span: (_m, t) => ({ from: t, to: t }) },
  { re: /\byesterday\b|昨天|昨日/giu, span: (_m, t) => ({ from: addDays(t, -1), to: addDays(t, -1) }) },
  { re: /前天/gu, span: (_m, t) => ({ from: addDays(t, -2), to: addDays(t, -2) }) },
  { re: /\bthis\s+week\b|本周|这周|这个?星期|这礼拜/giu, span: (_m, t) => ({ from: weekStart(t), to: addDays(weekStart(t), 6) }) },
  { re: /\b(?:last|previous|past)\s+week\b|上周|上个?星期|上礼拜/giu, span: (_m, t) => ({ from: addDays(weekStart(t), -7), to: addDays(weekStart(t), -1) }) },
  { re: /\bthis\s+month\b|本月|这个月/giu, span: (_m, t) => monthSpan(t.y, t.m) },
  { re: /\b(?:last|previous|past)\s+month\b|上个?月/giu, span: (_m, t) => monthOf(addMonths(t, -1).m, addMonths(t, -1)) },
  { re: /\bthis\s+year\b|今年/giu, span: (_m, t) => yearSpan(t.y) },
  { re: /\b(?:last|previous|past)\s+year\b|去年/giu, span: (_m, t) => yearSpan(t.y - 1) },
  { re: /前年/gu, span: (_m, t) => yearSpan(t.y - 2) },
  {
    re: /\b(?:last|past|previous)\s+(\d{1,3}|two|three|four|five|six|seven|ten)\s+(days?|weeks?|months?|years?)\b/gi,
    span: (m, t) => relativeUnit(m[2]!, /^\d+$/.test(m[1]!) ? +m[1]! : ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].indexOf(m[1]!.toLowerCase()), t),
  },
  { re: /(?:最近|过去|近)\s*(\d{1,3}|[一二两三四五六七八九十]+)\s*(天|日|周|个星期|星期|个月|月|年)/gu, span: (m, t) => relativeUnit(m[2]!, num(m[1]!), t) },
];

function day(y: number, m: number, d: number): { from: Ymd; to: Ymd } | null {
  return valid(y, m, d) ? { from: { y, m, d }, to: { y, m, d } } : null;
}

function month(y: number, m: number): { from: Ymd; to: Ymd } | null {
  return valid(y, m) ? monthSpan(y, m) : null;
}

function monthOf(m: number, today: Ymd): { from: Ymd; to: Ymd } | null {
  return m >= 1 && m <= 12 ? monthSpan(latestMonth(m, today), m) : null;
}

/** Every time expression in the query, left to right, overlapping matches dropped (earlier rules win). */
function spans(q: string, today: Ymd): Span[] {
  const out: Span[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(q); m; m = rule.re.exec(q)) {
      const start = m.index;
      const end = start + m[0].length;
      if (out.some((s) => start < s.end && end > s.start)) continue;
      const s = rule.span(m, today);
      if (s) out.push({ ...s, start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const RANGE_BETWEEN = /^\s*(?:-|–|—|~|to|till|until|through|and|到|至|~|－)\s*$/iu;
const SINCE = /(?:\bsince|\bafter|自从?|从)\s*$/iu;
const SINCE_AFTER = /^\s*(?:以来|之后|以后)/u;

/**
 * The window the query names, or null. Two expressions joined by a range word make one window ("from March to
 * May 2024": the first takes the second's year when it has none); "since X" runs to today.
 */
export function parseTimeWindow(query: string, now: Date): TimeWindow | null {
  const q = query.normalize('NFKC');
  const today: Ymd = { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() };
  const found = spans(q, today);
  const first = found[0];
  if (!first) return null;
  const second = found[1];
  if (second && RANGE_BETWEEN.test(q.slice(first.end, second.start))) {
    let from = first.from;
    let to = second.to;
    // "March to May 2024" / "2024年1月到3月": a month written without a year takes the other end's year.
    const firstYear = /\d{4}/.test(q.slice(first.start, first.end));
    const secondYear = /\d{4}/.test(q.slice(second.start, second.end));
    if (!firstYear && secondYear) from = { ...from, y: second.from.y };
    if (firstYear && !secondYear) to = { ...to, y: first.from.y, d: Math.min(to.d, daysIn(first.from.y, to.m)) };
    if (iso(from) <= iso(to)) return { since: iso(from), until: iso(to), text: q.slice(first.start, second.end).trim() };
  }
  if (SINCE.test(q.slice(0, first.start)) || SINCE_AFTER.test(q.slice(first.end))) {
    return { since: iso(first.from), until: iso(today), text: q.slice(first.start, first.end).trim() };
  }
  return { since: iso(first.from), until: iso(first.to), text: q.slice(first.start, first.end).trim() };
}

/** The query without its time words, for matching the rest against notes. */
export function withoutTimeWords(query: string, window: TimeWindow): string {
  return query.normalize('NFKC').replace(window.text, ' ').replace(/\s+/g, ' ').trim();
}
