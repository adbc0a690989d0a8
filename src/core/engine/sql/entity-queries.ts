// Name and relation lookups for the title and graph search arms: fuzzy title/alias match, the pages a text
// names, and the typed edges touching a set of pages.
import type { EntityMatch, RelationEdge, RelationEdgeQuery, TitleHit } from '../brain-engine';
import { entityCandidates, nameKey } from '../names';
import { clean } from './pg-text';
import { limitOf, SOURCE, type SqlTx } from './sql';

export async function titleSearch(db: SqlTx, query: string, limit: number): Promise<TitleHit[]> {
  const key = clean(nameKey(query));
  const max = limitOf(limit, 10);
  if (key === '' || max === 0) return [];
  const r = await db.query<{ path: string; title: string; name: string; exact: boolean; score: number }>(
    `select n.path, p.title, n.name, n.name_key = $1 as exact,
       case when n.name_key = $1 then 1 else similarity(n.name_key, $1) end as score
     from page_names n join pages p on p.source_id = n.source_id and p.path = n.path
     where n.source_id = ${SOURCE} and (n.name_key = $1 or n.name_key % $1)
     order by score desc, n.kind desc, char_length(n.name_key), n.path limit $2`,
    [key, max * 4],
  );
  const best = new Map<string, TitleHit>();
  for (const row of r.rows) {
    if (!best.has(row.path)) best.set(row.path, { ...row, score: Number(row.score) });
  }
  return [...best.values()].slice(0, max);
}

export async function findEntities(db: SqlTx, text: string, limit: number): Promise<EntityMatch[]> {
  const max = limitOf(limit, 20);
  const candidates = entityCandidates(clean(text));
  if (candidates.length === 0 || max === 0) return [];
  const r = await db.query<{ path: string; title: string; name: string }>(
    `select n.path, p.title, n.name from page_names n join pages p on p.source_id = n.source_id and p.path = n.path
     where n.source_id = ${SOURCE} and n.name_key = any($1::text[]) and char_length(n.name_key) >= 2
     order by char_length(n.name_key) desc, n.path`,
    [candidates],
  );
  const seen = new Set<string>();
  const out: EntityMatch[] = [];
  for (const row of r.rows) {
    if (seen.has(row.path)) continue;
    seen.add(row.path);
    out.push(row);
    if (out.length >= max) break;
  }
  return out;
}

interface RelationRow {
  id: number;
  from_path: string;
  to_path: string;
  direction: string;
  type: string;
  source: RelationEdge['source'];
  evidence: string | null;
  context: string;
  line: number;
}

export async function relationEdges(db: SqlTx, query: RelationEdgeQuery): Promise<RelationEdge[]> {
  if (query.paths.length === 0) return [];
  const typed = query.types !== undefined && query.types.length > 0;
  // The logical subject is from_path for 'out' rows and to_path for 'in' rows.
  const subjectIn = `((l.direction = 'out' and l.from_path = any($1::text[])) or (l.direction = 'in' and l.to_path = any($1::text[])))`;
  const objectIn = `((l.direction = 'out' and l.to_path = any($1::text[])) or (l.direction = 'in' and l.from_path = any($1::text[])))`;
  const side = query.side === 'subject' ? subjectIn : query.side === 'object' ? objectIn : `(${subjectIn} or ${objectIn})`;
  const r = await db.query<RelationRow>(
    `select l.id, l.from_path, l.to_path, l.direction, l.type, l.source, l.evidence, l.context, l.line from links l
     where l.source_id = ${SOURCE} and l.to_path is not null and ${side} and ($2::text[] is null or l.type = any($2::text[]))
     order by l.id limit $3`,
    [query.paths, typed ? query.types : null, limitOf(query.limit, 1000, 100_000)],
  );
  return r.rows.map((x) => ({
    linkId: x.id,
    note: x.from_path,
    subject: x.direction === 'out' ? x.from_path : x.to_path,
    object: x.direction === 'out' ? x.to_path : x.from_path,
    type: x.type,
    source: x.source,
    evidence: x.evidence,
    context: x.context,
    line: x.line,
  }));
}
