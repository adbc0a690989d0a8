// The "closed clean" mark of an embedded store: written when a brain closes its database without error, holding
// the modification time and size of every file and folder of the data directory as the close left them. At the
// next open, if the directory is exactly as the mark says, nothing has touched it since a clean close (no crash,
// no other process, no disk tool), so the store checks' heap scans (every page of every table: the bulk of the
// `quick` checks, ~0.3-0.6 s at 10k notes) are skipped and only the `open` checks run. Anything else (no mark, a
// file changed, added or missing, a crash: the mark is removed at every open) runs the full checks, and damage met
// in use is still healed by Brain.guard (issue 19). The mark lives beside the directory (`<db>.clean`), so a
// copied or moved-aside directory has none.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Seen } from './store-health';

const FORMAT = 1;

function markPath(dbDir: string): string {
  return `${dbDir}.clean`;
}

/** Reads and removes the mark (an open that crashes must not leave it behind); null when there is none. */
export async function takeCleanMark(dbDir: string): Promise<Map<string, string> | null> {
  const file = markPath(dbDir);
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  await fs.rm(file, { force: true });
  try {
    const parsed = JSON.parse(text) as { format?: unknown; files?: unknown };
    if (parsed.format !== FORMAT || typeof parsed.files !== 'object' || parsed.files === null) return null;
    return new Map(Object.entries(parsed.files as Record<string, string>));
  } catch {
    return null;
  }
}

function entriesOf(dbDir: string, files: ReadonlyMap<string, Seen>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [p, seen] of files) out.set(path.relative(dbDir, p) || '.', `${seen.mtimeNs}:${seen.size}`);
  return out;
}

/** Whether the directory, as `files` saw it, is exactly what the mark recorded. */
export function matchesCleanMark(dbDir: string, mark: ReadonlyMap<string, string> | null, files: ReadonlyMap<string, Seen>): boolean {
  if (!mark) return false;
  const now = entriesOf(dbDir, files);
  if (now.size !== mark.size || now.size === 0) return false;
  for (const [p, v] of now) if (mark.get(p) !== v) return false;
  return true;
}

/** Records the directory as a clean close left it (`files`: a pass made after the database closed). */
export async function writeCleanMark(dbDir: string, files: ReadonlyMap<string, Seen>): Promise<void> {
  const file = markPath(dbDir);
  const tmp = `${file}.tmp`;
  await fs.writeFile(tmp, JSON.stringify({ format: FORMAT, files: Object.fromEntries(entriesOf(dbDir, files)) }), { mode: 0o600 });
  await fs.rename(tmp, file);
}
