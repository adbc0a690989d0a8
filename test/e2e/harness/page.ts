// The e2e page script. It loads the production main.js through a tiny CommonJS `require` whose 'obsidian' is the
// stand-in, instantiates the plugin, and exposes `window.__vb` for tests: fill the vault, open the brain in
// its worker (the same client, worker and embedded assets main.js ships), index, call ops, measure the main
// thread. Hooks for later tests (search pane, screenshots) go on `window.__vb` too.
import { BrainClient } from '../../../src/obsidian/bridge/brain-client';
import { ObsidianVaultSource } from '../../../src/obsidian/bridge/obsidian-vault-source';
import type { OpenResult, WorkerEvents, WorkerSettings } from '../../../src/obsidian/protocol/worker-api';
import type { Vault as ObsidianVault } from 'obsidian';
import { installDomHelpers } from '../panes/dom-helpers';
import { App, Notice, obsidianModule, Plugin, setHarnessApp, type PluginManifest } from './obsidian-shim';

export interface NoteInput {
  path: string;
  content: string;
  mtime: number;
}

export interface MainThreadReport {
  /** Durations (ms) of the long tasks (> 50 ms) the browser reported. */
  longTasks: number[];
  /** Largest delay of a 5 ms timer beyond its due time: how long the main thread was busy at once. */
  maxTimerLagMs: number;
  wallMs: number;
}

// Obsidian's DOM additions (createEl, addClass, ...), which the plugin's status bar and panes use.
installDomHelpers();

const params = new URLSearchParams(location.search);
const app = new App(params.get('appId') ?? 'e2e0000000000000', 'e2e-vault');
setHarnessApp(app);

let client: BrainClient | null = null;
let plugin: Plugin | null = null;
const progress: WorkerEvents['progress'][] = [];
const logs: WorkerEvents['log'][] = [];

const DEFAULT_SETTINGS: WorkerSettings = {
  include: [],
  exclude: [],
  configDir: app.vault.configDir,
  embedder: 'builtin',
  codeChunking: true,
};

function requireShim(name: string): unknown {
  if (name === 'obsidian') return obsidianModule;
  throw new Error(`main.js required "${name}", which is not available in a browser or on mobile`);
}

type ModuleWrapper = (module: unknown, exports: unknown, require: (name: string) => unknown) => void;

/** Loads /main-wrapped.js: the server wraps main.js in a CommonJS function, as Obsidian evaluates plugins. */
function loadWrappedMain(): Promise<ModuleWrapper> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/main-wrapped.js';
    script.onload = () => {
      const wrapper = (window as unknown as { __vbMainModule?: ModuleWrapper }).__vbMainModule;
      if (wrapper) resolve(wrapper);
      else reject(new Error('main-wrapped.js did not define its module function'));
    };
    script.onerror = () => reject(new Error('main-wrapped.js failed to load'));
    document.head.appendChild(script);
  });
}

/**
 * Loads main.js and runs the plugin's onload. With `layoutReady` (default) the layout-ready callbacks run too,
 * which opens the plugin's own brain; tests that drive the brain through `open()` pass false so that two
 * databases do not open the same IndexedDB name.
 */
async function loadPlugin(
  options: { layoutReady?: boolean } = {},
): Promise<{ loadMs: number; evalMs: number; onloadMs: number; bytes: number; commands: string[] }> {
  const t0 = performance.now();
  const wrapper = await loadWrappedMain();
  const t1 = performance.now();
  const module = { exports: {} as Record<string, unknown> };
  wrapper(module, module.exports, requireShim);
  const t2 = performance.now();
  const bytes = performance.getEntriesByName(new URL('/main-wrapped.js', location.href).href).map((e) => (e as PerformanceResourceTiming).decodedBodySize)[0] ?? 0;
  const exported = (module.exports.default ?? module.exports) as new (app: App, manifest: PluginManifest) => Plugin;
  const manifest: PluginManifest = { id: 'vault-brain', name: 'Vault Brain', version: '0.0.0', minAppVersion: '1.5.0' };
  plugin = new exported(app, manifest);
  await plugin.onload();
  if (options.layoutReady ?? true) app.workspace.markLayoutReady();
  const t3 = performance.now();
  return { loadMs: t1 - t0, evalMs: t2 - t1, onloadMs: t3 - t2, bytes, commands: plugin.commands.map((c) => c.id) };
}

function setNotes(notes: NoteInput[]): number {
  for (const n of notes) app.vault.setFile(n.path, n.content, n.mtime);
  return app.vault.getFiles().length;
}

function requireClient(): BrainClient {
  if (!client) throw new Error('call __vb.open() first');
  return client;
}

async function open(settings: Partial<WorkerSettings> = {}): Promise<OpenResult & { clientStartMs: number; openMs: number }> {
  client?.terminate();
  const t0 = performance.now();
  const started = await BrainClient.start({
    source: new ObsidianVaultSource(app.vault as unknown as ObsidianVault),
    onProgress: (p) => progress.push(p),
    onLog: (l) => logs.push(l),
  });
  client = started;
  const t1 = performance.now();
  const result = await started.open(app.appId, { ...DEFAULT_SETTINGS, ...settings });
  return { ...result, clientStartMs: t1 - t0, openMs: performance.now() - t0 };
}

/** Runs `fn` while watching the main thread: long tasks and timer lag. */
async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; mainThread: MainThreadReport }> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask' });
  let maxLag = 0;
  let running = true;
  let due = performance.now() + 5;
  const tick = (): void => {
    const now = performance.now();
    maxLag = Math.max(maxLag, now - due);
    if (!running) return;
    due = now + 5;
    setTimeout(tick, 5);
  };
  setTimeout(tick, 5);
  const t0 = performance.now();
  try {
    const result = await fn();
    return { result, mainThread: { longTasks, maxTimerLagMs: maxLag, wallMs: performance.now() - t0 } };
  } finally {
    running = false;
    // Entries of the last task are delivered asynchronously.
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
  }
}

const vb = {
  app,
  Notice,
  progress,
  logs,
  setNotes,
  loadPlugin,
  get plugin(): Plugin | null {
    return plugin;
  },
  get client(): BrainClient | null {
    return client;
  },
  /** Opens the brain (starting the worker) while watching the main thread. */
  open: (settings: Partial<WorkerSettings> = {}) => measured(() => open(settings)),
  index: (full = false) => measured(() => requireClient().index({ full })),
  update: (paths: string[]) => requireClient().update(paths),
  rename: (from: string, to: string) => requireClient().rename(from, to),
  op: (name: string, p: Record<string, unknown> = {}) => requireClient().op(name, p),
  /** Search through the ops registry (the `search` op); the search-pane tests build on this. */
  search: (query: string, limit = 10) => requireClient().op('search', { query, limit }),
  close: () => requireClient().close(),
  measured,
};

declare global {
  interface Window {
    __vb: typeof vb;
  }
}

window.__vb = vb;
document.title = 'Vault-brain e2e ready';
