// Typed-graph walk over logical edges (subject -> object). Breadth-first, one indexed query per level, with a
// visited set: each node is reached once at its shortest depth. A recursive CTE that tracks path arrays would
// enumerate every simple path, which explodes on hub notes (a daily note linking 100 pages gives 10^6 paths at
// depth 3); level-by-level BFS is linear in the edges it touches and just as cycle-safe.
import type { TraversalNode, TraversalStep, TraverseOptions } from '../brain-engine';
import { SOURCE, type SqlTx } from './sql';

export const MAX_TRAVERSE_DEPTH = 5;

interface EdgeRow {
  id: number;
  from_path: string;
  to_path: string;
  direction: string;
  type: string;
}

/** Stored rows whose logical subject (`side = 'subject'`) or object is in the frontier. */
function levelSql(side: 'subject' | 'object', typed: boolean): string {
  const [outCol, inCol] = side === 'subject' ? ['from_path', 'to_path'] : ['to_path', 'from_path'];
  return `select id, from_path, to_path, direction, type from links
    where source_id = ${SOURCE} and to_path is not null
      and ((direction = 'out' and ${outCol} = any($1::text[])) or (direction = 'in' and ${inCol} = any($1::text[])))
      ${typed ? 'and type = any($2::text[])' : ''}`;
}

export async function traverse(db: SqlTx, options: TraverseOptions): Promise<TraversalNode[]> {
  const depthCap = Math.max(0, Math.min(MAX_TRAVERSE_DEPTH, Math.floor(options.depth)));
  const limit = Math.max(0, Math.floor(options.limit ?? 100));
  const typed = options.types !== undefined && options.types.length > 0;
  const sides: ('subject' | 'object')[] =
    options.direction === 'out' ? ['subject'] : options.direction === 'in' ? ['object'] : ['subject', 'object'];

  const via = new Map<string, TraversalStep[]>();
  for (const s of options.start) via.set(s, []);
  const found: { path: string; depth: number }[] = [];
  let frontier = [...new Set(options.start)];

  for (let depth = 1; depth <= depthCap && frontier.length > 0 && found.length < limit; depth++) {
    const inFrontier = new Set(frontier);
    const rows: EdgeRow[] = [];
    for (const side of sides) {
      const params: unknown[] = typed ? [frontier, options.types] : [frontier];
      rows.push(...(await db.query<EdgeRow>(levelSql(side, typed), params)).rows);
    }
    rows.sort((a, b) => a.id - b.id);
    const next: string[] = [];
    for (const r of rows) {
      const subject = r.direction === 'out' ? r.from_path : r.to_path;
      const object = r.direction === 'out' ? r.to_path : r.from_path;
      const step: TraversalStep = { linkId: r.id, from: subject, to: object, type: r.type };
      const hops: [string, string][] = [];
      if (options.direction !== 'in' && inFrontier.has(subject)) hops.push([subject, object]);
      if (options.direction !== 'out' && inFrontier.has(object)) hops.push([object, subject]);
      for (const [here, there] of hops) {
        if (via.has(there) || found.length >= limit) continue;
        via.set(there, [...(via.get(here) ?? []), step]);
        found.push({ path: there, depth });
        next.push(there);
      }
    }
    frontier = next;
  }

  if (found.length === 0) return [];
  const titles = await db.query<{ path: string; title: string }>(
    `select path, title from pages where source_id = ${SOURCE} and path = any($1::text[])`,
    [found.map((f) => f.path)],
  );
  const titleOf = new Map(titles.rows.map((r) => [r.path, r.title]));
  return found.map((f) => ({ path: f.path, title: titleOf.get(f.path) ?? null, depth: f.depth, via: via.get(f.path) ?? [] }));
}
