// Per-vault settings for the headless CLI, read from `<vault>/.vault-brain/config.json` when present: the
// brain's settings (core/config.ts, the shape the plugin's worker gets too) plus the largest file to index.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_BRAIN_SETTINGS, normalizeBrainSettings, type BrainSettings } from '../core/config';

export type { EmbedderSettings } from '../core/config';

export interface VaultConfig extends BrainSettings {
  /** Largest file indexed, in MB. */
  maxFileMB: number;
  /** `database`: a `postgres://` URL (a team brain on a server) or `local`; unset means the embedded store. */
  database?: string;
}

export const DEFAULT_CONFIG: VaultConfig = { ...DEFAULT_BRAIN_SETTINGS, maxFileMB: 5 };

export async function readVaultConfig(brainDir: string): Promise<VaultConfig> {
  const file = path.join(brainDir, 'config.json');
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch {
    return { ...DEFAULT_CONFIG };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new Error(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  const obj = (parsed && typeof parsed === 'object' ? parsed : {}) as { maxFileMB?: unknown; database?: unknown };
  return {
    ...normalizeBrainSettings(parsed),
    maxFileMB: typeof obj.maxFileMB === 'number' && obj.maxFileMB > 0 ? obj.maxFileMB : DEFAULT_CONFIG.maxFileMB,
    ...(typeof obj.database === 'string' && obj.database.trim() ? { database: obj.database.trim() } : {}),
  };
}
