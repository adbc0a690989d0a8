// The OpenAI SDK, loaded at its first use: requiring it took ~0.2-0.35 s of every CLI command (a V8 profile of
// `vault-brain stats`, docs/cli-performance.md), though only a configured provider ever calls it. The Anthropic
// SDK is loaded the same way (think/providers/anthropic.ts).
import type * as OpenAISdk from 'openai';

export type OpenAIModule = typeof OpenAISdk;

let loading: Promise<OpenAIModule> | null = null;
let loaded: OpenAIModule | null = null;

export function loadOpenAI(): Promise<OpenAIModule> {
  loading ??= import('openai').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The SDK when it has been loaded, else null: an error can only be one of its classes once it is loaded. */
export function loadedOpenAI(): OpenAIModule | null {
  return loaded;
}
