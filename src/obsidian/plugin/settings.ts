// The plugin's settings as data.json keeps them (flat fields, one per control of the settings tab): defaults, a
// defensive merge of whatever data.json holds, and the brain's settings (core/config.ts) they stand for.
import { pathRules, ruleList, type BrainSettings, type EmbedderSettings } from '../../core/config';
import { PathFilter, type PathRules } from '../../core/index/path-rules';
import { ignoreFilterList } from '../../core/note/ignore-filters';
import { SEARCH_MODES, type SearchMode } from '../../core/search/modes';
import { normalizeLlmSettings, type LlmSettings } from '../../core/think/settings';
import type { WorkerSettings } from '../protocol/worker-api';
import { ANTHROPIC_DEFAULT_BASE_URL, OPENAI_DEFAULT_BASE_URL } from '../../core/think/providers/defaults';
import { originOf } from '../bridge/serve-requests';

/** The most notes the settings tab lets one question send to the model. */
export const MAX_LLM_NOTES = 30;

export type EmbedderChoice = 'builtin' | 'none' | 'openai';
export type LlmProvider = 'none' | 'anthropic' | 'openai';

export interface VaultBrainSettings {
  /** Vault-relative folders or globs; empty = the whole vault. */
  include: string[];
  exclude: string[];
  /** Also leave out what Obsidian's "Excluded files" hides from core search (off: only the rules above). */
  obsidianExcluded: boolean;
  embedder: EmbedderChoice;
  embedderBaseUrl: string;
  embedderModel: string;
  embedderApiKey: string;
  /** Requested vector size; 0 = the model's own. */
  embedderDims: number;
  llmProvider: LlmProvider;
  llmBaseUrl: string;
  llmModel: string;
  llmApiKey: string;
  /**
   * Most notes whose text may be sent to the model for one question (1..MAX_LLM_NOTES). Its default is below the
   * CLI's (core's 12) on purpose: in the app the notes leave the device after one click, often on a phone's data.
   */
  llmMaxNotes: number;
  /** Longest wait for the model's whole answer before the answer is assembled from the notes instead. */
  llmTimeoutSeconds: number;
  /**
   * A model behind the OpenAI-compatible base URL's `/rerank` (llama.cpp, Jina); empty = the chat model reranks.
   * Read by `deep` search only.
   */
  llmRerankModel: string;
  /** The mode of every query from the search pane and the quick search modal (think gathers on its own). */
  searchMode: SearchMode;
  codeChunking: boolean;
  /** Quiet time per file before a change is indexed. */
  debounceMs: number;
  mcpEnabled: boolean;
  mcpPort: number;
  /** The MCP server's bearer token; generated when the server is first turned on. */
  mcpToken: string;
  /** MCP clients may create notes and append to notes (off: read-only tools). */
  mcpAllowWrites: boolean;
  /** The brain lives on a PostgreSQL server (desktop only; plugin/server-database.ts). */
  serverDatabase: boolean;
  /** postgres://user@host:5432/db[?schema=…], without the password (kept in this device's local storage). */
  serverDatabaseUrl: string;
}

export const DEFAULT_SETTINGS: Readonly<VaultBrainSettings> = Object.freeze({
  include: [],
  exclude: [],
  obsidianExcluded: true,
  embedder: 'builtin',
  embedderBaseUrl: 'https://api.openai.com/v1',
  embedderModel: 'text-embedding-3-small',
  embedderApiKey: '',
  embedderDims: 0,
  llmProvider: 'none',
  llmBaseUrl: '',
  llmModel: '',
  llmApiKey: '',
  llmMaxNotes: 8,
  llmTimeoutSeconds: 60,
  llmRerankModel: '',
  searchMode: 'balanced',
  codeChunking: true,
  debounceMs: 2000,
  mcpEnabled: false,
  mcpPort: 27182,
  mcpToken: '',
  mcpAllowWrites: false,
  serverDatabase: false,
  serverDatabaseUrl: '',
});

const EMBEDDERS: readonly EmbedderChoice[] = ['builtin', 'none', 'openai'];
const PROVIDERS: readonly LlmProvider[] = ['none', 'anthropic', 'openai'];

/** Defaults overlaid with the stored values that have the right type and range; anything else is ignored. */
export function mergeSettings(raw: unknown): VaultBrainSettings {
  const d = DEFAULT_SETTINGS;
  const r = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return {
    include: ruleList(r.include),
    exclude: ruleList(r.exclude),
    obsidianExcluded: typeof r.obsidianExcluded === 'boolean' ? r.obsidianExcluded : d.obsidianExcluded,
    embedder: oneOf(r.embedder, EMBEDDERS, d.embedder),
    embedderBaseUrl: str(r.embedderBaseUrl, d.embedderBaseUrl),
    embedderModel: str(r.embedderModel, d.embedderModel),
    embedderApiKey: str(r.embedderApiKey, d.embedderApiKey),
    embedderDims: int(r.embedderDims, 0, 2000, d.embedderDims),
    llmProvider: oneOf(r.llmProvider, PROVIDERS, d.llmProvider),
    llmBaseUrl: str(r.llmBaseUrl, d.llmBaseUrl),
    llmModel: str(r.llmModel, d.llmModel),
    llmApiKey: str(r.llmApiKey, d.llmApiKey),
    llmMaxNotes: int(r.llmMaxNotes, 1, MAX_LLM_NOTES, d.llmMaxNotes),
    llmTimeoutSeconds: int(r.llmTimeoutSeconds, 5, 600, d.llmTimeoutSeconds),
    llmRerankModel: str(r.llmRerankModel, d.llmRerankModel).trim(),
    // Data saved before the setting existed, or a mode this version does not know: the default.
    searchMode: oneOf(r.searchMode, SEARCH_MODES, d.searchMode),
    codeChunking: typeof r.codeChunking === 'boolean' ? r.codeChunking : d.codeChunking,
    debounceMs: int(r.debounceMs, 0, 60_000, d.debounceMs),
    mcpEnabled: typeof r.mcpEnabled === 'boolean' ? r.mcpEnabled : d.mcpEnabled,
    mcpPort: int(r.mcpPort, 1024, 65_535, d.mcpPort),
    mcpToken: str(r.mcpToken, d.mcpToken),
    mcpAllowWrites: typeof r.mcpAllowWrites === 'boolean' ? r.mcpAllowWrites : d.mcpAllowWrites,
    serverDatabase: typeof r.serverDatabase === 'boolean' ? r.serverDatabase : d.serverDatabase,
    serverDatabaseUrl: str(r.serverDatabaseUrl, d.serverDatabaseUrl),
  };
}

/** One rule per line; blank lines and surrounding spaces dropped. */
export function parseRuleLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .slice(0, 500);
}

/**
 * The brain's settings (core/config.ts) these stand for: the one shape the worker and the CLI assemble from.
 * `ignore` is Obsidian's "Excluded files" as the vault config holds them now (`obsidianIgnoreFilters`).
 */
export function toBrainSettings(s: VaultBrainSettings, ignore: readonly string[] = []): BrainSettings {
  return {
    include: [...s.include],
    exclude: [...s.exclude],
    ...(s.obsidianExcluded && ignore.length > 0 ? { ignore: [...ignore] } : {}),
    embedder: toEmbedderSettings(s),
    codeChunking: s.codeChunking,
    llm: toLlmSettings(s),
  };
}

export function toWorkerSettings(s: VaultBrainSettings, configDir: string, ignore: readonly string[] = []): WorkerSettings {
  return { ...toBrainSettings(s, ignore), configDir };
}

/**
 * Obsidian's "Excluded files" filters (`userIgnoreFilters`). `Vault.getConfig` is not in the published typings,
 * so it is reached structurally; an app without it (or a test stand-in) has none.
 */
export function obsidianIgnoreFilters(vault: object): string[] {
  try {
    // Inside the try: a stand-in vault may throw on reading an unknown property.
    const getConfig = (vault as { getConfig?: (key: string) => unknown }).getConfig;
    if (typeof getConfig !== 'function') return [];
    return ignoreFilterList(getConfig.call(vault, 'userIgnoreFilters'));
  } catch {
    return [];
  }
}

/** The endpoint's fields are sent only when the endpoint is chosen (so is its key). */
function toEmbedderSettings(s: VaultBrainSettings): EmbedderSettings {
  if (s.embedder !== 'openai') return { kind: s.embedder };
  return {
    kind: 'openai',
    baseURL: s.embedderBaseUrl.trim(),
    model: s.embedderModel.trim(),
    ...(s.embedderDims > 0 ? { dims: s.embedderDims } : {}),
    ...(s.embedderApiKey ? { apiKey: s.embedderApiKey } : {}),
  };
}

/** The model settings think uses, in the core's shape (the CLI's config accepts the same). */
export function toLlmSettings(s: VaultBrainSettings): LlmSettings {
  // With no provider nothing is sent anywhere, so neither is the key.
  if (s.llmProvider === 'none') return normalizeLlmSettings({ provider: 'none', maxNotes: s.llmMaxNotes, timeoutMs: s.llmTimeoutSeconds * 1000 });
  return normalizeLlmSettings({
    provider: s.llmProvider,
    baseURL: s.llmBaseUrl,
    model: s.llmModel,
    apiKey: s.llmApiKey,
    maxNotes: s.llmMaxNotes,
    timeoutMs: s.llmTimeoutSeconds * 1000,
    // Only an OpenAI-compatible server has the `/rerank` endpoint core calls; empty is dropped by the normalizer.
    ...(s.llmProvider === 'openai' ? { rerankModel: s.llmRerankModel } : {}),
  });
}

/**
 * The origins the worker's provider requests may go to through requestUrl: the embeddings endpoint when one is
 * chosen, and the chat provider's (its base URL, else the provider's public endpoint; rerank shares it).
 */
export function providerOrigins(s: VaultBrainSettings): string[] {
  const urls: string[] = [];
  if (s.embedder === 'openai') urls.push(s.embedderBaseUrl);
  if (s.llmProvider !== 'none') urls.push(s.llmBaseUrl.trim() || (s.llmProvider === 'anthropic' ? ANTHROPIC_DEFAULT_BASE_URL : OPENAI_DEFAULT_BASE_URL));
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' && v.length <= 10_000 ? v : fallback;
}

function int(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback;
}

function oneOf<T extends string>(v: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(v as T) ? (v as T) : fallback;
}

/** The rules the worker applies: the user's, Obsidian's Excluded files unless opted out, and the default exclusions. */
export function effectiveRules(s: VaultBrainSettings, configDir: string, ignore: readonly string[] = []): PathRules {
  return pathRules(toBrainSettings(s, ignore), configDir);
}

export interface RulePreview {
  total: number;
  matched: number;
  /** The first few files the rules leave out (files of other extensions are not listed). */
  excluded: { path: string; reason: string }[];
}

/** How many vault files the rules index, and which files they exclude: the live preview in the settings. */
export function previewRules(paths: string[], rules: PathRules, sample = 5): RulePreview {
  const filter = new PathFilter(rules);
  let matched = 0;
  const excluded: { path: string; reason: string }[] = [];
  for (const p of paths) {
    const reason = filter.exclusionReason(p);
    if (reason === null) matched++;
    else if (excluded.length < sample && !reason.startsWith('extension')) excluded.push({ path: p, reason });
  }
  return { total: paths.length, matched, excluded };
}
