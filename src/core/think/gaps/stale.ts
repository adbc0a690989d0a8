// Stale notes: an entity's note whose newest dated content (frontmatter `updated`/`date`, last timeline entry) is
// much older than dated mentions of it elsewhere (a meeting, a daily note, another note's timeline line).
import { neutralizeTitle as label } from '../neutralize';
import type { Gap } from '../types';
import { uniquePaths, type GapContext } from './context';

const STALE_AFTER_DAYS = 365;
const DATE = /(\d{4}-\d{2}-\d{2})/;
/** Notes that record an event: they are dated, not kept up to date. */
const EVENT_TYPES = new Set(['meeting', 'daily', 'journal', 'event']);

export async function findStale(ctx: GapContext, paths: string[]): Promise<Gap[]> {
  const gaps: Gap[] = [];
  for (const path of paths) {
    const page = await ctx.page(path);
    if (!page || EVENT_TYPES.has(page.type)) continue;
    const asOf = await newestOwnDate(ctx, path);
    if (!asOf) continue;
    const newer: { from: string; date: string }[] = [];
    for (const b of await ctx.engine.backlinks(path)) {
      if (b.from === path || !ctx.accepts(b.from)) continue;
      const date = await mentionDate(ctx, b.from, b.line);
      if (date && daysBetween(asOf, date) > STALE_AFTER_DAYS) newer.push({ from: b.from, date });
    }
    if (newer.length === 0) continue;
    newer.sort((a, b) => b.date.localeCompare(a.date));
    const from = uniquePaths(newer.map((n) => n.from));
    const newest = newer[0]!;
    gaps.push({
      kind: 'stale',
      detail: `${label(page.title)} was last updated ${label(asOf)}, but ${from.length} note${from.length === 1 ? '' : 's'} mention it later (newest ${label(newest.date)}, ${label(newest.from)}).`,
      paths: [path, ...from],
    });
  }
  return gaps;
}

async function newestOwnDate(ctx: GapContext, path: string): Promise<string | null> {
  const page = await ctx.page(path);
  const dates = [...(await ctx.timelineLines(path)).values()];
  for (const key of ['updated', 'modified', 'last_updated', 'date']) {
    const d = dateOf(page?.frontmatter[key]);
    if (d) dates.push(d);
  }
  return dates.sort().pop() ?? null;
}

/** The date of the line a mention sits on: its timeline entry, else the mentioning note's own date. */
async function mentionDate(ctx: GapContext, from: string, line: number): Promise<string | null> {
  const onTimeline = (await ctx.timelineLines(from)).get(line);
  if (onTimeline) return onTimeline;
  const page = await ctx.page(from);
  return dateOf(page?.frontmatter.date) ?? dateOf(from.slice(from.lastIndexOf('/') + 1));
}

function dateOf(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value);
  return m && !Number.isNaN(Date.parse(m[1]!)) ? m[1]! : null;
}

function daysBetween(a: string, b: string): number {
  return (Date.parse(b) - Date.parse(a)) / 86_400_000;
}
