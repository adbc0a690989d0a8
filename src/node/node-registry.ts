// The operations registry as Node surfaces (CLI, MCP) use it: `think` reads the vault's model settings per call;
// with a writer, notes are written through the file system, confined to the vault.
import { createRegistry, type BrainRegistry } from '../core/ops';
import { FsNoteWriter } from './fs-note-writer';
import { FsVaultSource } from './fs-vault-source';
import type { VaultConfig } from './config';
import { DEFAULT_LLM_SETTINGS } from '../core/think/settings';

export function createNodeRegistry(vault: string, config: () => VaultConfig | undefined, options: { writes?: boolean } = {}): BrainRegistry {
  return createRegistry({
    llm: () => config()?.llm ?? DEFAULT_LLM_SETTINGS,
    // For the model stages that call a provider directly (deep search's rerank); used only when one is configured.
    fetch: (input, init) => fetch(input, init),
    writer: options.writes === false ? undefined : new FsNoteWriter(new FsVaultSource(vault)),
  });
}
