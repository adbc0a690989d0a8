// The mock app, a fake worker client and a BrainService over it, plus a leaf: what every pane test starts from.
import { App, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import type { WorkspaceLeaf as ObsidianLeaf } from 'obsidian';
import { BrainService } from '../../src/obsidian/plugin/brain-service';
import { FakeClient } from './fakes';

export interface BrainSetup {
  app: App;
  fake: FakeClient;
  brain: BrainService;
  leaf: ObsidianLeaf;
}

/** Alice Chen and Acme exist in the vault, plus `files`; the brain is not started. */
export function setupBrain(files: Record<string, string> = {}): BrainSetup {
  const app = App.createConfigured__({ files: { 'People/Alice Chen.md': '# Alice', 'Companies/Acme.md': '# Acme', ...files } });
  const fake = new FakeClient();
  const brain = new BrainService({
    createClient: () => Promise.resolve(fake),
    vaultId: () => 'v1',
    workerSettings: () => ({ include: [], exclude: [], configDir: '.obsidian', embedder: 'builtin' as const, codeChunking: false }),
    notify: () => undefined,
  });
  const leaf = WorkspaceLeaf.create2__(app).asOriginalType__() as unknown as ObsidianLeaf;
  return { app, fake, brain, leaf };
}
