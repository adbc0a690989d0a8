// The operations registry as Node surfaces (CLI, MCP) use it: `think` reads the vault's model settings
// per call and saves through a writer confined to the vault.
import { createRegistry } from '../core/ops';
import type { OpRegistry } from '../core/ops/registry';
import type { Brain } from '../core/brain';
import { FsNoteWriter } from './fs-note-writer';
import { FsVaultSource } from './fs-vault-source';
import type { VaultConfig } from './config';
import { DEFAULT_LLM_SETTINGS } from '../core/think/settings';

export function createNodeRegistry(vault: string, config: () => VaultConfig | undefined): OpRegistry<Brain> {
  return createRegistry({
    think: {
      llm: () => config()?.llm ?? DEFAULT_LLM_SETTINGS,
      writer: new FsNoteWriter(new FsVaultSource(vault)),
    },
  });
}
