// The columns and row mapping of a chunk hit, shared by every query that returns chunks (keyword, vector,
// first chunks of a page). Selects alias chunks `c` and pages `p`.
import type { ChunkKind } from '../../types';
import type { ChunkHit } from '../brain-engine';

export const CHUNK_HIT_COLUMNS = `c.id as chunk_id, c.page as path, p.title, c.heading, c.text, c.start_line, c.end_line, c.kind`;

export interface ChunkHitRow {
  chunk_id: number;
  path: string;
  title: string;
  heading: string;
  text: string;
  start_line: number;
  end_line: number;
  kind: ChunkKind;
  rank: number;
}

export function toChunkHit(r: ChunkHitRow): ChunkHit {
  return {
    chunkId: r.chunk_id,
    path: r.path,
    title: r.title,
    heading: r.heading,
    text: r.text,
    startLine: r.start_line,
    endLine: r.end_line,
    kind: r.kind,
    rank: Number(r.rank),
  };
}
