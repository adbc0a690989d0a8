// Stored links whose relation depends on what their two ends are (they carry `candidates`), with both ends'
// page types, and the update that re-types them. The indexer runs this over the links touching pages whose
// type may have changed, so one edited note costs one indexed query.
import type { EdgeCandidate } from '../../types';
import { missingKey, type KindEvidence } from '../../links/infer-kind';
import type { LinkTypeUpdate, LinkTypingRow } from '../brain-engine';
import { cleanOrNull } from './pg-text';
import { SOURCE, type SqlTx } from './sql';

/** Links with candidates written in, or pointing at, one of `paths` (every such link when `paths` is null). */
export async function linkTypingRows(db: SqlTx, paths: string[] | null): Promise<LinkTypingRow[]> {
  if (paths !== null && paths.length === 0) return [];
  const r = await db.query<{
    id: number;
    from_path: string;
    to_path: string | null;
    target_text: string;
    from_type: string;
    to_type: string | null;
    type: string;
    direction: 'out' | 'in';
    evidence: string | null;
    past: boolean;
    candidates: EdgeCandidate[];
  }>(
    `select l.id, l.from_path, l.to_path, l.target_text, pf.type as from_type, pt.type as to_type, l.type, l.direction, l.evidence,
       l.past, l.candidates
     from links l join pages pf on pf.source_id = l.source_id and pf.path = l.from_path
       left join pages pt on pt.source_id = l.source_id and pt.path = l.to_path
     where l.source_id = ${SOURCE} and l.candidates is not null and ($1::text[] is null or l.from_path = any($1::text[]) or l.to_path = any($1::text[]))
     order by l.id`,
    [paths],
  );
  return r.rows.map((x) => ({
    id: x.id,
    fromPath: x.from_path,
    toPath: x.to_path,
    targetText: x.target_text,
    fromType: x.from_type,
    toType: x.to_type,
    type: x.type,
    direction: x.direction,
    evidence: x.evidence,
    past: x.past,
    candidates: Array.isArray(x.candidates) ? x.candidates : [],
  }));
}

export async function setLinkTypes(db: SqlTx, updates: LinkTypeUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `update links l set type = u.type, direction = u.direction, evidence = u.evidence, past = u.past
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bool[]) as u(id, type, direction, evidence, past)
     where l.source_id = ${SOURCE} and l.id = u.id`,
    [
      updates.map((u) => u.id),
      updates.map((u) => u.type),
      updates.map((u) => (u.direction === 'in' ? 'in' : 'out')),
      updates.map((u) => cleanOrNull(u.evidence ?? undefined)),
      updates.map((u) => u.past),
    ],
  );
}

/**
 * Every link pointing at one of `paths`, or at a missing note named (case-insensitively) by one of `missing`, with
 * the linking page's type and the link's readings: what other notes say a note without a type is.
 */
export async function kindEvidence(db: SqlTx, paths: string[], missing: string[]): Promise<KindEvidence[]> {
  if (paths.length === 0 && missing.length === 0) return [];
  const r = await db.query<{ to_path: string | null; target_text: string; from_type: string; type: string; direction: 'out' | 'in'; candidates: EdgeCandidate[] | null }>(
    `select l.to_path, l.target_text, pf.type as from_type, l.type, l.direction, l.candidates
     from links l join pages pf on pf.source_id = l.source_id and pf.path = l.from_path
     where l.source_id = ${SOURCE} and (l.to_path = any($1::text[]) or (l.to_path is null and lower(l.target_text) = any($2::text[])))`,
    [paths, missing.map((m) => m.toLowerCase())],
  );
  return r.rows.map((x) => ({
    end: x.to_path ?? missingKey(x.target_text),
    fromType: x.from_type,
    type: x.type,
    direction: x.direction,
    candidates: Array.isArray(x.candidates) ? x.candidates : null,
  }));
}
