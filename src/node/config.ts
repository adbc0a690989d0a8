// Per-vault settings for the headless CLI, read from `<vault>/.vault-brain/config.json` when present.
// The plugin keeps the same settings in its data.json; both are validated here into one shape.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_LLM_SETTINGS, normalizeLlmSettings, type LlmSettings } from '../core/think/settings';

export interface EmbedderSettings {
  kind: 'builtin' | 'none' | 'openai';
  baseURL?: string;
  model?: string;
  apiKey?: string;
  dims?: number;
}

export interface VaultConfig {
  include: string[];
  exclude: string[];
  maxFileMB: number;
  embedder: EmbedderSettings;
  /** The chat model `think` uses; provider `none` (the default) means no network and an extractive answer. */
  llm: LlmSettings;
}

export const DEFAULT_CONFIG: VaultConfig = {
  include: [],
  exclude: [],
  maxFileMB: 5,
  embedder: { kind: 'builtin' },
  llm: DEFAULT_LLM_SETTINGS,
};

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
  const obj = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<VaultConfig>;
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    include: strings(obj.include),
    exclude: strings(obj.exclude),
    maxFileMB: typeof obj.maxFileMB === 'number' && obj.maxFileMB > 0 ? obj.maxFileMB : DEFAULT_CONFIG.maxFileMB,
    embedder: { ...DEFAULT_CONFIG.embedder, ...(obj.embedder ?? {}) },
    llm: normalizeLlmSettings(obj.llm),
  };
}
