// Writes a file into a test vault, creating its folders.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export async function writeVaultFile(vault: string, rel: string, content: string | Uint8Array): Promise<void> {
  const abs = path.join(vault, rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, content);
}

/** Moves a file's mtime 5 s later, so an edit is seen as a change even within the same millisecond. */
export async function touchLater(vault: string, rel: string): Promise<void> {
  const abs = path.join(vault, rel);
  const st = await fs.stat(abs);
  const t = new Date(st.mtimeMs + 5000);
  await fs.utimes(abs, t, t);
}
