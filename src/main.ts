// The plugin entry. `onload` only registers surfaces; the brain (a worker with its database) opens once the
// workspace layout is ready, so startup stays fast.
import { errorMessage } from './core/errors';
import { FileSystemAdapter, Notice, Platform, Plugin, requestUrl, type View, type WorkspaceLeaf } from 'obsidian';
import { BrainService, type BrainClientLike, type ClientEvents } from './obsidian/plugin/brain-service';
import { createMcpController } from './obsidian/mcp/plugin-mcp';
import type { McpController } from './obsidian/mcp/mcp-controller';
import { ChangeBatcher } from './core/index/change-batcher';
import { registerCommands } from './obsidian/plugin/commands';
import { registerEntryPoints } from './obsidian/plugin/entry-points';
import type { VaultBrainHost } from './obsidian/plugin/host';
import { effectiveRules, mergeSettings, obsidianIgnoreFilters, providerOrigins, toWorkerSettings, type VaultBrainSettings } from './obsidian/plugin/settings';
import { PathFilter } from './core/index/path-rules';
import { VaultBrainSettingTab } from './obsidian/plugin/settings-tab';
import { mountStatusBar } from './obsidian/plugin/status-bar';
import { vaultIdOf } from './obsidian/plugin/vault-id';
import { watchVault } from './obsidian/plugin/vault-events';
import { watchExcludedFiles } from './obsidian/plugin/excluded-files-watch';
import { LinksView } from './obsidian/views/links-view';
import { SearchView } from './obsidian/views/search-view';
import { IndexStatusView } from './obsidian/views/status-view';
import { ThinkView } from './obsidian/views/think-view';
import { LINKS_VIEW, SEARCH_VIEW, STATUS_VIEW, THINK_VIEW } from './obsidian/views/view-types';
import { BrainClient } from './obsidian/bridge/brain-client';
import { ObsidianVaultSource } from './obsidian/bridge/obsidian-vault-source';
import { ObsidianNoteWriter } from './obsidian/bridge/obsidian-note-writer';
import { pluginNoteWriter } from './obsidian/bridge/plugin-note-writer';
import type { ServerDatabase } from './obsidian/bridge/serve-postgres';
import { localPasswordStore, serverDatabaseOf, type PasswordStore } from './obsidian/plugin/server-database';

export default class VaultBrainPlugin extends Plugin implements VaultBrainHost {
  // Obsidian 1.13 types `Plugin.settings` as unknown; ours is assigned in onload before anything reads it.
  declare settings: VaultBrainSettings;
  brain!: BrainService;
  mcp!: McpController;

  /** The server database's password on this device (read when first needed: desktop only). */
  get serverPassword(): PasswordStore {
    return localPasswordStore(vaultIdOf(this.app));
  }
  private batcher: ChangeBatcher | null = null;

  override async onload(): Promise<void> {
    const saved: unknown = await this.loadData();
    // Nothing saved yet: the plugin was just enabled for the first time in this vault.
    const firstRun = saved === null || saved === undefined;
    this.settings = mergeSettings(saved);
    this.brain = new BrainService({
      createClient: (events) => this.createClient(events),
      vaultId: () => vaultIdOf(this.app),
      // Mobile keeps the database in IndexedDB; desktop workers use OPFS when they can (worker-main.ts).
      workerSettings: () => ({
        ...toWorkerSettings(this.settings, this.app.vault.configDir, obsidianIgnoreFilters(this.app.vault)),
        storage: Platform.isMobile ? 'indexeddb' : 'auto',
        vaultName: this.app.vault.getName(),
        serverDatabase: this.serverDatabase() !== null,
      }),
      notify: (message) => new Notice(message),
    });
    this.mcp = createMcpController(this);

    this.registerView(SEARCH_VIEW, (leaf) => new SearchView(leaf, this.brain, () => this.settings.searchMode));
    this.registerView(LINKS_VIEW, (leaf) => new LinksView(leaf, this.brain));
    this.registerView(STATUS_VIEW, (leaf) => new IndexStatusView(leaf, this));
    this.registerView(THINK_VIEW, (leaf) => new ThinkView(leaf, this.brain));
    registerCommands(this, this);
    registerEntryPoints(this, this);
    this.addSettingTab(new VaultBrainSettingTab(this, this));
    mountStatusBar(this, this.addStatusBarItem(), this.brain, () => void this.activateView(STATUS_VIEW));

    this.app.workspace.onLayoutReady(() => {
      this.startBrain();
      if (firstRun) void this.welcome();
    });
  }

  override onunload(): void {
    void this.mcp.dispose();
    const batcher = this.batcher;
    this.batcher = null;
    void (async () => {
      // Changes still waiting are written before the database closes.
      await batcher?.flush();
      batcher?.dispose();
      await this.brain.close();
    })();
  }

  private startBrain(): void {
    const batcher = new ChangeBatcher(
      { update: (paths) => this.brain.update(paths), rename: (from, to) => this.brain.rename(from, to) },
      { debounceMs: this.settings.debounceMs, onError: (err, work) => this.brain.report('warn', `${work}: ${errorMessage(err)}`) },
    );
    this.batcher = batcher;
    watchVault(this, batcher);
    watchExcludedFiles(this, { honoured: () => this.settings.obsidianExcluded, apply: () => this.applyIndexSettings() });
    // The MCP server (if the user turned it on) starts once the brain is open.
    void this.brain.start().then(() => this.mcp.sync());
  }

  /** First enable: the search pane opens in the right sidebar (its empty state says the index is being built). */
  private async welcome(): Promise<void> {
    await this.saveData(this.settings);
    await this.activateView(SEARCH_VIEW);
  }

  /** Starts the worker; a seam for tests, which substitute an in-memory client. */
  protected createClient(events: ClientEvents): Promise<BrainClientLike> {
    const { vault } = this.app;
    // The rules as saved now, not as the worker was opened with.
    const accepts = (path: string): boolean => new PathFilter(effectiveRules(this.settings, vault.configDir, obsidianIgnoreFilters(vault))).accepts(path);
    return BrainClient.start({
      source: new ObsidianVaultSource(vault),
      accepts,
      writer: pluginNoteWriter({
        writer: new ObsidianNoteWriter(vault),
        accepts,
        vaultRoot: () => (vault.adapter instanceof FileSystemAdapter ? vault.adapter.getBasePath() : null),
      }),
      onProgress: (p) => events.onProgress(p),
      onLog: (entry) => events.onLog(entry),
      onProvider: (status) => events.onProvider?.(status),
      // Provider calls leave through Obsidian's HTTP client (no CORS, works on mobile), only to the configured
      // providers as saved now.
      request: (r) => requestUrl(r),
      providerOrigins: () => providerOrigins(this.settings),
      serverDatabase: () => this.serverDatabase(),
    });
  }

  /** The PostgreSQL server the brain lives on (desktop, turned on, a usable URL), with this device's password. */
  private serverDatabase(): ServerDatabase | null {
    if (!Platform.isDesktopApp || !this.settings.serverDatabase) return null;
    return serverDatabaseOf(this.settings, this.serverPassword.get(), true);
  }

  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
    this.batcher?.setDebounce(this.settings.debounceMs);
    // Model settings apply from the next question; the embedder and rules wait for "Apply and reindex".
    await this.brain.configure();
  }

  async applyIndexSettings(): Promise<void> {
    await this.batcher?.flush();
    await this.brain.restart();
  }

  async activateView(type: string): Promise<View | null> {
    const { workspace } = this.app;
    let leaf: WorkspaceLeaf | null = workspace.getLeavesOfType(type)[0] ?? null;
    if (!leaf) {
      leaf = type === STATUS_VIEW ? workspace.getLeaf('tab') : workspace.getRightLeaf(false);
      if (!leaf) return null;
      await leaf.setViewState({ type, active: true });
    }
    // revealLeaf un-collapses a sidebar and loads a deferred view (apps before 1.7.2 return nothing to await,
    // which is harmless); the view is read after it, since a deferred leaf's view is replaced on load.
    await workspace.revealLeaf(leaf);
    return leaf.view;
  }

}
