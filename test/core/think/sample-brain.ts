// Opens a brain over examples/vault (read-only on disk, database in memory) for the think tests.
import * as path from 'node:path';
import { Brain } from '../../../src/core/brain';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { FsVaultSource } from '../../../src/node/fs-vault-source';

export const SAMPLE_VAULT = path.join(__dirname, '../../../examples/vault');

export async function openBrainOver(vault: string, exclude: string[] = []): Promise<{ brain: Brain; close: () => Promise<void> }> {
  const engine = await PGliteEngine.open({});
  const rules = defaultRules('.obsidian');
  const filter = new PathFilter({ include: [], exclude: [...rules.exclude, ...exclude] });
  const source = new FsVaultSource(vault, { skipFolder: (rel) => filter.excludesFolder(rel) });
  const brain = new Brain({ engine, source, filter, embedder: null });
  await brain.index();
  return { brain, close: () => engine.close() };
}
