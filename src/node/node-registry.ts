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
    // Node's fetch for every provider call (think streams through it too; Node has no CORS): deep search's model
    // stages and think, used only when a provider is configured.
    fetch: (input, init) => fetch(input, init),
    writer: options.writes === false ? undefined : new FsNoteWriter(new FsVaultSource(vault)),
  });
}
