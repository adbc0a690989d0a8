// The real plugin class with its worker client swapped for the in-memory fake, for the glue tests.
import type { PluginManifest } from 'obsidian';
import VaultBrainPlugin from '../../src/main';
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
