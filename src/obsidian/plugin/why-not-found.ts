// Answers "why isn't this note found?": finds the file the user means, then checks, in order, whether the
// include/exclude rules hide it, whether the indexer skipped or failed it, and whether it is indexed yet.
import { PathFilter, type PathRules } from '../../core/index/path-rules';
import type { OpInput, OpName, OpResult } from '../../core/ops';
import type { NoteResponse, SearchResponse } from './op-results';

export type Diagnosis =
  | { kind: 'no-file'; query: string; candidates: string[] }
  | { kind: 'excluded'; path: string; reason: string }
  | { kind: 'skipped' | 'failed'; path: string; reason: string }
  | { kind: 'not-indexed'; path: string }
  | { kind: 'indexed'; path: string; note: NoteResponse; searchRank: number | null };

export interface DiagnoseDeps {
  /** Every file path in the vault. */
  files: string[];
  rules: PathRules;
  call<K extends OpName>(name: K, params: OpInput<K>): Promise<OpResult<K>>;
}

/** The vault file a name or path means: exact path, path without `.md`, or file name (case-insensitive). */
export function findFile(query: string, files: string[]): { path: string | null; candidates: string[] } {
  const q = query.trim().replace(/^\/+/, '').replace(/^\[\[|\]\]$/g, '');
  if (!q) return { path: null, candidates: [] };
  const lower = q.toLowerCase();
  const exact = files.find((f) => f === q) ?? files.find((f) => f.toLowerCase() === lower || f.toLowerCase() === `${lower}.md`);
  if (exact) return { path: exact, candidates: [] };
  const byName = files.filter((f) => {
    const name = f.slice(f.lastIndexOf('/') + 1).toLowerCase();
    return name === lower || name === `${lower}.md`;
  });
  if (byName.length === 1) return { path: byName[0]!, candidates: [] };
  const candidates = (byName.length > 1 ? byName : files.filter((f) => f.toLowerCase().includes(lower))).slice(0, 8);
  return { path: null, candidates };
}

export async function diagnoseNote(query: string, deps: DiagnoseDeps): Promise<Diagnosis> {
  const { path, candidates } = findFile(query, deps.files);
  if (!path) return { kind: 'no-file', query, candidates };
  const reason = new PathFilter(deps.rules).exclusionReason(path);
  if (reason) return { kind: 'excluded', path, reason };

  const status = await deps.call('status', { limit: 100000 });
  const problem = status.files.find((f) => f.path === path);
  if (problem && problem.status !== 'indexed') return { kind: problem.status, path, reason: problem.reason ?? 'no reason recorded' };

  let note: NoteResponse;
  try {
    note = await deps.call('get_note', { note: path, maxChars: 100 });
  } catch {
    return { kind: 'not-indexed', path };
  }
  if (note.path !== path) return { kind: 'not-indexed', path };
  let searchRank: number | null = null;
  try {
    // A local call answers with full hits.
    const res = (await deps.call('search', { query: note.title, limit: 20 })) as SearchResponse;
    const i = res.results.findIndex((r) => r.path === path);
    searchRank = i >= 0 ? i + 1 : null;
  } catch {
    searchRank = null;
  }
  return { kind: 'indexed', path, note, searchRank };
}

export function describeDiagnosis(d: Diagnosis): string {
  switch (d.kind) {
    case 'no-file':
      return d.candidates.length > 0 ? `No file is called "${d.query}". Did you mean: ${d.candidates.join(', ')}?` : `No file in the vault matches "${d.query}".`;
    case 'excluded':
      return `${d.path} is not indexed: ${d.reason}.`;
    case 'skipped':
      return `${d.path} was skipped: ${d.reason}.`;
    case 'failed':
      return `${d.path} failed to index: ${d.reason}.`;
    case 'not-indexed':
      return `${d.path} is not indexed yet; it will be on the next index run.`;
    case 'indexed': {
      const n = d.note;
      const parts = [`${d.path} is indexed as "${n.title}" (type ${n.type || 'note'}, ${n.totalChars.toLocaleString('en-US')} characters).`];
      if (n.aliases.length) parts.push(`Aliases: ${n.aliases.join(', ')}.`);
      if (n.tags.length) parts.push(`Tags: ${n.tags.map((t) => `#${t}`).join(' ')}.`);
      parts.push(d.searchRank ? `Searching for its title ranks it #${d.searchRank}.` : 'Searching for its title does not return it in the top 20.');
      return parts.join(' ');
    }
  }
}
