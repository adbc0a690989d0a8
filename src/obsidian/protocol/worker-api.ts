// The plugin <-> worker protocol. The worker hosts the database, the indexer and the operations registry;
// the main thread owns the vault (a worker cannot use the Obsidian API), so it serves file listing and reads.
// Ops are called by name ("call op by name with params" is the main request); the rest is lifecycle.
// Rooms: obsidian/protocol/ is imported by both sides; obsidian/worker/ runs only in the worker;
// obsidian/bridge/ runs only on the main thread (starts the worker, serves it the vault).
import type { BrainSettingsInput } from '../../core/config';
import type { StoreRecovery } from '../../core/engine/open-checked';
import type { IndexProgress, IndexSummary } from '../../core/index/indexer';
import type { VaultFile } from '../../core/index/vault-source';
import type { ObjectSchema } from '../../core/ops/schema';
import type { ThinkParams } from '../../core/ops/think-op';
import type { MentionPlace } from '../../core/ops/note-writer';
import type { LlmSettings } from '../../core/think/settings';
import type { BreakerStatus } from '../../core/net/circuit-breaker';
import { createRpcEndpoint, type Handlers, type RpcEndpoint, type RpcPort, type SerializedError } from './rpc';

/**
 * What the user configured that the worker needs (plain data: it crosses postMessage): the brain's settings
 * (core/config.ts; the worker normalises them again) plus where the config folder and the database are.
 */
export interface WorkerSettings extends BrainSettingsInput {
  /** The vault's config folder (`app.vault.configDir`), excluded by default. */
  configDir: string;
  /**
   * Where the database lives: 'auto' (default) uses OPFS where the worker can (desktop), else IndexedDB;
   * 'indexeddb' always uses IndexedDB (mobile).
   */
  storage?: 'auto' | 'indexeddb';
  /** The vault's name (`app.vault.getName()`): the source of a new store's rows (engine/sql/sql.ts, "sources"). */
  vaultName?: string;
  /**
   * The brain lives on the PostgreSQL server the user configured (desktop only): the worker opens a PostgresEngine
   * whose connections the main thread holds (PgApi), instead of its embedded store.
   */
  serverDatabase?: boolean;
}

/** A think question from the pane (saving is not offered there). */
export type ThinkRequest = Omit<ThinkParams, 'save'>;

/** Model text as it streams in: the progress of a `think` call. The final answer replaces it. */
export interface ThinkDelta {
  text: string;
}

export interface OpenParams {
  /** The app's id for this vault (`app.appId`): one database per vault, never inside the vault. */
  vaultId: string;
  settings: WorkerSettings;
  /**
   * True when the plugin serves `vault.create` / `vault.append`: the registry then has the write ops and think can
   * save. Whether a caller may use them is each surface's decision (MCP: only with writes allowed).
   */
  writable?: boolean;
}

export interface OpenResult {
  /** The store opened: `opfs-ahp://vault-brain-<vaultId>` (OPFS) or `idb://vault-brain-<vaultId>` (IndexedDB). */
  dataDir: string;
  /** True when the stored schema could not be used and the next index run rebuilds everything. */
  needsRebuild: boolean;
  embedderId: string | null;
  /** Why the configured embedder could not be set up (semantic search is off until the settings change). */
  embedderError?: string;
  codeLanguages: string[];
  /**
   * Milliseconds: asset decode+inflate, wasm compile, database start (+ migration and the store checks), the
   * checks alone (`checks`: the quick integrity check after the store opened), and the whole open.
   */
  timings: { decode: number; compile: number; database: number; total: number; checks?: number };
  ops: OpInfo[];
  /** Set when the stored database failed to open or failed its checks and was replaced by a fresh one. */
  recovery?: StoreRecovery | null;
  /**
   * The store was opened as a clean close left it (worker/clean-close-marks.ts): no store checks ran inside the
   * open (`timings.checks` ~0); the cheap ones run right after it, the heap scans not at all.
   */
  cleanClose?: boolean;
}

/** An operation as the UI sees it (the registry entry minus its handler). */
export interface OpInfo {
  name: string;
  description: string;
  scope: 'read' | 'write';
  params: ObjectSchema;
}

export type IndexResult = IndexSummary & { embed?: unknown };

/**
 * A file as the main thread sends it with a change (as Dataview does), so the worker need not ask back for its
 * stat and bytes: `stat` null when the file is gone; no `bytes` when it was too large, unreadable or excluded
 * (the worker then asks for them itself, and records why it could not index the file).
 */
export interface PushedFile {
  path: string;
  stat: VaultFile | null;
  bytes?: Uint8Array;
}

/** One answer of `vault.readMany`, in the order asked. */
export type ReadReply = { bytes: Uint8Array } | { error: SerializedError };

/** Served by the worker, called by the plugin. */
export interface WorkerApi {
  open(params: OpenParams): Promise<OpenResult>;
  /** Brings the index in line with the vault (incremental unless `full`). */
  index(params: { full?: boolean }): Promise<IndexResult>;
  /** Files created, modified or deleted (vault events); `files` carries what the main thread read of them. */
  update(params: { paths: string[]; files?: PushedFile[] }): Promise<IndexSummary>;
  rename(params: { from: string; to: string; files?: PushedFile[] }): Promise<IndexSummary>;
  /**
   * Calls an operation of the registry. Unless `remote` is false (the plugin's own panes and commands) the call is
   * remote: paths confined, excluded notes invisible. `stream` sends ThinkDelta progress while think's model writes.
   */
  op(params: { name: string; params: unknown; remote?: boolean; stream?: boolean }): Promise<unknown>;
  /** New model settings for think, applied from the next question (no reopen, no re-index). */
  configure(params: { llm: LlmSettings }): Promise<void>;
  /** The providers' circuit breakers now (status view). */
  providers(params: Record<string, never>): Promise<BreakerStatus[]>;
  /** The user's "Retry": closes every open breaker so the next call goes out; answers how many were open. */
  retryProviders(params: Record<string, never>): Promise<number>;
  close(params: Record<string, never>): Promise<void>;
}

/** Served by the plugin (over the Obsidian Vault API), called by the worker: the VaultSource and the NoteWriter. */
export interface VaultApi {
  'vault.list'(params: Record<string, never>): Promise<VaultFile[]>;
  'vault.read'(params: { path: string }): Promise<Uint8Array>;
  /** Several reads in one crossing (the indexer's read-ahead bursts); a failed read is an error in its slot. */
  'vault.readMany'(params: { paths: string[] }): Promise<ReadReply[]>;
  'vault.stat'(params: { path: string }): Promise<VaultFile | null>;
  /**
   * A new note (never overwrites); refused when the plugin serves no writer. Answers with the note as written
   * (when it can be read back), which the write op then indexes without asking again.
   */
  'vault.create'(params: { path: string; text: string }): Promise<PushedFile | null>;
  'vault.append'(params: { path: string; text: string }): Promise<PushedFile | null>;
  /** One unlinked mention made a link, read and rewritten on the plugin's side (`NoteWriter.linkMention`). */
  'vault.linkMention'(params: { path: string; at: MentionPlace; linktext: string }): Promise<PushedFile | null>;
}

/**
 * A provider request the worker asks the main thread to send through Obsidian's `requestUrl` (no CORS, the same on
 * mobile): embeddings, rerank and unstreamed chat. Plain data; the body as the SDK serialised it.
 */
export interface ProviderRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | ArrayBuffer;
}

/** What came back: any HTTP status (4xx/5xx are answers, not errors), the headers and the whole body. */
export interface ProviderReply {
  status: number;
  headers: Record<string, string>;
  body: ArrayBuffer;
}

/** Served by the plugin, called by the worker: provider calls through `requestUrl` (bridge/serve-requests.ts). */
export interface NetApi {
  /** Refused unless the URL's origin is a provider the user configured (the settings as saved now). */
  'net.request'(params: ProviderRequest): Promise<ProviderReply>;
}

/** One statement's answer as it crosses postMessage. */
export interface PgReply {
  rows: unknown[];
}

/**
 * Served by the plugin on desktop when the user turned a server database on, called by the worker: the wire to
 * the server (bridge/serve-postgres.ts). A web worker cannot open a TCP connection; the main thread runs the
 * driver and the worker's PostgresEngine sends it statements. The URL and password stay on the main thread.
 */
export interface PgApi {
  /** Opens the pool on the configured server, bound to `source`; answers where it is, password redacted. */
  'pg.open'(params: { source: string }): Promise<{ location: string }>;
  /** One statement on the pool, or on the connection `client` checked out by `pg.connect` (a transaction's). */
  'pg.query'(params: { client?: number; text: string; values?: unknown[] }): Promise<PgReply>;
  'pg.connect'(params: Record<string, never>): Promise<{ client: number }>;
  /** Back to the pool; `broken`: destroyed instead (its socket failed). */
  'pg.release'(params: { client: number; broken?: boolean }): Promise<void>;
  'pg.end'(params: Record<string, never>): Promise<void>;
}

/** Everything the main thread serves. */
export type MainApi = VaultApi & NetApi & PgApi;

export interface EmbedProgressEvent {
  phase: 'embed';
  done: number;
  total: number;
}

/** Pushed by the worker. */
export interface WorkerEvents {
  progress: IndexProgress | EmbedProgressEvent;
  /** `notify`: shown to the user at once (a Notice), not only kept for the status view. */
  log: { level: 'info' | 'warn' | 'error'; message: string; notify?: boolean };
  /** A provider's circuit breaker changed state (opened: calls stop for a cool-down; closed again). */
  provider: BreakerStatus;
}

/** The plugin sends no events today; the map exists so both sides are declared alike. */
export type MainEvents = Record<never, never>;

export type MainEndpoint = RpcEndpoint<WorkerApi, WorkerEvents, MainEvents>;
export type WorkerEndpoint = RpcEndpoint<MainApi, MainEvents, WorkerEvents>;

/** The plugin side: calls the worker, serves the vault and provider requests. */
export function connectToWorker(port: RpcPort, main: Handlers<MainApi>): MainEndpoint {
  return createRpcEndpoint<WorkerApi, WorkerEvents, MainEvents, MainApi>(port, main);
}

/** The worker side: serves the brain, calls the vault and `requestUrl`. */
export function connectToMain(port: RpcPort, brain: Handlers<WorkerApi>): WorkerEndpoint {
  return createRpcEndpoint<MainApi, MainEvents, WorkerEvents, WorkerApi>(port, brain);
}

/** The IndexedDB database of a vault. The id is the app's vault id; other characters are replaced. */
export function databaseName(vaultId: string): string {
  const safe = vaultId.trim().replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);
  if (!/[A-Za-z0-9]/.test(safe)) throw new Error(`invalid vault id ${JSON.stringify(vaultId)}`);
  return `vault-brain-${safe}`;
}
