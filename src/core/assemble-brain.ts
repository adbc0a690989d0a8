// Builds the Brain every surface holds from its settings (core/config.ts): filter, source, embedder, code
// chunker. Used by node/open-brain.ts and obsidian/worker/brain-host.ts; kept apart from config.ts so the
// plugin's main thread, which reads settings, does not bundle the brain.
import { Brain, type BrainOptions } from './brain';
import { createCodeChunker, type TreeSitterCodeChunker } from './chunk/code-chunker';
import { checkedEmbedder, pathFilter, type BrainSettings } from './config';
import type { Embedder } from './embed/embedder';
import { resolveEmbedder } from './embed/factory';
import type { FetchLike } from './embed/openai-embedder';
import type { BrainEngine } from './engine/brain-engine';
import { errorMessage } from './errors';
import { ProviderHealth, type BreakerOptions } from './net/circuit-breaker';
import type { PathFilter } from './index/path-rules';
import type { VaultSource } from './index/vault-source';

export interface AssembleBrainOptions {
  engine: BrainEngine;
  settings: BrainSettings;
  /** The vault's config folder (the app's `Vault#configDir`; headless surfaces pass HEADLESS_CONFIG_DIR). */
  configDir: string;
  /** The vault source, given the brain's filter (a walker skips excluded folders). */
  source: (filter: PathFilter) => VaultSource;
  /** Loads the built-in embedder; without it the built-in kind means no embedder. */
  loadBuiltinEmbedder?: () => Promise<Embedder>;
  /** Loads a tree-sitter wasm file; without it there is no code chunking. */
  loadWasm?: (name: string) => Promise<Uint8Array>;
  fetch?: FetchLike;
  /**
   * Given: an embedder or code chunker that cannot be made is left out with this warning (the plugin's brain
   * still opens). Absent: the error is thrown (the CLI says what is wrong in its config).
   */
  onWarning?: (message: string) => void;
  onProgress?: BrainOptions['onProgress'];
  /** Threshold, cool-down and clock of the providers' circuit breakers (tests inject a clock). */
  breakers?: BreakerOptions;
  replaceStore?: BrainOptions['replaceStore'];
  openSource?: BrainOptions['openSource'];
  provisionalPages?: BrainOptions['provisionalPages'];
  parsePool?: BrainOptions['parsePool'];
}

export interface AssembledBrain {
  brain: Brain;
  embedder: Embedder | null;
  /** To dispose of when the brain closes. */
  codeChunker: TreeSitterCodeChunker | null;
  /** Why the configured embedder could not be made (it is then null and semantic search is off). */
  embedderError?: string;
}

/** The brain every surface holds, from its settings: filter, source, embedder, code chunker. */
export async function assembleBrain(o: AssembleBrainOptions): Promise<AssembledBrain> {
  const filter = pathFilter(o.settings, o.configDir);
  const optional = async <T>(what: string, make: () => Promise<T>): Promise<T | null> => {
    if (!o.onWarning) return make();
    try {
      return await make();
    } catch (err) {
      o.onWarning(`${what}: ${errorMessage(err)}`);
      return null;
    }
  };
  const { loadBuiltinEmbedder, loadWasm } = o;
  const wanted = o.settings.embedder;
  const health = new ProviderHealth(o.breakers);
  let embedderError: string | undefined;
  const [embedder, codeChunker] = await Promise.all([
    wanted.kind === 'builtin' && !loadBuiltinEmbedder
      ? null
      : optional('embedder unavailable, vector search is off', async () => {
          try {
            return await resolveEmbedder(checkedEmbedder(wanted), { loadBuiltin: () => loadBuiltinEmbedder!(), fetch: o.fetch, health });
          } catch (err) {
            embedderError = errorMessage(err);
            throw err;
          }
        }),
    o.settings.codeChunking && loadWasm ? optional('code chunking unavailable', () => createCodeChunker({ loadWasm })) : null,
  ]);
  try {
    const brain = new Brain({
      engine: o.engine,
      source: o.source(filter),
      filter,
      embedder,
      codeChunker: codeChunker ?? undefined,
      maxFileBytes: o.settings.maxFileBytes,
      batchSize: o.settings.batchSize,
      onProgress: o.onProgress,
      replaceStore: o.replaceStore,
      openSource: o.openSource,
      provisionalPages: o.provisionalPages,
      parsePool: o.parsePool,
      health,
    });
    return { brain, embedder: embedder ?? null, codeChunker: codeChunker ?? null, ...(embedderError !== undefined ? { embedderError } : {}) };
  } catch (err) {
    codeChunker?.dispose();
    throw err;
  }
}

