// Opens a brain over a folder on disk: lock, PGlite data directory, file-system vault source, code chunker
// and embedder. Used by the CLI, the stdio/HTTP MCP server and integration tests.
import { BrainError } from '../core/errors';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Brain, BrainOptions } from '../core/brain';
import type { BrainEngine } from '../core/engine/brain-engine';
import { damageSummary, hasDamage } from '../core/engine/integrity';
import { assembleBrain } from '../core/assemble-brain';
import { checkedEmbedder, type EmbedderSettings } from '../core/config';
import type { Embedder } from '../core/embed/embedder';
import { resolveEmbedder } from '../core/embed/factory';
import { openChecked, recoveryNotice, reopenFresh, type OpenCheckedOptions, type StoreRecovery } from '../core/engine/open-checked';
import { lazyBuiltinEmbedderFromDisk, loadBuiltinEmbedderFromDisk } from './embedder-asset';
import { FsVaultSource } from './fs-vault-source';
import { acquireWriterLock } from './lock';
import { openLocalEngine } from './open-store';
import { nodeWasmLoader } from './tree-sitter-wasm';
import { nodeParsePool } from './parse-pool';
import { readVaultConfig, type VaultConfig } from './config';
import { chooseDatabase, chooseSource, DATABASE_URL_ENV, type DatabaseChoice, type SourceChoice } from './database-choice';
import { assertPrivateDir, DataDirSync, moveAside } from './store-health';
import { matchesCleanMark, takeCleanMark, writeCleanMark } from './clean-close';

export const BRAIN_DIR = '.vault-brain';
/** Outside the app nothing says where a vault's Obsidian config folder is; headless surfaces assume the default. */
export const HEADLESS_CONFIG_DIR = '.obsidian';

export class MissingVaultError extends BrainError {
  constructor(vault: string) {
    super('missing_vault', `vault folder not found: ${vault}`);
    this.name = 'MissingVaultError';
  }
}

export interface OpenBrainOptions {
  vault: string;
  /**
   * `--db`: a database directory or a `postgres://` URL. Without it, VAULT_BRAIN_DATABASE_URL, then `database` in
   * the config file, then `<vault>/.vault-brain/db` (database-choice.ts).
   */
  db?: string;
  /** `--source`: this vault's name in the database (default: "source" in the config file, else the folder's name). */
  source?: string;
  /** The environment the URL variable is read from (default process.env; tests pass their own). */
  env?: Record<string, string | undefined>;
  /** Overrides the config file's embedder. */
  embedder?: EmbedderSettings;
  onProgress?: BrainOptions['onProgress'];
  /** Tests: extra config on top of the vault's config file. */
  config?: Partial<VaultConfig>;
  /** The writer lock was taken over while this process was frozen; default: say so and exit with code 5. */
  onLockLost?: () => void;
  /**
   * Where a recovery notice goes (a damaged database was moved aside and rebuilt); default stderr, which
   * every Node surface keeps for people (stdout carries results and the stdio MCP protocol).
   */
  onNotice?: (message: string) => void;
  /** After a recovery, re-index before returning so the command sees a full index (default true). */
  reindexAfterRecovery?: boolean;
}

function exitOnLostLock(): void {
  process.stderr.write('vault-brain: another process took over the database while this one was not responding; stopping so the two never write at once\n');
  process.exit(5);
}

export interface OpenedBrain {
  brain: Brain;
  vault: string;
  /** The embedded store's directory; null when the brain lives on a server. */
  dbDir: string | null;
  /** The database opened, as chosen (flag, environment, config or default). */
  choice: DatabaseChoice;
  /** The source (vault) the brain reads and writes in that database (`brain.engine.source` names it as opened). */
  source: SourceChoice;
  config: VaultConfig;
  /**
   * The database open: wall time (ms), whether it was created, and whether the store checks' heap scans were
   * skipped because it was as a clean close left it (node/clean-close.ts).
   */
  database: { openMs: number; fresh: boolean; scansSkipped?: boolean };
  /** Set when the database was found damaged and rebuilt, at this open or later while in use. */
  readonly recovery: StoreRecovery | null;
  close(): Promise<void>;
}

export async function openNodeBrain(options: OpenBrainOptions): Promise<OpenedBrain> {
  const vault = path.resolve(options.vault);
  const st = await fs.stat(vault).catch(() => null);
  if (!st?.isDirectory()) throw new MissingVaultError(vault);

  const brainDir = path.join(vault, BRAIN_DIR);
  const config = { ...(await readVaultConfig(brainDir)), ...(options.config ?? {}) };
  const env = options.env ?? process.env;
  const choice = chooseDatabase({ vault, flag: options.db, env: env[DATABASE_URL_ENV], config: config.database });
  const source = chooseSource({ vault, flag: options.source, config: config.source });
  await ensureBrainDir(brainDir);
  if (choice.kind === 'postgres') return openServerBrain(options, vault, config, choice, source);
  const dbDir = choice.dataDir;
  await fs.mkdir(path.dirname(dbDir), { recursive: true });
  // PGlite is single-process: two processes on one data directory corrupt it, so every open takes the lock.
  const lock = await acquireWriterLock(dbDir, { onLost: options.onLockLost ?? exitOnLostLock });
  try {
    await assertPrivateDir(dbDir);
    let sync = new DataDirSync(dbDir);
    let database: OpenedBrain['database'] = { openMs: 0, fresh: false };
    // Closed clean last time and untouched since: the heap scans are skipped (node/clean-close.ts).
    const mark = await takeCleanMark(dbDir);
    let untouched = false;
    const store: OpenCheckedOptions = {
      async open() {
        sync = new DataDirSync(dbDir);
        untouched = false;
        const onDisk = await openLocalEngine(dbDir, sync, source, () => (untouched = matchesCleanMark(dbDir, mark, sync.files())));
        database = { openMs: onDisk.openMs, fresh: onDisk.fresh };
        return onDisk.engine;
      },
      // Untouched since a clean close: the heap scans are skipped, not deferred (a command is short-lived).
      checksAtOpen: () => (untouched ? 'open' : 'quick'),
      discard: () => moveAside(dbDir),
    };
    const opened = await openChecked(store);
    const { engine } = opened;
    database.scansSkipped = untouched && !opened.recovery;
    let recovery = opened.recovery;
    const notice = options.onNotice ?? ((m) => process.stderr.write(`vault-brain: ${m}\n`));
    if (recovery) notice(recoveryNotice(recovery));
    const brain = await assembleVaultBrain(engine, options, vault, config, {
      // Damage that the open checks could not see (a zeroed commit log) surfaces as an error during a run.
      async replaceStore(reason, damaged) {
        await damaged.close().catch(() => undefined);
        const fresh = await reopenFresh(store, reason);
        recovery = fresh.recovery;
        notice(recoveryNotice(fresh.recovery));
        return fresh.engine;
      },
    });
    if (recovery && options.reindexAfterRecovery !== false) await brain.index();
    return {
      brain,
      vault,
      dbDir,
      choice,
      source,
      config,
      database,
      get recovery() {
        return recovery;
      },
      async close() {
        try {
          await brain.engine.close();
          // The close's last sync pass saw the files as the closed database left them.
          await writeCleanMark(dbDir, sync.files());
        } finally {
          await lock.release();
        }
      },
    };
  } catch (e) {
    await lock.release();
    throw e;
  }
}

/** The brain over the vault folder on one engine, as every Node surface assembles it. */
async function assembleVaultBrain(
  engine: BrainEngine,
  options: OpenBrainOptions,
  vault: string,
  config: VaultConfig,
  extra: Pick<Parameters<typeof assembleBrain>[0], 'replaceStore' | 'openSource'>,
): Promise<Brain> {
  const { brain } = await assembleBrain({
    engine,
    settings: { ...config, embedder: options.embedder ?? config.embedder, maxFileBytes: config.maxFileMB * 1024 * 1024 },
    configDir: HEADLESS_CONFIG_DIR,
    source: (filter) => new FsVaultSource(vault, { skipFolder: (rel) => filter.excludesFolder(rel) }),
    // Loaded at the first embed: most commands never embed (stats, links, status...).
    loadBuiltinEmbedder: () => lazyBuiltinEmbedderFromDisk(),
    loadWasm: nodeWasmLoader,
    onProgress: options.onProgress,
    // A large run parses in worker threads while PGlite writes (core/index/parse-pool.ts).
    parsePool: nodeParsePool(),
    ...extra,
  });
  return brain;
}

/**
 * A brain whose rows live on a Postgres server. No writer lock (the server takes concurrent writers; per-note locks
 * keep two writers of one note consistent) and no recovery by discarding the store: a team's database is never
 * dropped because one client found it odd, so damage is reported and the open fails.
 */
async function openServerBrain(
  options: OpenBrainOptions,
  vault: string,
  config: VaultConfig,
  choice: Extract<DatabaseChoice, { kind: 'postgres' }>,
  source: SourceChoice,
): Promise<OpenedBrain> {
  const t0 = performance.now();
  // The Postgres driver is loaded only here: an embedded brain never needs it.
  const { openPostgresEngine } = await import('./engine-factory');
  const engine = await openPostgresEngine({ kind: 'postgres', url: choice.url, source: source.name });
  const database = { openMs: performance.now() - t0, fresh: engine.openState.created };
  // Other vaults' sources in the same database, opened when a search first spans them (a small pool each: they
  // only read), and closed with the brain.
  const others = new Map<string, Promise<BrainEngine>>();
  const openSource = (name: string): Promise<BrainEngine> => {
    let opened = others.get(name);
    if (!opened) {
      opened = openPostgresEngine({ kind: 'postgres', url: choice.url, source: name, poolSize: 2 });
      opened.catch(() => others.delete(name));
      others.set(name, opened);
    }
    return opened;
  };
  const closeOthers = async (): Promise<void> => {
    for (const opened of others.values()) await (await opened.catch(() => null))?.close().catch(() => undefined);
  };
  try {
    // The embedded store's open checks, without its remedy: damage is said, never acted on by discarding.
    const report = await engine.checkIntegrity('quick');
    if (hasDamage(report)) (options.onNotice ?? ((m) => process.stderr.write(`vault-brain: ${m}\n`)))(`the server database looks damaged (${damageSummary(report)}); \`vault-brain doctor\` re-indexes it in place`);
    else await engine.markForReindex(report);
    const brain = await assembleVaultBrain(engine, options, vault, config, { openSource });
    return {
      brain,
      vault,
      dbDir: null,
      choice,
      source,
      config,
      database,
      recovery: null,
      async close() {
        await closeOthers();
        await brain.engine.close();
      },
    };
  } catch (e) {
    await closeOthers();
    await engine.close().catch(() => undefined);
    throw e;
  }
}

/**
 * Creates `<vault>/.vault-brain/` with a `.gitignore` of `*`, so git (and sync tools that honour it) never pick
 * up the 40+ MB database, the audit log or a config holding API keys. An existing folder is left as the user has it.
 */
export async function ensureBrainDir(brainDir: string): Promise<void> {
  const created = await fs.mkdir(brainDir, { recursive: true });
  if (created === undefined) return;
  await fs.writeFile(path.join(brainDir, '.gitignore'), '# Vault Brain cache (rebuildable from the notes): keep it out of git.\n*\n', { flag: 'wx' }).catch((e: unknown) => {
    if ((e as { code?: unknown }).code !== 'EEXIST') throw e;
  });
}

/** The embedder a setting names, loaded as the CLI loads it (the built-in one from the package's files). */
export async function createEmbedder(settings: EmbedderSettings): Promise<Embedder | null> {
  return resolveEmbedder(checkedEmbedder(settings), { loadBuiltin: () => loadBuiltinEmbedderFromDisk() });
}
