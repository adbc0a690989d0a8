// The one settings shape a brain is assembled from, whichever surface holds it: the plugin (its flat data.json
// fields for the settings tab become this in plugin/settings.ts), the CLI and `vault-brain serve`
// (`.vault-brain/config.json`, node/config.ts) and the worker (the open message). Anything that comes from a
// file or crossed postMessage is normalised here once, the include/exclude rules are merged with the defaults
// here once; `assemble-brain.ts` builds the Brain from it for node/open-brain.ts and worker/brain-host.ts.
import type { EmbedderSettings } from './embed/factory';
import { defaultRules, PathFilter, type PathRules } from './index/path-rules';
import { ignoreFilterList } from './note/ignore-filters';
import { DEFAULT_LLM_SETTINGS, normalizeLlmSettings, type LlmSettings } from './think/settings';

export type { EmbedderSettings };
export type EmbedderKind = EmbedderSettings['kind'];

export interface BrainSettings {
  /** Vault-relative folders or globs; empty = the whole vault. */
  include: string[];
  /** The user's exclusions, added to the default ones (config folder, trash, .git, node_modules). */
  exclude: string[];
  /** Obsidian's "Excluded files" (`userIgnoreFilters`: path prefixes or /regular expressions/), also excluded. */
  ignore?: string[];
  /** File extensions indexed (default: Markdown and the code languages). */
  extensions?: string[];
  maxFileBytes?: number;
  /** Notes per transaction. */
  batchSize?: number;
  /** The built-in offline embedder, an OpenAI-compatible endpoint, or none (no vector arm). */
  embedder: EmbedderSettings;
  /** Split code files and fenced code by symbol with tree-sitter. */
  codeChunking: boolean;
  /** The chat model `think` uses; provider `none` (the default) means no network and an extractive answer. */
  llm: LlmSettings;
}

export const DEFAULT_BRAIN_SETTINGS: Readonly<BrainSettings> = Object.freeze<BrainSettings>({
  include: [],
  exclude: [],
  embedder: { kind: 'builtin' },
  codeChunking: true,
  llm: DEFAULT_LLM_SETTINGS,
});

/** What a file or a message may hold: any part of the settings; the embedder also as its bare kind (`"none"`). */
export type BrainSettingsInput = Partial<Omit<BrainSettings, 'embedder' | 'llm'>> & {
  embedder?: EmbedderSettings | EmbedderKind;
  llm?: LlmSettings;
};

const KINDS: readonly EmbedderKind[] = ['builtin', 'none', 'openai'];

/** Defaults overlaid with the values that have the right type; anything else is ignored. */
export function normalizeBrainSettings(raw: unknown): BrainSettings {
  const r = isRecord(raw) ? raw : {};
  const d = DEFAULT_BRAIN_SETTINGS;
  return {
    include: ruleList(r.include),
    exclude: ruleList(r.exclude),
    ...(Array.isArray(r.ignore) ? { ignore: ignoreFilterList(r.ignore) } : {}),
    ...(Array.isArray(r.extensions) ? { extensions: r.extensions.filter((x): x is string => typeof x === 'string') } : {}),
    ...(positiveInt(r.maxFileBytes) ? { maxFileBytes: r.maxFileBytes as number } : {}),
    ...(positiveInt(r.batchSize) ? { batchSize: r.batchSize as number } : {}),
    embedder: normalizeEmbedder(r.embedder),
    codeChunking: typeof r.codeChunking === 'boolean' ? r.codeChunking : d.codeChunking,
    llm: normalizeLlmSettings(r.llm),
  };
}

/** Include or exclude rules as stored: trimmed strings, blanks dropped, at most 500 of at most 1000 chars. */
export function ruleList(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is string => typeof x === 'string' && x.trim().length > 0 && x.length <= 1000)
    .map((x) => x.trim())
    .slice(0, 500);
}

/**
 * The embedder setting in its one shape. An unknown kind is the built-in one; an OpenAI-compatible endpoint keeps
 * whatever it was given (trimmed), so `checkedEmbedder` can say what is missing when the brain is assembled.
 */
export function normalizeEmbedder(raw: unknown): EmbedderSettings {
  const r: Record<string, unknown> = isRecord(raw) ? raw : { kind: raw };
  const kind = KINDS.includes(r.kind as EmbedderKind) ? (r.kind as EmbedderKind) : 'builtin';
  if (kind !== 'openai') return { kind };
  const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
  const apiKey = text(r.apiKey);
  const tuning: Partial<Record<(typeof TUNING)[number], number>> = {};
  for (const key of TUNING) {
    const v = r[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) tuning[key] = v;
  }
  return {
    kind,
    baseURL: text(r.baseURL),
    model: text(r.model),
    ...(positiveInt(r.dims) ? { dims: r.dims as number } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...tuning,
  };
}

/** The endpoint's client tuning a config file may set (timeouts, retries, batch size). */
const TUNING = ['timeoutMs', 'maxRetries', 'batchSize', 'maxInputChars', 'backoffBaseMs', 'backoffMaxMs'] as const;

/** The embedder setting, refused when an OpenAI-compatible endpoint lacks its base URL or model. */
export function checkedEmbedder(raw: unknown): EmbedderSettings {
  const s = normalizeEmbedder(raw);
  if (s.kind === 'openai' && (!s.baseURL || !s.model)) throw new Error('the OpenAI-compatible embedder needs a base URL and a model');
  return s;
}

/** The rules a brain applies: the user's, plus the default exclusions (the config folder, trash, ...). */
export function pathRules(s: Pick<BrainSettings, 'include' | 'exclude' | 'ignore'>, configDir: string): PathRules {
  const ignore = s.ignore ?? [];
  return { include: [...s.include], exclude: [...defaultRules(configDir).exclude, ...s.exclude], ...(ignore.length > 0 ? { ignore: [...ignore] } : {}) };
}

export function pathFilter(s: Pick<BrainSettings, 'include' | 'exclude' | 'ignore' | 'extensions'>, configDir: string): PathFilter {
  return new PathFilter(pathRules(s, configDir), s.extensions);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function positiveInt(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}
