// What both CLI transports (`mcp` over stdio, `serve` over HTTP) need: the registry (plus the write ops when
// enabled), a backend that runs calls once the brain is open and up to date, and the audit log in
// `.vault-brain/` (never indexed). The brain opens in the background: an MCP client that spawns us gets its
// `initialize` and `tools/list` answers at once, even while a large vault is still being indexed.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createNodeRegistry } from '../node/node-registry';
import type { VaultConfig } from '../node/config';
import type { BrainRegistry } from '../core/ops';
import { BRAIN_DIR, ensureBrainDir, openNodeBrain, type OpenedBrain } from '../node/open-brain';
import { chooseDatabase } from '../node/database-choice';
import { createJsonlAuditSink, type AuditSink } from './audit';
import { McpCallError, publicErrorMessage } from './errors';
import { watchVaultFolder, type VaultWatcher } from '../node/vault-watcher';
import type { McpBackend } from './server';

export interface McpNodeSetupOptions {
  vault: string;
  db?: string;
  /** The vault's name in a database several vaults share (open-brain.ts). */
  source?: string;
  allowWrites: boolean;
  /** Run an incremental index before answering calls (cheap when nothing changed). */
  index: boolean;
  log: (message: string) => void;
  /** How long a call waits for the brain to be ready before it is told to try again. */
  readyWaitMs?: number;
  /** Watch the vault and apply changes as they happen (default true); `rescanMs` is the safety-net period. */
  watch?: boolean;
  rescanMs?: number;
}

export interface McpNodeSetup {
  vault: string;
  registry: BrainRegistry;
  backend: McpBackend;
  /** Settles when the brain is open and indexed; rejects when it could not be opened (missing vault, locked). */
  ready: Promise<OpenedBrain>;
  auditLog: AuditSink & { flush(): Promise<void> };
  auditFile: string;
  close(): Promise<void>;
}

export function setUpNodeMcp(options: McpNodeSetupOptions): McpNodeSetup {
  const vault = path.resolve(options.vault);
  const started = Date.now();
  const indexing = new AbortController();
  let watcher: VaultWatcher | null = null;
  const ready = (async () => {
    const opened = await openNodeBrain({ vault, db: options.db, source: options.source });
    try {
      // Watching starts before the first index, so nothing edited while it runs is missed (it queues behind it).
      if (options.watch !== false) watcher = watchVaultFolder({ vault, brain: opened.brain, log: options.log, rescanMs: options.rescanMs });
      if (options.index) {
        const index = () => opened.brain.index({ signal: indexing.signal });
        const s = await (watcher ? watcher.exclusive(index) : index());
        options.log(`indexed ${vault}: ${s.indexed} changed, ${s.unchanged} unchanged, ${s.deleted} deleted (${s.seconds.toFixed(1)} s)`);
      }
      return opened;
    } catch (e) {
      await watcher?.close();
      await opened.close();
      throw e;
    }
  })();
  ready.catch(() => undefined); // Reported by whoever awaits it; never an unhandled rejection.

  let config: VaultConfig | undefined;
  void ready.then((o) => (config = o.config), () => undefined);
  // The write ops exist only when the user allowed writes (the MCP server also lists and runs them only then).
  const registry = createNodeRegistry(vault, () => config, { writes: !!options.allowWrites });

  const readyWaitMs = options.readyWaitMs ?? 20_000;
  const backend: McpBackend = {
    ops: () => registry.list(),
    async call(name, params, signal) {
      const opened = await waitReady(ready, readyWaitMs, started);
      return opened.brain.guard(() => registry.callByName(name, params, { brain: opened.brain, remote: true, signal }));
    },
  };

  // Next to an embedded store given by --db; in the vault's .vault-brain/ otherwise (a server brain included).
  const choice = chooseDatabase({ vault, flag: options.db });
  const auditDir = choice.kind === 'pglite' ? path.dirname(choice.dataDir) : path.join(vault, BRAIN_DIR);
  const auditFile = path.join(auditDir, 'mcp-audit.jsonl');
  // The log is made at once, usually before the brain opens: in the vault's brain folder it must create that folder
  // as the brain does (with its .gitignore), or a first `mcp`/`serve` on a vault leaves the database visible to git.
  const brainDir = path.join(vault, BRAIN_DIR);
  const auditLog = createJsonlAuditSink(auditFile, options.log, (dir) => (dir === brainDir ? ensureBrainDir(dir) : fs.mkdir(dir, { recursive: true })));
  return {
    vault,
    registry,
    backend,
    ready,
    auditLog,
    auditFile,
    async close() {
      indexing.abort();
      await auditLog.flush();
      const opened = await ready.catch(() => null);
      await watcher?.close();
      await opened?.close();
    },
  };
}

async function waitReady(ready: Promise<OpenedBrain>, waitMs: number, started: number): Promise<OpenedBrain> {
  const deadline = AbortSignal.timeout(waitMs);
  let onDeadline: (() => void) | undefined;
  const notYet = new Promise<null>((resolve) => {
    onDeadline = () => resolve(null);
    deadline.addEventListener('abort', onDeadline, { once: true });
  });
  try {
    const opened = await Promise.race([ready, notYet]).catch((e: unknown) => {
      throw new McpCallError('open_failed', `the brain could not be opened: ${publicErrorMessage(e)}`);
    });
    if (opened) return opened;
    throw new McpCallError('not_ready', `Vault Brain is still indexing the vault (${Math.round((Date.now() - started) / 1000)} s so far); try again in a moment`);
  } finally {
    if (onDeadline) deadline.removeEventListener('abort', onDeadline);
  }
}
