// A stand-in for the `obsidian` module in a plain browser page: enough of the API for the plugin to load and
// run, with an in-memory vault the test fills. It is not Obsidian: views get a bare container, settings render
// plain elements, and events are synchronous. Missing pieces fail loudly (see `obsidianModule`).

type Listener = (...args: unknown[]) => unknown;

export interface EventRef {
  name: string;
  fn: Listener;
}

export class Events {
  private readonly handlers = new Map<string, Set<Listener>>();
  on(name: string, fn: Listener): EventRef {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(fn);
    return { name, fn };
  }
  off(name: string, fn: Listener): void {
    this.handlers.get(name)?.delete(fn);
  }
  offref(ref: EventRef): void {
    this.off(ref.name, ref.fn);
  }
  trigger(name: string, ...args: unknown[]): void {
    for (const fn of [...(this.handlers.get(name) ?? [])]) fn(...args);
  }
}

export interface FileStats {
  ctime: number;
  mtime: number;
  size: number;
}

export abstract class TAbstractFile {
  vault!: Vault;
  path = '';
  name = '';
  parent: TFolder | null = null;
}

export class TFile extends TAbstractFile {
  stat: FileStats = { ctime: 0, mtime: 0, size: 0 };
  basename = '';
  extension = '';
}

export class TFolder extends TAbstractFile {
  children: TAbstractFile[] = [];
  isRoot(): boolean {
    return this.path === '/';
  }
}

function splitName(path: string): { name: string; basename: string; extension: string } {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { name, basename: name.slice(0, dot), extension: name.slice(dot + 1) } : { name, basename: name, extension: '' };
}

/** The in-memory vault. Tests add notes with `setFile`; events fire like Obsidian's (create/modify/delete/rename). */
export class Vault extends Events {
  configDir = '.obsidian';
  private readonly files = new Map<string, { file: TFile; data: Uint8Array }>();

  constructor(private readonly vaultName = 'e2e-vault') {
    super();
  }

  getName(): string {
    return this.vaultName;
  }

  setFile(path: string, content: string | Uint8Array, mtime = Date.now()): TFile {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const existing = this.files.get(path);
    const file = existing?.file ?? new TFile();
    Object.assign(file, { vault: this, path, ...splitName(path) });
    file.stat = { ctime: existing?.file.stat.ctime ?? mtime, mtime, size: data.length };
    this.files.set(path, { file, data });
    this.trigger(existing ? 'modify' : 'create', file);
    return file;
  }

  deleteFile(path: string): void {
    const entry = this.files.get(path);
    if (!entry) return;
    this.files.delete(path);
    this.trigger('delete', entry.file);
  }

  renameFile(from: string, to: string): void {
    const entry = this.files.get(from);
    if (!entry) return;
    this.files.delete(from);
    Object.assign(entry.file, { path: to, ...splitName(to) });
    this.files.set(to, entry);
    this.trigger('rename', entry.file, from);
  }

  getFiles(): TFile[] {
    return [...this.files.values()].map((e) => e.file);
  }

  getMarkdownFiles(): TFile[] {
    return this.getFiles().filter((f) => f.extension === 'md');
  }

  getAbstractFileByPath(path: string): TAbstractFile | null {
    return this.files.get(path)?.file ?? null;
  }

  getFileByPath(path: string): TFile | null {
    return this.files.get(path)?.file ?? null;
  }

  readBinary(file: TFile): Promise<ArrayBuffer> {
    const entry = this.files.get(file.path);
    if (!entry) return Promise.reject(new Error(`ENOENT: ${file.path}`));
    return Promise.resolve(entry.data.slice().buffer);
  }

  read(file: TFile): Promise<string> {
    return this.readBinary(file).then((b) => new TextDecoder().decode(b));
  }

  cachedRead(file: TFile): Promise<string> {
    return this.read(file);
  }
}

type PaneType = 'tab' | 'split' | 'window';

export class WorkspaceLeaf {
  view: ItemView | null = null;
  readonly containerEl = document.createElement('div');
  /** How the leaf was asked for: false for the current tab, a pane type (or true) for a new one. */
  constructor(readonly openedAs: PaneType | boolean = false) {}
  async setViewState(state: { type: string; active?: boolean }): Promise<void> {
    const factory = harnessApp?.viewFactories.get(state.type);
    if (!factory) throw new Error(`obsidian shim: no view registered for "${state.type}"`);
    this.view = factory(this);
    await this.view.onOpen();
  }
  getViewState(): { type: string } {
    return { type: this.view?.getViewType() ?? 'empty' };
  }
  detach(): void {
    void this.view?.onClose();
    this.view = null;
  }
}

export class Workspace extends Events {
  readonly leaves: WorkspaceLeaf[] = [];
  private layoutReady = false;
  private readonly readyCallbacks: (() => void)[] = [];

  onLayoutReady(cb: () => void): void {
    if (this.layoutReady) cb();
    else this.readyCallbacks.push(cb);
  }
  /** Called by the harness once the plugin has loaded, like Obsidian after startup. */
  markLayoutReady(): void {
    this.layoutReady = true;
    for (const cb of this.readyCallbacks.splice(0)) cb();
  }
  getLeavesOfType(type: string): WorkspaceLeaf[] {
    return this.leaves.filter((l) => l.view?.getViewType() === type);
  }
  getRightLeaf(): WorkspaceLeaf {
    return this.newLeaf();
  }
  getLeftLeaf(): WorkspaceLeaf {
    return this.newLeaf();
  }
  getLeaf(newLeaf: PaneType | boolean = false): WorkspaceLeaf {
    return this.newLeaf(newLeaf);
  }
  revealLeaf(): Promise<void> {
    return Promise.resolve();
  }
  detachLeavesOfType(type: string): void {
    for (const l of this.getLeavesOfType(type)) l.detach();
  }
  getActiveFile(): TFile | null {
    return null;
  }
  openLinkText(): Promise<void> {
    return Promise.resolve();
  }
  private newLeaf(openedAs: PaneType | boolean = false): WorkspaceLeaf {
    const leaf = new WorkspaceLeaf(openedAs);
    this.leaves.push(leaf);
    document.body.appendChild(leaf.containerEl);
    return leaf;
  }
}

export class App {
  readonly vault: Vault;
  readonly workspace = new Workspace();
  readonly metadataCache = new Events();
  readonly viewFactories = new Map<string, (leaf: WorkspaceLeaf) => ItemView>();
  constructor(
    readonly appId: string,
    vaultName?: string,
  ) {
    this.vault = new Vault(vaultName);
  }
}

let harnessApp: App | null = null;
/** The app the shim's views and modals belong to (one per page). */
export function setHarnessApp(app: App): void {
  harnessApp = app;
}

export class Component {
  private readonly cleanups: (() => void)[] = [];
  load(): void {
    void this.onload();
  }
  onload(): void | Promise<void> {}
  unload(): void {
    for (const c of this.cleanups.splice(0).reverse()) c();
    this.onunload();
  }
  onunload(): void {}
  register(cb: () => void): void {
    this.cleanups.push(cb);
  }
  registerEvent(ref: EventRef & { source?: Events }): void {
    this.cleanups.push(() => ref.source?.offref(ref));
  }
  registerInterval(id: number): number {
    this.cleanups.push(() => window.clearInterval(id));
    return id;
  }
  registerDomEvent(el: EventTarget, type: string, fn: EventListener): void {
    el.addEventListener(type, fn);
    this.cleanups.push(() => el.removeEventListener(type, fn));
  }
  addChild<T extends Component>(c: T): T {
    c.load();
    this.cleanups.push(() => c.unload());
    return c;
  }
}

export interface PluginManifest {
  id: string;
  name: string;
  version: string;
  minAppVersion: string;
  dir?: string;
}

export class Plugin extends Component {
  settingTabs: PluginSettingTab[] = [];
  commands: { id: string; name: string; callback?: () => unknown }[] = [];
  private data: unknown = null;
  constructor(
    readonly app: App,
    readonly manifest: PluginManifest,
  ) {
    super();
  }
  addCommand<C extends { id: string; name: string }>(command: C): C {
    this.commands.push(command);
    return command;
  }
  addRibbonIcon(icon: string, title: string, cb: (evt: MouseEvent) => unknown): HTMLElement {
    const el = document.createElement('button');
    el.className = 'side-dock-ribbon-action';
    el.dataset.icon = icon;
    el.title = title;
    el.addEventListener('click', cb);
    document.body.appendChild(el);
    return el;
  }
  addStatusBarItem(): HTMLElement {
    const el = document.createElement('div');
    el.className = 'status-bar-item';
    document.body.appendChild(el);
    return el;
  }
  readonly hoverLinkSources = new Map<string, { display: string; defaultMod: boolean }>();
  registerHoverLinkSource(id: string, info: { display: string; defaultMod: boolean }): void {
    this.hoverLinkSources.set(id, info);
  }
  addSettingTab(tab: PluginSettingTab): void {
    this.settingTabs.push(tab);
  }
  registerView(type: string, factory: (leaf: WorkspaceLeaf) => ItemView): void {
    this.app.viewFactories.set(type, factory);
  }
  loadData(): Promise<unknown> {
    return Promise.resolve(this.data);
  }
  saveData(data: unknown): Promise<void> {
    this.data = structuredClone(data);
    return Promise.resolve();
  }
}

export class ItemView extends Component {
  readonly containerEl = document.createElement('div');
  readonly contentEl = document.createElement('div');
  readonly app: App;
  constructor(readonly leaf: WorkspaceLeaf) {
    super();
    if (!harnessApp) throw new Error('obsidian shim: no app');
    this.app = harnessApp;
    this.containerEl.append(document.createElement('div'), this.contentEl);
    leaf.containerEl.appendChild(this.containerEl);
  }
  getViewType(): string {
    return 'unknown';
  }
  getDisplayText(): string {
    return '';
  }
  getIcon(): string {
    return '';
  }
  onOpen(): Promise<void> {
    return Promise.resolve();
  }
  onClose(): Promise<void> {
    return Promise.resolve();
  }
}

export class Modal extends Component {
  readonly containerEl = document.createElement('div');
  readonly contentEl = document.createElement('div');
  readonly titleEl = document.createElement('div');
  constructor(readonly app: App) {
    super();
    this.containerEl.append(this.titleEl, this.contentEl);
  }
  open(): void {
    document.body.appendChild(this.containerEl);
    this.onOpen();
  }
  close(): void {
    this.containerEl.remove();
    this.onClose();
  }
  onOpen(): void {}
  onClose(): void {}
}

/**
 * SuggestModal as Obsidian's prompt behaves, enough for the quick search e2e: typing asks getSuggestions for the
 * input's text and lists the answer as `.suggestion-item`s (the first selected), arrow keys move the selection,
 * Enter chooses it (a Mod+Enter handler registered on the scope runs instead when Ctrl is held), then it closes.
 */
type ScopeHandler = (evt: KeyboardEvent) => boolean | void;
export abstract class SuggestModal<T> extends Modal {
  readonly inputEl = document.createElement('input');
  readonly resultContainerEl = document.createElement('div');
  emptyStateText = 'No results found.';
  private readonly modHandlers = new Map<string, ScopeHandler>();
  readonly scope = {
    register: (mods: string[], key: string, handler: ScopeHandler): void => {
      if (mods.includes('Mod')) this.modHandlers.set(key, handler);
    },
  };
  private items: T[] = [];
  private selected = 0;
  private query = 0;

  constructor(app: App) {
    super(app);
    this.containerEl.classList.add('modal-container', 'prompt');
    this.inputEl.classList.add('prompt-input');
    this.resultContainerEl.classList.add('prompt-results');
    this.contentEl.append(this.inputEl, this.resultContainerEl);
    this.inputEl.addEventListener('input', () => void this.update());
    this.inputEl.addEventListener('keydown', (evt) => this.onKey(evt));
  }
  setPlaceholder(placeholder: string): void {
    this.inputEl.placeholder = placeholder;
  }
  setInstructions(): void {}
  override open(): void {
    super.open();
    this.inputEl.focus();
  }
  selectActiveSuggestion(evt: MouseEvent | KeyboardEvent): void {
    const item = this.items[this.selected];
    if (item === undefined) return;
    this.onChooseSuggestion(item, evt);
    this.close();
  }
  private async update(): Promise<void> {
    const mine = ++this.query;
    const items = await this.getSuggestions(this.inputEl.value);
    if (mine !== this.query) return;
    this.items = items;
    this.selected = 0;
    this.resultContainerEl.replaceChildren();
    if (items.length === 0) {
      const empty = document.createElement('div');
      empty.className = 'suggestion-empty';
      empty.textContent = this.emptyStateText;
      this.resultContainerEl.append(empty);
    }
    items.forEach((item, i) => {
      const el = document.createElement('div');
      el.className = i === 0 ? 'suggestion-item is-selected' : 'suggestion-item';
      this.renderSuggestion(item, el);
      el.addEventListener('click', (evt) => {
        this.selected = i;
        this.selectActiveSuggestion(evt);
      });
      this.resultContainerEl.append(el);
    });
  }
  private onKey(evt: KeyboardEvent): void {
    if (evt.key === 'ArrowDown' || evt.key === 'ArrowUp') {
      evt.preventDefault();
      if (this.items.length === 0) return;
      this.selected = (this.selected + (evt.key === 'ArrowDown' ? 1 : this.items.length - 1)) % this.items.length;
      [...this.resultContainerEl.children].forEach((el, i) => el.classList.toggle('is-selected', i === this.selected));
    } else if (evt.key === 'Enter') {
      evt.preventDefault();
      const mod = evt.ctrlKey || evt.metaKey ? this.modHandlers.get('Enter') : undefined;
      if (mod) mod(evt);
      else this.selectActiveSuggestion(evt);
    }
  }
  abstract getSuggestions(query: string): T[] | Promise<T[]>;
  abstract renderSuggestion(value: T, el: HTMLElement): void;
  abstract onChooseSuggestion(value: T, evt: MouseEvent | KeyboardEvent): void;
}

export class PluginSettingTab {
  readonly containerEl = document.createElement('div');
  constructor(
    readonly app: App,
    readonly plugin: Plugin,
  ) {}
  display(): void {}
  hide(): void {}
}

/** Settings render as plain elements; the callbacks run so the code path is exercised. */
export class Setting {
  readonly settingEl = document.createElement('div');
  constructor(containerEl: HTMLElement) {
    containerEl.appendChild(this.settingEl);
  }
  setName(name: string): this {
    this.settingEl.dataset.name = name;
    return this;
  }
  setDesc(): this {
    return this;
  }
  setHeading(): this {
    return this;
  }
  private control(cb: (c: Control) => unknown): this {
    cb(new Control(this.settingEl));
    return this;
  }
  addText(cb: (c: Control) => unknown): this {
    return this.control(cb);
  }
  addTextArea(cb: (c: Control) => unknown): this {
    return this.control(cb);
  }
  addToggle(cb: (c: Control) => unknown): this {
    return this.control(cb);
  }
  addDropdown(cb: (c: Control) => unknown): this {
    return this.control(cb);
  }
  addButton(cb: (c: Control) => unknown): this {
    return this.control(cb);
  }
  addSlider(cb: (c: Control) => unknown): this {
    return this.control(cb);
  }
}

/** One chainable stand-in for text, toggle, dropdown, button and slider components. */
class Control {
  readonly inputEl = document.createElement('input');
  constructor(parent: HTMLElement) {
    parent.appendChild(this.inputEl);
  }
  setValue(v: unknown): this {
    this.inputEl.value = String(v);
    return this;
  }
  getValue(): string {
    return this.inputEl.value;
  }
  onChange(): this {
    return this;
  }
  setPlaceholder(): this {
    return this;
  }
  addOption(): this {
    return this;
  }
  addOptions(): this {
    return this;
  }
  setButtonText(): this {
    return this;
  }
  setCta(): this {
    return this;
  }
  onClick(): this {
    return this;
  }
  setLimits(): this {
    return this;
  }
  setDynamicTooltip(): this {
    return this;
  }
  setDisabled(): this {
    return this;
  }
  setTooltip(): this {
    return this;
  }
}

/** Obsidian's rule: middle click or Mod is a new tab, Mod+Alt a split, Mod+Alt+Shift a window (Mod is Ctrl here). */
export const Keymap = {
  isModEvent(evt?: MouseEvent | KeyboardEvent | null): PaneType | false {
    if (!evt) return false;
    if (evt instanceof MouseEvent && evt.button === 1) return 'tab';
    if (!evt.ctrlKey) return false;
    if (!evt.altKey) return 'tab';
    return evt.shiftKey ? 'window' : 'split';
  },
};

export class Notice {
  static readonly shown: string[] = [];
  constructor(message: string | DocumentFragment) {
    Notice.shown.push(typeof message === 'string' ? message : (message.textContent ?? ''));
  }
  setMessage(): this {
    return this;
  }
  hide(): void {}
}

/** Mobile unless the page's URL says `platform=desktop` (the plugin bench measures the desktop worker). */
const desktop = typeof location !== 'undefined' && new URLSearchParams(location.search).get('platform') === 'desktop';

export const Platform = {
  isDesktop: desktop,
  isMobile: !desktop,
  isDesktopApp: desktop,
  isMobileApp: !desktop,
  isIosApp: false,
  isAndroidApp: false,
  isMacOS: false,
  isWin: false,
  isLinux: true,
};

export function normalizePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/\/+/g, '/').replace(/^\/|\/$/g, '') || '/';
}

export function setIcon(el: HTMLElement, icon: string): void {
  el.dataset.icon = icon;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => unknown, wait = 0): ((...args: A) => void) & { cancel(): void } {
  let timer: number | undefined;
  const debounced = (...args: A): void => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => fn(...args), wait);
  };
  return Object.assign(debounced, { cancel: () => window.clearTimeout(timer) });
}

/** What the plugin passes to `requestUrl` (Obsidian's RequestUrlParam). */
export interface RequestUrlParam {
  url: string;
  method?: string;
  contentType?: string;
  body?: string | ArrayBuffer;
  headers?: Record<string, string>;
  throw?: boolean;
}

/**
 * Obsidian's `requestUrl`: an HTTP request without the browser's CORS checks. Obsidian sends it from Electron's
 * (or the phone's) network stack; here the harness server sends it from Node (POST /__request-url), so a server
 * that sends no CORS headers answers as it would in the app.
 */
export async function requestUrl(request: RequestUrlParam | string): Promise<{ status: number; headers: Record<string, string>; arrayBuffer: ArrayBuffer; text: string; json: unknown }> {
  const r = typeof request === 'string' ? { url: request } : request;
  const body = r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : bytesToBase64(new Uint8Array(r.body));
  const res = await fetch('/__request-url', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url: r.url, method: r.method ?? 'GET', headers: { ...(r.contentType ? { 'content-type': r.contentType } : {}), ...(r.headers ?? {}) }, body, binary: typeof r.body !== 'string' }),
  });
  if (!res.ok) throw new Error(await res.text());
  const answer = (await res.json()) as { status: number; headers: Record<string, string>; body: string };
  const bytes = base64ToBytes(answer.body);
  const text = new TextDecoder().decode(bytes);
  if (r.throw !== false && answer.status >= 400) throw Object.assign(new Error(`Request failed, status ${answer.status}`), { status: answer.status });
  return {
    status: answer.status,
    headers: answer.headers,
    arrayBuffer: bytes.buffer,
    text,
    get json(): unknown {
      return JSON.parse(text) as unknown;
    },
  };
}

function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const provided: Record<string, unknown> = {
  App,
  Component,
  Events,
  ItemView,
  Keymap,
  Modal,
  Notice,
  Platform,
  Plugin,
  PluginSettingTab,
  Setting,
  SuggestModal,
  TAbstractFile,
  TFile,
  TFolder,
  Vault,
  Workspace,
  WorkspaceLeaf,
  debounce,
  normalizePath,
  requestUrl,
  setIcon,
};

/** The module object `require('obsidian')` returns. Reading a missing export throws with its name. */
export const obsidianModule: Record<string, unknown> = new Proxy(provided, {
  get(target, key) {
    if (typeof key === 'string' && !(key in target) && key !== '__esModule' && key !== 'default' && key !== 'then') {
      throw new Error(`obsidian shim: "${key}" is not provided by test/e2e/harness/obsidian-shim.ts`);
    }
    return target[key as string];
  },
});
