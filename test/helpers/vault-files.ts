// Writes a file into a test vault, creating its folders.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export async function writeVaultFile(vault: string, rel: string, content: string | Uint8Array): Promise<void> {
  const abs = path.join(vault, rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, content);
}
