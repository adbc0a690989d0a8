// The model settings `think` reads (plugin data.json or `.vault-brain/config.json` -> `llm`). Validated here so the
// plugin and the CLI accept exactly the same shape. The key lives with the settings, never in a note.

export type LlmProviderKind = 'none' | 'anthropic' | 'openai';

export interface LlmSettings {
  provider: LlmProviderKind;
  /** Anthropic: `https://api.anthropic.com`; OpenAI-compatible: `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseURL?: string;
  model?: string;
  apiKey?: string;
  /** Whole model call, streaming included (default 60 s). */
  timeoutMs: number;
  /** Most distinct notes whose excerpts go into one prompt (default 12). */
  maxNotes: number;
  /** Vault folder for saved answers (default `Syntheses`). */
  saveFolder: string;
  /**
   * A rerank model behind the OpenAI-compatible `baseURL`'s `/rerank` (llama.cpp, Jina); when set, `deep`
   * search reranks its top 30 with it.
   */
  rerankModel?: string;
}

export const DEFAULT_LLM_SETTINGS: LlmSettings = {
  provider: 'none',
  timeoutMs: 60_000,
  maxNotes: 12,
  saveFolder: 'Syntheses',
};

/** Accepts anything (parsed JSON) and keeps only well-typed fields; unknown providers become `none`. */
export function normalizeLlmSettings(raw: unknown): LlmSettings {
  const obj = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const int = (v: unknown, min: number, max: number, fallback: number): number =>
    typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
  const provider = obj.provider === 'anthropic' || obj.provider === 'openai' ? obj.provider : 'none';
  const settings: LlmSettings = {
    provider,
    timeoutMs: int(obj.timeoutMs, 1000, 600_000, DEFAULT_LLM_SETTINGS.timeoutMs),
    maxNotes: int(obj.maxNotes, 1, 50, DEFAULT_LLM_SETTINGS.maxNotes),
    saveFolder: str(obj.saveFolder)?.replace(/^\/+|\/+$/g, '') || DEFAULT_LLM_SETTINGS.saveFolder,
  };
  const baseURL = str(obj.baseURL);
  const model = str(obj.model);
  const apiKey = str(obj.apiKey);
  const rerankModel = str(obj.rerankModel);
  if (rerankModel) settings.rerankModel = rerankModel;
  if (baseURL) settings.baseURL = baseURL;
  if (model) settings.model = model;
  if (apiKey) settings.apiKey = apiKey;
  return settings;
}
