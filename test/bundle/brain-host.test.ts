// The worker's brain host, driven through the real protocol over a MessageChannel exactly as the plugin drives
// the worker; storage is in-memory PGlite and the vault an in-memory VaultSource served by the "main" side.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineStats } from '../../src/core/engine/brain-engine';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { PARSER_VERSION } from '../../src/core/index/indexer';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';
import { loadBuiltinEmbedderFromDisk } from '../../src/node/embedder-asset';
import { nodeWasmLoader } from '../../src/node/tree-sitter-wasm';
import { BrainHost, EMBEDDER_ASSET, StoreOpenError, type BrainHostDeps } from '../../src/obsidian/worker/brain-host';
import type { CleanCloseMarks } from '../../src/obsidian/worker/clean-close-marks';
import { note } from '../core/engine/fixtures';
import { connectToMain, connectToWorker, databaseName, type MainEndpoint, type WorkerEvents, type WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import { postgresHandlers } from '../../src/obsidian/bridge/serve-postgres';
import { providerRequestHandlers } from '../../src/obsidian/bridge/serve-requests';
import { vaultHandlers } from '../../src/obsidian/bridge/serve-vault';

class MemoryVault implements VaultSource {
  readonly files = new Map<string, { bytes: Uint8Array; mtime: number }>();
  reads = 0;
  set(path: string, text: string, mtime = 1_000): void {
    this.files.set(path, { bytes: new TextEncoder().encode(text), mtime });
  }
  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, f]) => ({ path, mtime: f.mtime, size: f.bytes.length })));
  }
  read(path: string): Promise<Uint8Array> {
    this.reads++;
    const f = this.files.get(path);
    return f ? Promise.resolve(f.bytes) : Promise.reject(new Error(`ENOENT ${path}`));
  }
  stat(path: string): Promise<VaultFile | null> {
    const f = this.files.get(path);
    return Promise.resolve(f ? { path, mtime: f.mtime, size: f.bytes.length } : null);
  }
}

const SETTINGS: WorkerSettings = { include: [], exclude: [], configDir: '.obsidian', embedder: 'none', codeChunking: false };

async function loadAsset(name: string): Promise<Uint8Array> {
  if (name === EMBEDDER_ASSET) return new Uint8Array(await readFile(join(__dirname, '../../assets/generated', name)));
  return nodeWasmLoader(name);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function setup(
  vault: MemoryVault,
  deps: Partial<BrainHostDeps> = {},
): { main: MainEndpoint; host: BrainHost; progress: WorkerEvents['progress'][]; logs: WorkerEvents['log'][]; dataDirs: string[] } {
  const channel = new MessageChannel();
  const dataDirs: string[] = [];
  const host = new BrainHost({
    loadAsset,
    async openEngine(dataDir) {
      dataDirs.push(dataDir);
      return { engine: await PGliteEngine.open({}) };
    },
    ...deps,
  });
  const workerSide = connectToMain(channel.port2, host.handlers());
  host.attach(workerSide);
  const main = connectToWorker(channel.port1, { ...vaultHandlers(vault), ...providerRequestHandlers(undefined, () => []), ...postgresHandlers(() => null) });
  const progress: WorkerEvents['progress'][] = [];
  main.on('progress', (p) => progress.push(p));
  const logs: WorkerEvents['log'][] = [];
  main.on('log', (l) => logs.push(l));
  cleanups.push(async () => {
    await main.call('close', {}).catch(() => undefined);
    main.close();
    workerSide.close();
    channel.port1.close();
    channel.port2.close();
  });
  return { main, host, progress, logs, dataDirs };
}

function demoVault(): MemoryVault {
  const v = new MemoryVault();
  v.set('people/alice.md', '---\ntype: person\ncompany: "[[Acme]]"\n---\n# Alice\n\nAlice works at [[Acme]] and advises [[Globex]].\n');
  v.set('companies/Acme.md', '# Acme\n\nAcme was founded by [[Bob]].\n');
  v.set('Bob.md', '# Bob\n\nBob founded [[Acme]].\n');
  v.set('code/util.ts', 'export function add(a: number, b: number): number {\n  return a + b;\n}\n');
  v.set('.obsidian/app.json', '{}');
  v.set('image.png', '\u0089PNG');
  return v;
}

describe('brain host over the worker protocol', () => {
  it('opens per vault id, indexes through the remote vault and answers ops', async () => {
    const vault = demoVault();
    const { main, progress, dataDirs } = setup(vault);
    const opened = await main.call('open', { vaultId: 'abc123', settings: SETTINGS });
    expect(opened.dataDir).toBe('idb://vault-brain-abc123');
    expect(dataDirs).toEqual(['idb://vault-brain-abc123']);
    expect(opened.ops.map((o) => o.name)).toEqual(expect.arrayContaining(['stats', 'backlinks', 'get_note']));
    expect(opened.embedderId).toBeNull();

    const summary = await main.call('index', {});
    expect(summary).toMatchObject({ scanned: 4, indexed: 4, failed: 0 });
    expect(progress.some((p) => p.phase === 'index')).toBe(true);
    expect(progress.at(-1)?.phase).toBe('done');

    const stats = (await main.call('op', { name: 'stats', params: {} })) as EngineStats;
    expect(stats.pages).toBe(4);
    const acme = (await main.call('op', { name: 'backlinks', params: { note: 'Acme' } })) as { note: string; backlinks: { from: string }[] };
    expect(acme.note).toBe('companies/Acme.md');
    expect(acme.backlinks.map((b) => b.from)).toEqual(expect.arrayContaining(['people/alice.md', 'Bob.md']));

    const again = await main.call('index', {});
    expect(again).toMatchObject({ indexed: 0, unchanged: 4 });
  });

  it('applies updates, renames and deletions', async () => {
    const vault = demoVault();
    const { main } = setup(vault);
    await main.call('open', { vaultId: 'v1', settings: SETTINGS });
    await main.call('index', {});

    vault.set('Bob.md', '# Bob\n\nBob founded [[Acme]] and invested in [[Globex]].\n', 2_000);
    vault.set('Globex.md', '# Globex\n', 2_000);
    const updated = await main.call('update', { paths: ['Bob.md', 'Globex.md'] });
    expect(updated.indexed).toBe(2);

    const bob = vault.files.get('Bob.md')!;
    vault.files.delete('Bob.md');
    vault.files.set('people/Bob.md', bob);
    const renamed = await main.call('rename', { from: 'Bob.md', to: 'people/Bob.md' });
    expect(renamed.renamed).toBe(1);

    vault.files.delete('Globex.md');
    const removed = await main.call('update', { paths: ['Globex.md'] });
    expect(removed.deleted).toBe(1);

    const notes = await main.call('op', { name: 'list_notes', params: {} });
    const listed = JSON.stringify(notes);
    expect(listed).toContain('people/Bob.md');
    expect(listed).not.toContain('Globex.md');
  });

  it('loads the built-in embedder and the code chunker from the asset loader', async () => {
    const vault = demoVault();
    const { main } = setup(vault);
    const opened = await main.call('open', { vaultId: 'v2', settings: { ...SETTINGS, embedder: 'builtin', codeChunking: true } });
    expect(opened.embedderId).toMatch(/^builtin:glove-100d/);
    expect(opened.codeLanguages).toEqual(expect.arrayContaining(['typescript', 'python']));
    const summary = await main.call('index', {});
    expect(summary.indexed).toBe(4);
    const stats = (await main.call('op', { name: 'stats', params: {} })) as EngineStats;
    expect(Object.values(stats.embeddedByModel).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  }, 120_000);

  it('with the asset header at hand, names the built-in embedder at open and loads it only when something embeds', async () => {
    const vault = demoVault();
    const loaded: string[] = [];
    const header = (await loadAsset(EMBEDDER_ASSET)).subarray(0, 64);
    const { main } = setup(vault, {
      loadAsset: (name) => (loaded.push(name), loadAsset(name)),
      assetHead: (name) => (name === EMBEDDER_ASSET ? header : null),
    });
    const opened = await main.call('open', { vaultId: 'v-lazy', settings: { ...SETTINGS, embedder: 'builtin' } });
    expect(opened.embedderId).toBe((await loadBuiltinEmbedderFromDisk()).id);
    expect(loaded).not.toContain(EMBEDDER_ASSET);
    await main.call('index', {});
    expect(loaded).toContain(EMBEDDER_ASSET);
    const stats = (await main.call('op', { name: 'stats', params: {} })) as EngineStats;
    expect(stats.embeddedByModel[opened.embedderId!]).toBeGreaterThan(0);
  }, 120_000);

  it('runs index runs and updates one at a time', async () => {
    const vault = demoVault();
    const { main } = setup(vault);
    await main.call('open', { vaultId: 'v3', settings: SETTINGS });
    vault.set('extra.md', '# Extra\n\nLinks to [[Acme]].\n');
    const [run, update] = await Promise.all([main.call('index', {}), main.call('update', { paths: ['extra.md'] })]);
    expect(run.indexed).toBe(5);
    expect(update).toMatchObject({ indexed: 0, unchanged: 1 });
  });

  it('rejects calls before open, bad input and unknown ops, and stays usable', async () => {
    const vault = demoVault();
    const { main } = setup(vault);
    await expect(main.call('index', {})).rejects.toMatchObject({ name: 'BrainNotOpenError' });
    await expect(main.call('op', { name: 'stats', params: {} })).rejects.toMatchObject({ name: 'BrainNotOpenError' });
    await expect(main.call('open', { vaultId: '../../', settings: SETTINGS })).rejects.toThrow(/invalid vault id/);
    await main.call('open', { vaultId: 'v4', settings: SETTINGS });
    await expect(main.call('op', { name: 'drop_everything', params: {} })).rejects.toMatchObject({ name: 'UnknownOpError' });
    await expect(main.call('op', { name: 'backlinks', params: { note: 42 } })).rejects.toThrow();
    await expect(main.call('update', { paths: [''] })).rejects.toMatchObject({ name: 'TypeError' });
    await expect(main.call('update', { paths: 'Bob.md' as unknown as string[] })).rejects.toMatchObject({ name: 'TypeError' });
    expect((await main.call('index', {})).indexed).toBe(4);
    await main.call('close', {});
    await expect(main.call('op', { name: 'stats', params: {} })).rejects.toMatchObject({ name: 'BrainNotOpenError' });
  });

  it('reports unreadable and binary files instead of failing the run', async () => {
    const vault = demoVault();
    vault.files.set('broken.md', { bytes: new Uint8Array([0, 1, 2, 0xff, 0xfe, 0]), mtime: 1 });
    const original = vault.read.bind(vault);
    vault.read = (path: string) => (path === 'people/alice.md' ? Promise.reject(new Error('EACCES')) : original(path));
    const { main } = setup(vault);
    await main.call('open', { vaultId: 'v5', settings: SETTINGS });
    const summary = await main.call('index', {});
    expect(summary.failed + summary.skipped).toBe(2);
    expect(summary.indexed).toBe(3);
  });
});

describe('a damaged store in the worker', () => {
  const damageError = (message: string, code: string): Error => Object.assign(new Error(message), { code });
  /** The worker's discardStore: records what it was asked to discard, answers where a copy was kept. */
  const recordDiscards = (discarded: string[], keptAt: string | null = null) => (dataDir: string): Promise<string | null> => {
    discarded.push(dataDir);
    return Promise.resolve(keptAt);
  };

  it('one that fails to open (a wasm abort) is emptied and rebuilt, and the open says so', async () => {
    const vault = demoVault();
    const discarded: string[] = [];
    let opens = 0;
    const { main } = setup(vault, {
      async openEngine() {
        if (++opens === 1) throw new Error('Aborted(). Build with -sASSERTIONS for more info.');
        return { engine: await PGliteEngine.open({}) };
      },
      discardStore: recordDiscards(discarded),
    });
    const opened = await main.call('open', { vaultId: 'd1', settings: SETTINGS });
    expect(discarded).toEqual(['idb://vault-brain-d1']);
    expect(opened.recovery?.reason).toMatch(/^the database could not be opened: Aborted\(\)/);
    expect(opened.recovery?.keptAt).toBeNull();
    expect(await main.call('index', {})).toMatchObject({ indexed: 4, failed: 0 });
    const status = (await main.call('op', { name: 'status', params: {} })) as { lastRecovery: unknown };
    expect(status.lastRecovery).toEqual(opened.recovery);
  });

  it('a store that failed to open elsewhere (OPFS) is the one discarded, and its copy is named', async () => {
    const vault = demoVault();
    const discarded: string[] = [];
    let opens = 0;
    const { main } = setup(vault, {
      async openEngine() {
        if (++opens === 1) throw new StoreOpenError('opfs-ahp://vault-brain-d4', new Error('PGlite failed to initialize properly'));
        return { engine: await PGliteEngine.open({}), dataDir: 'opfs-ahp://vault-brain-d4' };
      },
      discardStore: recordDiscards(discarded, 'opfs:vault-brain-d4.damaged'),
    });
    const opened = await main.call('open', { vaultId: 'd4', settings: SETTINGS });
    expect(discarded).toEqual(['opfs-ahp://vault-brain-d4']);
    expect(opened.recovery).toMatchObject({ reason: 'the database could not be opened: PGlite failed to initialize properly', keptAt: 'opfs:vault-brain-d4.damaged' });
  });

  it('one that fails its checks is emptied and rebuilt', async () => {
    const vault = demoVault();
    const discarded: string[] = [];
    let opens = 0;
    const { main } = setup(vault, {
      async openEngine() {
        const engine = await PGliteEngine.open({});
        if (++opens === 1) {
          // A page whose recorded chunk count its chunks do not match (rows lost under it).
          await engine.putPages([{ note: note('lost.md', { chunks: ['one', 'two'] }), meta: { mtime: 1, size: 10 } }]);
          await engine.db.exec('update pages set chunk_count = 7');
        }
        return { engine };
      },
      discardStore: recordDiscards(discarded),
    });
    const opened = await main.call('open', { vaultId: 'd2', settings: SETTINGS });
    expect(opened.recovery?.reason).toMatch(/^integrity check failed: .*(chunk|pages)/);
    expect(discarded).toEqual(['idb://vault-brain-d2']);
    expect(await main.call('index', {})).toMatchObject({ indexed: 4 });
    expect(((await main.call('op', { name: 'stats', params: {} })) as EngineStats).pages).toBe(4);
  });

  it('the heap scans run after the open has returned; damage they find replaces the store, rebuilds it and notifies', { timeout: 180_000 }, async () => {
    const vault = demoVault();
    const discarded: string[] = [];
    const modes: string[] = [];
    let releaseScans!: () => void;
    const scansMayRun = new Promise<void>((resolve) => (releaseScans = resolve));
    let opens = 0;
    let scansDone = false;
    const { main, logs } = setup(vault, {
      async openEngine() {
        const engine = await PGliteEngine.open({});
        const first = ++opens === 1;
        const check = engine.checkIntegrity.bind(engine);
        engine.checkIntegrity = async (mode) => {
          modes.push(mode);
          if (mode !== 'scans' || !first) return check(mode);
          await scansMayRun;
          scansDone = true;
          // What only a scan of every heap page sees (a checksum failure deep in the chunks table).
          return { mode, checks: ['table scans'], problems: [{ check: 'table scans', kind: 'damage', message: 'table scans failed: invalid page in block 9' }] };
        };
        if (first) {
          // A store an earlier run left: a page, its status row and the parser stamp.
          await engine.putPages([{ note: note('kept.md', { chunks: ['Acme kept this'] }), meta: { mtime: 1, size: 10 } }]);
          await engine.recordFileStatus([{ path: 'kept.md', mtime: 1, size: 10, status: 'indexed', reason: null }]);
          await engine.setMeta('parser_version', PARSER_VERSION);
        }
        return { engine };
      },
      discardStore: recordDiscards(discarded),
    });
    const opened = await main.call('open', { vaultId: 'd5', settings: SETTINGS });
    // The open ran only its own checks and returned while the scans wait; the store answers meanwhile.
    expect(modes[0]).toBe('open');
    expect(scansDone).toBe(false);
    expect(opened.recovery).toBeNull();
    const early = (await main.call('op', { name: 'search', params: { query: 'Acme kept' }, remote: false })) as { results: { path: string }[] };
    expect(early.results.map((r) => r.path)).toContain('kept.md');
    expect(discarded).toEqual([]);
    expect(scansDone).toBe(false);
    releaseScans();
    // The index run is queued behind the scans: by its end the damaged store was replaced and rebuilt.
    await main.call('index', {});
    expect(modes.slice(0, 2)).toEqual(['open', 'scans']);
    expect(discarded).toEqual(['idb://vault-brain-d5']);
    const stats = (await main.call('op', { name: 'stats', params: {}, remote: false })) as EngineStats;
    expect(stats.pages).toBe(4);
    expect(logs.filter((l) => l.notify).map((l) => l.message)).toEqual([
      'the index database was damaged (damage found while in use: integrity check failed: table scans failed: invalid page in block 9); ' +
        'a fresh one is being rebuilt from the notes',
    ]);
  });

  it('damage found during a run replaces the store, rebuilds it, finishes the call and notifies', async () => {
    const vault = demoVault();
    const discarded: string[] = [];
    const { main, host, logs } = setup(vault, {
      discardStore: recordDiscards(discarded, 'indexeddb:/pglite/vault-brain-d3.damaged'),
    });
    const opened = await main.call('open', { vaultId: 'd3', settings: SETTINGS });
    expect(opened.recovery).toBeNull();
    await main.call('index', {});
    // The store breaks as a zeroed commit log breaks it: the open passed, the first write fails.
    host.brain!.engine.putPages = () => Promise.reject(damageError('attempted to delete invisible tuple', '55000'));
    vault.set('Globex.md', '# Globex\n\nGlobex hired [[Bob]].\n', 3_000);
    const updated = await main.call('update', { paths: ['Globex.md'] });
    expect(discarded).toEqual(['idb://vault-brain-d3']);
    expect(((await main.call('op', { name: 'stats', params: {} })) as EngineStats).pages).toBe(5);
    expect(updated.failed).toBe(0);
    expect(logs.filter((l) => l.notify)).toEqual([
      {
        level: 'warn',
        notify: true,
        message:
          'the index database was damaged (damage found while in use: attempted to delete invisible tuple); ' +
          'it was moved to indexeddb:/pglite/vault-brain-d3.damaged and a fresh one is being rebuilt from the notes',
      },
    ]);
  });

  it('damage first met by a read op (a pane or agent search) replaces the store and still answers', async () => {
    const vault = demoVault();
    const discarded: string[] = [];
    const { main, host, logs } = setup(vault, { discardStore: recordDiscards(discarded) });
    await main.call('open', { vaultId: 'd4', settings: SETTINGS });
    await main.call('index', {});
    const clean = (await main.call('op', { name: 'stats', params: {}, remote: false })) as EngineStats;
    host.brain!.engine.stats = () => Promise.reject(damageError('invalid page in block 13 of relation base/16384/16390', 'XX001'));
    const stats = (await main.call('op', { name: 'stats', params: {}, remote: false })) as EngineStats;
    // Rebuilt from the notes: the same counts as before the damage.
    expect(stats).toEqual(clean);
    expect(clean.pages).toBeGreaterThan(0);
    expect(discarded).toEqual(['idb://vault-brain-d4']);
    expect(logs.filter((l) => l.notify)).toHaveLength(1);
  });
});

/** The worker's clean-close marks, in memory (the worker keeps them in IndexedDB: clean-close-marks.ts). */
function memoryMarks(): CleanCloseMarks & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    take: (name) => {
      const at = map.get(name) ?? null;
      map.delete(name);
      return Promise.resolve(at);
    },
    put: (name, location) => {
      map.set(name, location);
      return Promise.resolve();
    },
  };
}

describe('the store checks after a clean close', () => {
  /** The host's checks as they run: mode, and whether inside the open (no brain yet) or after it. */
  function recorder(): { modes: string[]; host: { current: BrainHost | null }; openEngine: BrainHostDeps['openEngine'] } {
    const modes: string[] = [];
    const host: { current: BrainHost | null } = { current: null };
    return {
      modes,
      host,
      async openEngine() {
        const engine = await PGliteEngine.open({});
        const check = engine.checkIntegrity.bind(engine);
        engine.checkIntegrity = (mode) => {
          modes.push(`${mode} ${host.current?.brain ? 'after open' : 'in open'}`);
          return check(mode);
        };
        return { engine };
      },
    };
  }

  it('a clean close leaves a mark; the next open runs no checks before it returns, the cheap ones after, no heap scans', async () => {
    const marks = memoryMarks();
    const r = recorder();
    const { main, host } = setup(demoVault(), { cleanClose: marks, openEngine: r.openEngine });
    r.host.current = host;
    const first = await main.call('open', { vaultId: 'c1', settings: SETTINGS });
    expect(first.cleanClose).toBe(false);
    await main.call('index', {});
    expect(r.modes).toEqual(['open in open', 'scans after open']);
    await main.call('close', {});
    expect([...marks.map]).toEqual([['vault-brain-c1', 'idb://vault-brain-c1']]);

    r.modes.length = 0;
    const again = await main.call('open', { vaultId: 'c1', settings: SETTINGS });
    expect(again.cleanClose).toBe(true);
    // Taken at open: a session that crashes from here on leaves no mark behind.
    expect(marks.map.size).toBe(0);
    await main.call('index', {});
    expect(r.modes).toEqual(['open after open']);
  });

  it('without a mark (the last session crashed) the open runs its checks and the heap scans follow', async () => {
    const r = recorder();
    const { main, host } = setup(demoVault(), { cleanClose: memoryMarks(), openEngine: r.openEngine });
    r.host.current = host;
    const opened = await main.call('open', { vaultId: 'c2', settings: SETTINGS });
    expect(opened.cleanClose).toBe(false);
    await main.call('index', {});
    expect(r.modes).toEqual(['open in open', 'scans after open']);
  });

  it('a mark for the store elsewhere (the last session fell back to IndexedDB) does not count for this one', async () => {
    const marks = memoryMarks();
    marks.map.set('vault-brain-c3', 'idb://vault-brain-c3');
    const r = recorder();
    const { main, host } = setup(demoVault(), {
      cleanClose: marks,
      openEngine: async (dataDir) => ({ ...(await r.openEngine(dataDir)), dataDir: 'opfs-ahp://vault-brain-c3' }),
    });
    r.host.current = host;
    const opened = await main.call('open', { vaultId: 'c3', settings: SETTINGS });
    expect(opened.cleanClose).toBe(false);
    await main.call('index', {});
    expect(r.modes).toEqual(['open in open', 'scans after open']);
    // This close marks the store it was on.
    await main.call('close', {});
    expect(marks.map.get('vault-brain-c3')).toBe('opfs-ahp://vault-brain-c3');
  });

  it('a store damaged although its mark says clean is caught by the checks after the open, replaced and rebuilt', async () => {
    const marks = memoryMarks();
    marks.map.set('vault-brain-c4', 'idb://vault-brain-c4');
    const discarded: string[] = [];
    let opens = 0;
    const { main, logs } = setup(demoVault(), {
      cleanClose: marks,
      async openEngine() {
        const engine = await PGliteEngine.open({});
        if (++opens === 1) {
          // A page whose recorded chunk count its chunks do not match (rows lost under it).
          await engine.putPages([{ note: note('lost.md', { chunks: ['one', 'two'] }), meta: { mtime: 1, size: 10 } }]);
          await engine.recordFileStatus([{ path: 'lost.md', mtime: 1, size: 10, status: 'indexed', reason: null }]);
          await engine.setMeta('parser_version', PARSER_VERSION);
          await engine.db.exec('update pages set chunk_count = 7');
        }
        return { engine };
      },
      discardStore: (dataDir) => {
        discarded.push(dataDir);
        return Promise.resolve(null);
      },
    });
    const opened = await main.call('open', { vaultId: 'c4', settings: SETTINGS });
    expect(opened.cleanClose).toBe(true);
    expect(opened.recovery).toBeNull();
    // The index run is queued behind the checks: by its end the damaged store was replaced and rebuilt.
    await main.call('index', {});
    expect(discarded).toEqual(['idb://vault-brain-c4']);
    expect(((await main.call('op', { name: 'stats', params: {}, remote: false })) as EngineStats).pages).toBe(4);
    expect(logs.filter((l) => l.notify).map((l) => l.message)).toEqual([
      expect.stringMatching(/^the index database was damaged \(damage found while in use: integrity check failed: .*chunk/),
    ]);
  });

  it('a store that fails to open although its mark says clean is replaced, and the fresh one is not taken for it', async () => {
    const marks = memoryMarks();
    marks.map.set('vault-brain-c6', 'idb://vault-brain-c6');
    const r = recorder();
    let opens = 0;
    const { main, host } = setup(demoVault(), {
      cleanClose: marks,
      async openEngine(dataDir) {
        if (++opens === 1) throw new Error('Aborted(). Build with -sASSERTIONS for more info.');
        return r.openEngine(dataDir);
      },
      discardStore: () => Promise.resolve(null),
    });
    r.host.current = host;
    const opened = await main.call('open', { vaultId: 'c6', settings: SETTINGS });
    expect(opened.recovery?.reason).toMatch(/^the database could not be opened: Aborted\(\)/);
    expect(opened.cleanClose).toBe(false);
    await main.call('index', {});
    // The fresh store gets the checks of a store without a mark.
    expect(r.modes).toEqual(['scans after open']);
  });

  it('a store damaged in a way no cheap check sees is replaced by the first query that fails on it', async () => {
    const marks = memoryMarks();
    marks.map.set('vault-brain-c5', 'idb://vault-brain-c5');
    const discarded: string[] = [];
    const { main, host } = setup(demoVault(), {
      cleanClose: marks,
      discardStore: (dataDir) => {
        discarded.push(dataDir);
        return Promise.resolve(null);
      },
    });
    await main.call('open', { vaultId: 'c5', settings: SETTINGS });
    await main.call('index', {});
    // A checksum failure deep in a table: the first search reading that page fails.
    host.brain!.engine.keywordSearch = () => Promise.reject(Object.assign(new Error('invalid page in block 9 of relation base/5/16390'), { code: 'XX001' }));
    const found = (await main.call('op', { name: 'search', params: { query: 'Acme' }, remote: false })) as { results: { path: string }[] };
    expect(discarded).toEqual(['idb://vault-brain-c5']);
    expect(found.results.map((r) => r.path)).toContain('companies/Acme.md');
  });
});

describe('databaseName', () => {
  it('scopes the database to the vault id and refuses empty ids', () => {
    expect(databaseName('0123abcdef')).toBe('vault-brain-0123abcdef');
    expect(databaseName(' a/b:c ')).toBe('vault-brain-a_b_c');
    expect(databaseName('x'.repeat(500))).toHaveLength('vault-brain-'.length + 100);
    expect(() => databaseName('')).toThrow();
    expect(() => databaseName('///')).toThrow();
  });
});
