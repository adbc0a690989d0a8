// Turns the user's embedding setting into an Embedder (or null for `none`).
import type { ProviderHealth } from '../net/circuit-breaker';
import type { Embedder } from './embedder';
import { createOpenAIEmbedder, type FetchLike, type OpenAIEmbedderOptions } from './openai-embedder';

export type EmbedderSettings =
  | { kind: 'none' }
  | { kind: 'builtin' }
  | ({ kind: 'openai' } & Omit<OpenAIEmbedderOptions, 'fetch' | 'onRetry' | 'breaker'>);

export interface EmbedderDeps {
  /** Loads the built-in embedder (from disk in Node, from inlined bytes in the plugin). */
  loadBuiltin: () => Promise<Embedder>;
  /** Passed to the OpenAI-compatible client (the CLI's Node fetch, the plugin worker's fetch, a test spy). */
  fetch?: FetchLike;
  /** The brain's provider breakers: a remote embedder's requests go through its `embeddings` breaker. */
  health?: ProviderHealth;
}

export async function resolveEmbedder(settings: EmbedderSettings, deps: EmbedderDeps): Promise<Embedder | null> {
  switch (settings.kind) {
    case 'none':
      return null;
    case 'builtin':
      return deps.loadBuiltin();
    case 'openai':
      return createOpenAIEmbedder({ ...settings, fetch: deps.fetch, breaker: deps.health?.breaker('embeddings') });
    default:
      throw new Error(`unknown embedder kind ${String((settings as { kind?: unknown }).kind)}`);
  }
}
