// A fresh desktop store is laid out from the snapshot directly in PGlite's OPFS pool layout (opfs-snapshot.ts,
// SizedOpfsFS `fill`) instead of PGlite's own tar load, and every start's relcache init file is written in one call. Run here under Node with real PGlite over an in-memory OPFS
// (test/helpers/memory-opfs.ts): the store must open as the same database, pass the store checks, take writes and
// open again; a load cut off before PG_VERSION must not count as a database; and it must cost a fraction of the
// calls on sync access handles that PGlite's load makes (each one a call into the browser).
import { PGlite } from '@electric-sql/pglite';
import { OpfsAhpFS } from '@electric-sql/pglite/opfs-ahp';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDamage } from '../../src/core/engine/integrity';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { SCHEMA_VERSION } from '../../src/core/engine/sql/schema';
import { SNAPSHOT_RELATIVE } from '../../src/node/db-snapshot';
import { opfsHasCluster } from '../../src/obsidian/worker/opfs-cluster';
import { COMMIT_FILE, layOutSnapshot, readTar } from '../../src/obsidian/worker/opfs-snapshot';
import { SizedOpfsFS } from '../../src/obsidian/worker/sized-opfs-fs';
import { memoryOpfs, type MemoryDirectoryHandle, type MemoryFileHandle, type MemoryOpfs } from '../helpers/memory-opfs';

const tar = new Uint8Array(readFileSync(join(__dirname, '../..', SNAPSHOT_RELATIVE)));
const POOL = { initialPoolSize: 450, maintainedPoolSize: 150 };

interface TreeNode {
  type: 'file' | 'directory';
  mode: number;
  backingFilename?: string;
  children?: Record<string, TreeNode>;
}

function stateOf(opfs: MemoryOpfs, dir: string): { root: TreeNode; pool: string[] } {
  const folder = opfs.root.children.get(dir) as MemoryDirectoryHandle;
  const text = new TextDecoder().decode((folder.children.get('state.txt') as MemoryFileHandle).data);
  return JSON.parse(text.split('\n')[0]!) as { root: TreeNode; pool: string[] };
}

function nodesOf(node: TreeNode, path = '', out = new Map<string, TreeNode>()): Map<string, TreeNode> {
  if (path) out.set(path, node);
  for (const [name, child] of Object.entries(node.children ?? {})) nodesOf(child, `${path}/${name}`, out);
  return out;
}

async function openPglite(fs: SizedOpfsFS, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ fs, extensions: { vector, pg_trgm }, relaxedDurability: true, ...(loadDataDir ? { loadDataDir } : {}) });
}

describe('snapshot laid out in OPFS', () => {
  const opfs = memoryOpfs();
  let undo: () => void;
  beforeAll(() => {
    undo = opfs.install();
  });
  afterAll(() => undo());

  it('reads the snapshot tar: directories and files, PG_VERSION last', () => {
    const entries = readTar(tar);
    expect(entries.length).toBeGreaterThan(300);
    expect(entries[entries.length - 1]).toMatchObject({ path: COMMIT_FILE, type: 'file' });
    expect(new TextDecoder().decode(entries[entries.length - 1]!.data).trim()).toMatch(/^\d+$/);
    expect(entries.some((e) => e.type === 'directory' && e.path === 'base/5')).toBe(true);
    const firstData = entries.find((e) => e.data.length > 512)!.data;
    expect(() => readTar(tar.subarray(0, firstData.byteOffset - tar.byteOffset + 1))).toThrow(/past the end/);
  });

  it('opens as the database PGlite loads itself, healthy and writable, with a quarter of the access-handle calls', async () => {
    // PGlite's own load, for reference.
    const before = { ...opfs.counts };
    const fsA = new SizedOpfsFS('load-a', POOL);
    const a = await openPglite(fsA, new Blob([tar]));
    const viaPglite = { handles: opfs.counts.handles - before.handles, syncCalls: opfs.counts.syncCalls - before.syncCalls };
    const tablesA = (await a.query<{ n: number }>('select count(*)::int as n from pg_class')).rows[0]!.n;
    await fsA.checkpointState();
    await a.close();

    const mid = { ...opfs.counts };
    const fill = await layOutSnapshot('load-b', tar, POOL.maintainedPoolSize, opfs.storage as never);
    const engine = await PGliteEngine.open({ pgliteOptions: { fs: new SizedOpfsFS('load-b', { ...POOL, fill }) }, relaxedDurability: true, autoFlush: false });
    const laidOut = { handles: opfs.counts.handles - mid.handles, syncCalls: opfs.counts.syncCalls - mid.syncCalls };
    try {
      expect(engine.openState).toMatchObject({ created: false, needsRebuild: false, fromVersion: SCHEMA_VERSION });
      expect((await engine.db.query<{ n: number }>('select count(*)::int as n from pg_class')).rows[0]!.n).toBe(tablesA);
      expect(hasDamage(await engine.checkIntegrity('quick'))).toBe(false);
      await engine.db.exec(`insert into meta (key, value) values ('opfs-snapshot-test', 'kept')`);
      await engine.flush();
    } finally {
      await engine.close();
    }
    // The same files with the same modes as PGlite's load (the snapshot's files; Postgres adds its own at start).
    const nodesA = nodesOf(stateOf(opfs, 'load-a').root);
    const nodesB = nodesOf(stateOf(opfs, 'load-b').root);
    for (const e of readTar(tar)) {
      const b = nodesB.get(`/${e.path}`);
      expect(b, e.path).toBeDefined();
      expect(b!.mode, e.path).toBe(nodesA.get(`/${e.path}`)!.mode);
    }
    expect(laidOut.syncCalls * 3).toBeLessThan(viaPglite.syncCalls);
    expect(laidOut.handles).toBeLessThanOrEqual(viaPglite.handles + 1);

    // Opened again (warm): the write is there and the store is still healthy.
    const again = await PGliteEngine.open({ pgliteOptions: { fs: new SizedOpfsFS('load-b', POOL) }, relaxedDurability: true, autoFlush: false });
    try {
      const kept = await again.db.query<{ value: string }>(`select value from meta where key = 'opfs-snapshot-test'`);
      expect(kept.rows[0]?.value).toBe('kept');
      expect(hasDamage(await again.checkIntegrity('quick'))).toBe(false);
    } finally {
      await again.close();
    }
    expect(await opfsHasCluster('load-b', opfs.storage as never)).toBe(true);
  }, 180_000);

  it('writes the relcache init file Postgres rewrites at every start in one call, and opens the same database again', async () => {
    const fill = await layOutSnapshot('relcache', tar, POOL.maintainedPoolSize, opfs.storage as never);
    const first = await PGliteEngine.open({ pgliteOptions: { fs: new SizedOpfsFS('relcache', { ...POOL, fill }) }, relaxedDurability: true, autoFlush: false });
    await first.close();
    const warmCalls = async (fs: SizedOpfsFS | OpfsAhpFS): Promise<number> => {
      const before = opfs.counts.syncCalls;
      const db = await PGlite.create({ fs, extensions: { vector, pg_trgm }, relaxedDurability: true });
      try {
        expect((await db.query<{ n: number }>('select count(*)::int as n from pages')).rows[0]!.n).toBe(0);
        return opfs.counts.syncCalls - before;
      } finally {
        await db.close();
      }
    };
    const plain = await warmCalls(new OpfsAhpFS('relcache', POOL));
    const held = await warmCalls(new SizedOpfsFS('relcache', POOL));
    // ~140 writes of relation entries become 2 (one per init file).
    expect(plain - held).toBeGreaterThan(100);
    const again = await PGliteEngine.open({ pgliteOptions: { fs: new SizedOpfsFS('relcache', POOL) }, relaxedDurability: true, autoFlush: false });
    try {
      expect(hasDamage(await again.checkIntegrity('quick'))).toBe(false);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('is not a database until PG_VERSION is written: a cut-off load is removed and done again', async () => {
    await layOutSnapshot('cut-off', tar, 10, opfs.storage as never);
    expect(opfs.root.children.has('cut-off')).toBe(true);
    expect(await opfsHasCluster('cut-off', opfs.storage as never)).toBe(false);
    expect(opfs.root.children.has('cut-off')).toBe(false);
  });
});
