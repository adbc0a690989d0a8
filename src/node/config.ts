// Per-vault settings for the headless CLI, read from `<vault>/.vault-brain/config.json` when present: the
// brain's settings (core/config.ts, the shape the plugin's worker gets too) plus the largest file to index.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_BRAIN_SETTINGS, normalizeBrainSettings, type BrainSettings } from '../core/config';
import { ignoreFilterList } from '../core/note/ignore-filters';

export type { EmbedderSettings } from '../core/config';

export interface VaultConfig extends BrainSettings {
  /** Largest file indexed, in MB. */
  maxFileMB: number;
  /**
   * Honour Obsidian's "Excluded files" (`userIgnoreFilters` in `<vault>/.obsidian/app.json`) as the plugin does:
   * on unless config.json says `"obsidianExcluded": false`. They join any `ignore` list of config.json.
   */
  obsidianExcluded?: boolean;
  /** `database`: a `postgres://` URL (a team brain on a server) or `local`; unset means the embedded store. */
  database?: string;
  /** `source`: this vault's name in a database several vaults share (default: the vault folder's name). */
  source?: string;
}

export const DEFAULT_CONFIG: VaultConfig = { ...DEFAULT_BRAIN_SETTINGS, maxFileMB: 5 };

/**
 * Obsidian's "Excluded files" of an Obsidian vault, read from `.obsidian/app.json` (none when the folder is not
 * an Obsidian vault, or the file is unreadable: the CLI must still run over any folder of Markdown). Notes the
 * user hid from Obsidian's search must not reach an agent through `vault-brain mcp` either.
 */
export async function readObsidianIgnoreFilters(vault: string): Promise<string[]> {
  try {
    const app = JSON.parse(await fs.readFile(path.join(vault, '.obsidian', 'app.json'), 'utf8')) as { userIgnoreFilters?: unknown } | null;
    return ignoreFilterList(app?.userIgnoreFilters);
  } catch {
    return [];
  }
}

export async function readVaultConfig(brainDir: string): Promise<VaultConfig> {
  const file = path.join(brainDir, 'config.json');
  let raw: string;
  try {
    raw = await fs.readFile(file, 'utf8');
  } catch {
    const obsidian = await readObsidianIgnoreFilters(path.dirname(brainDir));
    return { ...DEFAULT_CONFIG, ...(obsidian.length > 0 ? { ignore: obsidian } : {}) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new Error(`${file} is not valid JSON: ${(e as Error).message}`);
  }
  const obj = (parsed && typeof parsed === 'object' ? parsed : {}) as { maxFileMB?: unknown; database?: unknown; source?: unknown; obsidianExcluded?: unknown };
  const settings = normalizeBrainSettings(parsed);
  const obsidian = obj.obsidianExcluded === false ? [] : await readObsidianIgnoreFilters(path.dirname(brainDir));
  const ignore = [...new Set([...(settings.ignore ?? []), ...obsidian])];
  return {
    ...settings,
    ...(ignore.length > 0 ? { ignore } : {}),
    ...(obj.obsidianExcluded === false ? { obsidianExcluded: false } : {}),
    maxFileMB: typeof obj.maxFileMB === 'number' && obj.maxFileMB > 0 ? obj.maxFileMB : DEFAULT_CONFIG.maxFileMB,
    ...(typeof obj.database === 'string' && obj.database.trim() ? { database: obj.database.trim() } : {}),
    ...(typeof obj.source === 'string' && obj.source.trim() ? { source: obj.source.trim() } : {}),
  };
}
