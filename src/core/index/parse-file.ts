// One file's bytes -> its parsed note, or why it is not indexed. The same function runs in the indexer's own
// thread and in a parse worker (index/parse-pool.ts), so both paths store the same thing.
import { errorMessage } from '../errors';
import type { ParsedNote } from '../types';
import { parseNote, type NoteParserDeps } from '../note/parse-note';
import { decodeFile } from './decode-file';

export type ParseOutcome = { note: ParsedNote } | { skipped: string } | { failed: string };

/** Decodes and parses; never throws (a parser bug is a failed file, the run goes on). */
export function parseFileBytes(path: string, bytes: Uint8Array, deps: NoteParserDeps, maxFileBytes: number): ParseOutcome {
  const decoded = decodeFile(bytes, maxFileBytes);
  if (!decoded.ok) return { skipped: `${decoded.reason}: ${decoded.message}` };
  try {
    const note = parseNote(path, decoded.text, deps);
    note.warnings.push(...decoded.warnings);
    return { note };
  } catch (e) {
    return { failed: `parse error: ${errorMessage(e)}` };
  }
}
