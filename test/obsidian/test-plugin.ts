// The real plugin class with its worker client swapped for the in-memory fake, for the glue tests.
import type { PluginManifest } from 'obsidian';
import type { App } from 'obsidian-test-mocks/obsidian';
import { vi } from 'vitest';
import VaultBrainPlugin from '../../src/main';
import type { WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import type { BrainClientLike, ClientEvents } from '../../src/obsidian/plugin/brain-service';
import { FakeClient } from './fakes';

export const manifest: PluginManifest = { id: 'vault-brain', name: 'Vault Brain', version: '0.0.0', minAppVersion: '1.5.0', author: 'test', description: 'test' };

export class TestPlugin extends VaultBrainPlugin {
  readonly fake = new FakeClient();
  /** How many worker clients the plugin asked for. */
  created = 0;
  protected override createClient(events: ClientEvents): Promise<BrainClientLike> {
    this.created++;
    this.fake.events = events;
    return Promise.resolve(this.fake);
  }
}

/** The plugin loaded on `app` (with `data` as its saved settings, when given), layout ready, timers settled. */
export async function startedPlugin(app: App, data?: unknown): Promise<TestPlugin> {
  const plugin = new TestPlugin(app.asOriginalType__(), manifest);
  if (data !== undefined) vi.spyOn(plugin, 'loadData').mockResolvedValue(data);
  await plugin.onload();
  app.workspace.setLayoutReady__();
  await vi.advanceTimersByTimeAsync(0);
  return plugin;
}

/** The settings of every `open` the plugin sent its worker, in order. */
export const openedWith = (p: TestPlugin): WorkerSettings[] => p.fake.callsOf('open').map((a) => a[1] as WorkerSettings);
