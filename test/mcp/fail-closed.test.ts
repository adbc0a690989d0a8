// The trust boundary fails closed: wherever the `remote` flag is not set to false by a trusted local surface (the
// CLI, the plugin's panes and commands), a call is remote — paths confined to the vault, excluded notes invisible.
// Every registered op and every surface entry point is driven here with the flag unset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from '../../src/core/errors';
import type { Brain } from '../../src/core/brain';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';
import type { OpContext } from '../../src/core/ops/registry';
import { setUpNodeMcp } from '../../src/mcp/node-setup';
import { toolNameFor } from '../../src/mcp/tools';
import { BrainService, LOCAL } from '../../src/obsidian/plugin/brain-service';
import { BrainClient, type WorkerLike } from '../../src/obsidian/bridge/brain-client';
import { BrainHost } from '../../src/obsidian/worker/brain-host';
import { connectToMain, connectToWorker, type WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import { postgresHandlers } from '../../src/obsidian/bridge/serve-postgres';
import { providerRequestHandlers } from '../../src/obsidian/bridge/serve-requests';
import { vaultHandlers } from '../../src/obsidian/bridge/serve-vault';
import { makeVault, NOTES, toolText, type TestVault } from './fixture';
import { connectClient, openTestBrain, startServer, type TestBrain } from './helpers';

const SECRET = 'private/Secret Plan.md';
const ESCAPE = '../outside/passwords';

/** One call per op, with params that would show the excluded note (or leave the vault) if the call were local. */
const PROBES: Record<string, Record<string, unknown>> = {
  search: { query: 'acquire Acme Robotics quietly' },
  think: { question: 'What is the Secret Plan for Acme Robotics?' },
  get_note: { note: 'Secret Plan' },
  backlinks: { note: 'Zeta Project' },
  links: { note: 'Secret Plan' },
  graph: {},
  traverse: { note: 'Acme Robotics', depth: 3 },
  timeline: {},
  stats: {},
  status: { status: 'indexed' },
  list_notes: { folder: 'private' },
  unlinked_mentions: { note: 'Secret Plan' },
  related_notes: { note: 'Secret Plan' },
  recent_changes: { limit: 500 },
  doctor: { repair: false },
  create_note: { path: 'private/New.md', content: 'x' },
  append_to_note: { note: 'Secret Plan', content: 'x' },
  link_mention: { note: 'Secret Plan', target: 'Zeta Project', line: 3, column: 0, text: 'Zeta Project' },
};

let vault: TestVault;
let full: TestBrain & { withExclude(exclude: string[]): TestBrain };
let excluded: TestBrain;

beforeAll(async () => {
  vault = await makeVault();
  full = await openTestBrain(vault.vault); // Indexed with nothing excluded...
  excluded = full.withExclude(['private']); // ...then `private` excluded: the store still holds the secret note.
});

afterAll(async () => {
  await full?.close();
  await vault?.remove();
});

async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await run());
  } catch (e) {
    return `error ${errorCode(e) ?? ''}: ${e instanceof Error ? e.message : String(e)}`;
  }
}

describe('every registered op, called with the flag unset', () => {
  it('has a probe (a new op must say how it keeps excluded notes out)', () => {
    expect(Object.keys(PROBES).sort()).toEqual(excluded.registry.list().map((o) => o.name).sort());
  });

  it('runs as remote', async () => {
    for (const op of excluded.registry.list()) {
      // Watch the context the handler gets when called through the registry exactly as surfaces do, no `remote` key.
      const real = op.handler.bind(op);
      let seen: boolean | undefined;
      op.handler = (ctx: OpContext<Brain>, p: never) => {
        seen = ctx.remote;
        return real(ctx, p);
      };
      try {
        await outcome(() => excluded.registry.call(op.name, PROBES[op.name], { brain: excluded.brain }));
      } finally {
        op.handler = real;
      }
      expect(seen, op.name).toBe(true);
    }
  });

  it('never shows the excluded note, while a local call does where the op can show it', async () => {
    let localShows = 0;
    for (const op of excluded.registry.list()) {
      if (op.scope === 'write') continue; // Writes refuse excluded paths for every caller; checked below.
      const remote = await outcome(() => excluded.registry.call(op.name, PROBES[op.name], { brain: excluded.brain }));
      // An error may echo the name the caller typed; the note's path and text must not appear.
      expect(remote, op.name).not.toContain(SECRET);
      expect(remote, op.name).not.toContain('SECRET-MARKER');
      const local = await outcome(() => excluded.registry.call(op.name, PROBES[op.name], { brain: excluded.brain, remote: false }));
      if (local.includes(SECRET)) localShows++;
    }
    // The probes are real: locally (a trusted surface) most of them do reach the note.
    expect(localShows).toBeGreaterThanOrEqual(5);
  });

  it('confines paths and refuses think --save', async () => {
    const call = (name: string, params: Record<string, unknown>): Promise<string> =>
      outcome(() => excluded.registry.call(name, params, { brain: excluded.brain }));
    expect(await call('get_note', { note: ESCAPE })).toMatch(/^error path_refused/);
    expect(await call('list_notes', { folder: '../outside' })).toMatch(/^error path_refused/);
    expect(await call('think', { question: 'q', anchor: ESCAPE })).toMatch(/^error path_refused/);
    expect(await call('think', { question: 'q', save: true })).toMatch(/^error bad_params: "save" is only available to local callers/);
    expect(await call('append_to_note', { note: 'Secret Plan', content: 'x' })).toMatch(/^error note_not_found/);
    // Neither end of a link may be an excluded note: not the note written, not the note linked to.
    expect(await call('link_mention', { note: 'Secret Plan', target: 'Zeta Project', line: 3, column: 0, text: 'Zeta Project' })).toMatch(/^error note_not_found/);
    expect(await call('link_mention', { note: 'Zeta Project', target: 'Secret Plan', line: 3, column: 0, text: 'Secret Plan' })).toMatch(/^error note_not_found/);
    expect(await call('create_note', { path: SECRET.replace('Secret Plan', 'New'), content: 'x' })).toMatch(/^error path_refused/);
    // Locally a path is just a name, so escaping the vault is "not found", not refused.
    expect(await outcome(() => excluded.registry.call('get_note', { note: ESCAPE }, { brain: excluded.brain, remote: false }))).toMatch(/^error note_not_found/);
  });
});

describe('every surface entry point, with the flag unset', () => {
  it('MCP over HTTP: excluded notes invisible, `save` neither advertised nor accepted', async () => {
    const server = await startServer(excluded.registry, excluded.brain);
    const client = await connectClient(server.url);
    try {
      const { tools } = await client.listTools();
      const think = tools.find((t) => t.name === toolNameFor('think'))!;
      expect(Object.keys(think.inputSchema.properties ?? {})).not.toContain('save');
      expect(toolText(await client.callTool({ name: 'get_note', arguments: { note: 'Secret Plan' } }))).toMatch(/no note named/);
      expect(toolText(await client.callTool({ name: 'get_note', arguments: { note: ESCAPE } }))).toMatch(/not allowed/);
      const saved = await client.callTool({ name: 'think', arguments: { question: 'q', save: true } });
      expect(saved.isError).toBe(true);
      expect(toolText(saved)).toMatch(/"save"/);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('MCP over stdio (the CLI `mcp`/`serve` backend): confined and excluded', async () => {
    const v = await makeVault({ excludePrivate: true });
    const setup = setUpNodeMcp({ vault: v.vault, allowWrites: false, index: true, log: () => undefined, readyWaitMs: 120_000 });
    try {
      const ac = new AbortController();
      expect(await outcome(() => setup.backend.call('get_note', { note: ESCAPE, maxChars: 100 }, ac.signal))).toMatch(/^error path_refused/);
      expect(await outcome(() => setup.backend.call('get_note', { note: 'Secret Plan', maxChars: 100 }, ac.signal))).toMatch(/^error note_not_found/);
    } finally {
      await setup.close();
      await v.remove();
    }
  }, 180_000); // Opens and indexes a database on disk, as the CLI does.

  describe('the plugin: worker RPC and BrainService', () => {
    const files = new Map(Object.entries(NOTES).map(([p, t]) => [p, new TextEncoder().encode(t)]));
    const source: VaultSource = {
      list: () => Promise.resolve([...files].map(([path, b]): VaultFile => ({ path, mtime: 1, size: b.length }))),
      read: (p) => (files.has(p) ? Promise.resolve(files.get(p)!) : Promise.reject(new Error(`no file "${p}"`))),
      stat: (p) => Promise.resolve(files.has(p) ? { path: p, mtime: 1, size: files.get(p)!.length } : null),
    };
    const settings: WorkerSettings = { include: [], exclude: [], configDir: '.obsidian', embedder: 'none', codeChunking: false };
    const channels: MessageChannel[] = [];
    function worker(): WorkerLike {
      const channel = new MessageChannel();
      channels.push(channel);
      const host = new BrainHost({ openEngine: async () => ({ engine: await PGliteEngine.open({}) }) });
      host.attach(connectToMain(channel.port2, host.handlers()));
      return Object.assign(channel.port1, { terminate: () => channel.port1.close() });
    }
    afterAll(() => {
      for (const c of channels) {
        c.port1.close();
        c.port2.close();
      }
    });

    it('worker RPC `op`: a missing flag is remote', async () => {
      const main = connectToWorker(worker(), { ...vaultHandlers(source), ...providerRequestHandlers(undefined, () => []), ...postgresHandlers(() => null) });
      try {
        await main.call('open', { vaultId: 'fail-closed', settings });
        await main.call('index', {});
        expect(await outcome(() => main.call('op', { name: 'get_note', params: { note: ESCAPE } }))).toMatch(/^error path_refused/);
        expect(await outcome(() => main.call('op', { name: 'think', params: { question: 'q', anchor: ESCAPE }, stream: true }))).toMatch(/^error path_refused/);
        expect(await outcome(() => main.call('op', { name: 'get_note', params: { note: ESCAPE }, remote: false }))).toMatch(/^error note_not_found/);
      } finally {
        await main.call('close', {}).catch(() => undefined);
        main.close();
      }
    });

    it('BrainService `op` and `think`: remote unless LOCAL', async () => {
      const brain = new BrainService({
        createClient: () => BrainClient.start({ source, createWorker: worker }),
        vaultId: () => 'fail-closed-service',
        workerSettings: () => settings,
        notify: () => undefined,
      });
      try {
        await brain.start();
        expect(await outcome(() => brain.op('get_note', { note: ESCAPE }))).toMatch(/^error path_refused/);
        expect(await outcome(() => brain.think({ question: 'q', anchor: ESCAPE }))).toMatch(/^error path_refused/);
        expect(await outcome(() => brain.op('get_note', { note: ESCAPE }, LOCAL))).toMatch(/^error note_not_found/);
        expect(await outcome(() => brain.think({ question: 'q', anchor: ESCAPE }, LOCAL))).toMatch(/^error note_not_found/);
      } finally {
        await brain.close();
      }
    });
  });
});
