// `recent_changes`: the notes modified most recently (what the user has been working on), newest first. A
// note's time is its file's modification time as last indexed; deleted notes are gone from the index and are
// not listed. Remote callers never see excluded notes.
import type { Brain } from '../brain';
import { defineOp, type OpContext } from './registry';
import { visibilityOf } from './visibility';
import { ParamError } from './schema';

type Ctx = OpContext<Brain>;

export interface RecentChangesParams {
  since?: string;
  limit: number;
}

export interface RecentChange {
  path: string;
  title: string;
  type: string;
  tags: string[];
  modified: string;
}

export const recentChangesOp = defineOp({
  name: 'recent_changes',
  description: 'Notes modified most recently, newest first, optionally since a date or time (ISO 8601).',
  scope: 'read',
  params: {
    type: 'object',
    properties: {
      since: { type: 'string', maxLength: 40, description: 'Only notes modified at or after this date or time (YYYY-MM-DD or ISO 8601)' },
      limit: { type: 'integer', minimum: 1, maximum: 500, default: 20, description: 'Most notes to return' },
    },
  },
  async handler(ctx: Ctx, p: RecentChangesParams) {
    const since = p.since === undefined ? undefined : Date.parse(p.since);
    if (since !== undefined && Number.isNaN(since)) throw new ParamError('"since" must be a date or time (YYYY-MM-DD or ISO 8601)');
    const vis = visibilityOf(ctx);
    const pages = await ctx.brain.engine.listPages({ orderBy: 'recent', modifiedSince: since, limit: p.limit, hidden: vis.hidden });
    return {
      notes: pages
        .filter((pg) => vis.shows(pg.path))
        .slice(0, p.limit)
        .map((pg) => ({ path: pg.path, title: pg.title, type: pg.type, tags: pg.tags, modified: new Date(pg.mtime).toISOString() })),
    };
  },
});
