// What of a search response a remote caller (MCP) may see: nothing that names an excluded note. Results are
// filtered before this; here the paths inside the rest of the response are: the intent's entities, the edges
// and augmentation of each explain record, and create-safety's matches (an `exists` that only an excluded note
// backs would reveal that note, so it reads `unknown`).
import type { QueryIntent, SearchResponse, SearchResult } from '../search/types';

function intentPaths(intent: QueryIntent): string[] {
  if (intent.kind === 'relation' || intent.kind === 'entity') return [intent.entity.path];
  if (intent.kind === 'connects') return intent.entities.map((e) => e.path);
  return [];
}

function safeExplain(r: SearchResult, accepts: (path: string) => boolean): SearchResult {
  if (!r.explain) return r;
  const { augmented, ...rest } = r.explain;
  const edgeOk = (e: { subject: string; object: string; note: string }): boolean => accepts(e.subject) && accepts(e.object) && accepts(e.note);
  const keepAugmented = augmented && accepts(augmented.anchor) && edgeOk(augmented.edge);
  return { ...r, explain: { ...rest, edges: rest.edges.filter(edgeOk), ...(keepAugmented ? { augmented } : {}) } };
}

export function remoteSafe(r: SearchResponse, accepts: (path: string) => boolean): SearchResponse {
  const { intent, create_safety, create_safety_matches, ...rest } = r;
  const out: SearchResponse = { ...rest, results: r.results.map((x) => safeExplain(x, accepts)) };
  // A relation/entity intent whose note is excluded is not shown; the search itself still ran as a general one.
  if (intent) out.intent = intentPaths(intent).every(accepts) ? intent : { kind: 'general' };
  if (create_safety !== undefined) {
    const matches = (create_safety_matches ?? []).filter((m) => accepts(m.path));
    out.create_safety = matches.length > 0 ? create_safety : 'unknown';
    out.create_safety_matches = matches;
  }
  return out;
}
