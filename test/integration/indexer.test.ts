// The indexer against a real PGlite engine and real files: full, incremental, edits, deletes, renames,
// exclusions and bad input.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { Indexer } from '../../src/core/index/indexer';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import { writeVaultFile } from '../helpers/vault-files';

let engine: PGliteEngine;
let vault: string;

function write(rel: string, content: string | Uint8Array): Promise<void> {
  return writeVaultFile(vault, rel, content);
}

/** Bumps mtime so the change is seen even within the same millisecond. */
async function touchLater(rel: string): Promise<void> {
  const abs = path.join(vault, rel);
  const st = await fs.stat(abs);
  const t = new Date(st.mtimeMs + 5000);
  await fs.utimes(abs, t, t);
}

function makeIndexer(extraExclude: string[] = [], maxFileBytes?: number): Indexer {
  const rules = defaultRules('.obsidian');
  const filter = new PathFilter({ include: [], exclude: [...rules.exclude, ...extraExclude] });
  return new Indexer({ store: engine, source: new FsVaultSource(vault), filter, maxFileBytes, batchSize: 3 });
}

beforeAll(async () => {
  engine = await PGliteEngine.open({});
});

afterAll(async () => {
  await engine.close();
});

beforeEach(async () => {
  await engine.clear();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-indexer-'));
  await write('people/Alice Chen.md', '---\naliases: [Alice]\ntype: person\n---\n# Alice Chen\n\nAlice works at [[Acme Robotics]] as CTO.\n\n## Notes\n\nShe likes [[Graph databases]].\n');
  await write('companies/Acme Robotics.md', '# Acme Robotics\n\nFounded by [[Alice]] in 2019. See [[Bob Li]].\n');
  await write('people/Bob Li.md', '# Bob Li\n\nBob advises [[Acme Robotics]].\n');
  await write('concepts/Graph databases.md', '# Graph databases\n\nNodes and edges. Missing: [[Knowledge holes]].\n');
  await write('.obsidian/app.json', '{}');
  await write('.obsidian/snippets/x.md', '# config note [[Alice Chen]]');
  await write('.trash/Old.md', '# Old [[Alice Chen]]');
});

describe('indexer', () => {
  it('indexes a folder, skips excluded folders, and resolves links by basename and alias', async () => {
    const summary = await makeIndexer().run();
    expect(summary.indexed).toBe(4);
    const states = await engine.getPageStates();
    expect(states.map((s) => s.path).sort()).toEqual([
      'companies/Acme Robotics.md',
      'concepts/Graph databases.md',
      'people/Alice Chen.md',
      'people/Bob Li.md',
    ]);
    const back = await engine.backlinks('people/Alice Chen.md');
    // Only the company links to Alice (through her alias); the excluded config and trash notes do not count.
    expect(back.map((b) => b.from)).toEqual(['companies/Acme Robotics.md']);
    const acme = await engine.backlinks('companies/Acme Robotics.md');
    expect(acme.map((b) => [b.from, b.type]).sort()).toEqual([
      ['people/Alice Chen.md', 'works_at'],
      ['people/Bob Li.md', 'advises'],
    ]);
    const stats = await engine.stats();
    expect(stats.dangling).toBe(1); // [[Knowledge holes]]
  });

  it('skips unchanged notes on the next run and re-indexes only an edited one', async () => {
    await makeIndexer().run();
    const again = await makeIndexer().run();
    expect(again.indexed).toBe(0);
    expect(again.unchanged).toBe(4);

    const before = await engine.getPage('people/Alice Chen.md');
    await write('people/Alice Chen.md', '---\naliases: [Alice]\ntype: person\n---\n# Alice Chen\n\nAlice works at [[Acme Robotics]] as CEO now.\n\n## Notes\n\nShe likes [[Graph databases]].\n');
    await touchLater('people/Alice Chen.md');
    const edit = await makeIndexer().run();
    expect(edit.indexed).toBe(1);
    expect(edit.unchanged).toBe(3);
    const after = await engine.getPage('people/Alice Chen.md');
    expect(after?.contentHash).not.toBe(before?.contentHash);
    expect(after?.compiledTruth).toContain('CEO now');
  });

  it('makes links dangling when a note is deleted and resolves them again when it comes back', async () => {
    await makeIndexer().run();
    await fs.rm(path.join(vault, 'people/Bob Li.md'));
    const del = await makeIndexer().run();
    expect(del.deleted).toBe(1);
    const links = await engine.outgoingLinks('companies/Acme Robotics.md');
    expect(links.find((l) => l.targetText === 'Bob Li')?.to).toBeNull();

    await write('people/Bob Li.md', '# Bob Li\n\nBack again.\n');
    await makeIndexer().run();
    const relinked = await engine.outgoingLinks('companies/Acme Robotics.md');
    expect(relinked.find((l) => l.targetText === 'Bob Li')?.to).toBe('people/Bob Li.md');
  });

  it('detects a rename on disk and keeps backlinks pointing at the new path', async () => {
    await makeIndexer().run();
    await fs.mkdir(path.join(vault, 'archive'), { recursive: true });
    await fs.rename(path.join(vault, 'concepts/Graph databases.md'), path.join(vault, 'archive/Graph databases.md'));
    const summary = await makeIndexer().run();
    expect(summary.renamed).toBe(1);
    expect(summary.deleted).toBe(0);
    const back = await engine.backlinks('archive/Graph databases.md');
    expect(back.map((b) => b.from)).toEqual(['people/Alice Chen.md']);
    expect(await engine.getPage('concepts/Graph databases.md')).toBeNull();
  });

  it('a note renamed on disk keeps its aliases: a link to an alias written in the same run reaches it', async () => {
    await makeIndexer().run();
    await fs.mkdir(path.join(vault, 'team'), { recursive: true });
    await fs.rename(path.join(vault, 'people/Alice Chen.md'), path.join(vault, 'team/Alice Chen.md'));
    await write('meetings/Standup.md', '# Standup\n\nMet [[Alice]] about the launch.\n');
    const summary = await makeIndexer().run();
    expect(summary.renamed).toBe(1);
    const out = await engine.outgoingLinks('meetings/Standup.md');
    expect(out.find((l) => l.targetText === 'Alice')?.to).toBe('team/Alice Chen.md');
    // And as a clean index of the same files would have it.
    expect((await engine.backlinks('team/Alice Chen.md')).map((b) => b.from).sort()).toEqual(['companies/Acme Robotics.md', 'meetings/Standup.md']);
  });

  it('read errors name the vault path, never the absolute one (they become status reasons agents see)', async () => {
    const error = await new FsVaultSource(vault).read('people/Gone.md').then(
      () => expect.fail('read a file that does not exist'),
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error.message).toContain('people/Gone.md');
    expect(error.message).not.toContain(vault);
    expect(error.code).toBe('ENOENT');
  });

  it('applies user exclusions and drops notes that become excluded', async () => {
    await makeIndexer().run();
    const summary = await makeIndexer(['concepts']).run();
    expect(summary.deleted).toBe(1);
    expect(await engine.getPage('concepts/Graph databases.md')).toBeNull();
    const states = await engine.getPageStates();
    expect(states.some((s) => s.path.startsWith('concepts/'))).toBe(false);
  });

  it('records binary, oversized and invalid UTF-8 files instead of crashing, and indexes odd names', async () => {
    await write('binary.md', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02]));
    await write('huge.md', `# Huge\n\n${'word '.repeat(30_000)}`);
    await write('latin1.md', new Uint8Array([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a, 0x74, 0x65, 0x78, 0x74]));
    await write('日记/2024 年 🎉 notes.md', '# 庆祝 🎉\n\n提到 [[Alice Chen]]。\n');
    const summary = await makeIndexer([], 100_000).run();
    expect(summary.skipped).toBe(2);
    expect(summary.failed).toBe(0);
    const skipped = await engine.fileStatuses({ status: 'skipped' });
    const reasons = Object.fromEntries(skipped.map((s) => [s.path, s.reason ?? '']));
    expect(reasons['binary.md']).toMatch(/^binary/);
    expect(reasons['huge.md']).toMatch(/^too-large/);
    const latin = await engine.getPage('latin1.md');
    expect(latin?.warnings.map((w) => w.code)).toContain('invalid-utf8');
    const cjk = await engine.getPage('日记/2024 年 🎉 notes.md');
    expect(cjk?.title).toBe('庆祝 🎉');
    const back = await engine.backlinks('people/Alice Chen.md');
    expect(back.map((b) => b.from)).toContain('日记/2024 年 🎉 notes.md');

    // A skipped file that does not change is not read again; once fixed it is indexed.
    const again = await makeIndexer([], 100_000).run();
    expect(again.skipped).toBe(0);
    await write('binary.md', '# Fixed\n');
    await touchLater('binary.md');
    const fixed = await makeIndexer([], 100_000).run();
    expect(fixed.indexed).toBe(1);
    expect((await engine.fileStatuses({ status: 'skipped' })).map((s) => s.path)).toEqual(['huge.md']);
  });

  it('applies targeted updates from file events (create, modify, delete, rename)', async () => {
    const indexer = makeIndexer();
    await indexer.run();
    await write('people/Carol.md', '# Carol\n\nCarol joined [[Acme Robotics]] as an engineer.\n');
    const created = await indexer.updatePaths(['people/Carol.md']);
    expect(created.indexed).toBe(1);
    expect((await engine.backlinks('companies/Acme Robotics.md')).map((b) => b.from)).toContain('people/Carol.md');

    await fs.rename(path.join(vault, 'people/Carol.md'), path.join(vault, 'people/Carol Wu.md'));
    await indexer.rename('people/Carol.md', 'people/Carol Wu.md');
    expect(await engine.getPage('people/Carol.md')).toBeNull();
    expect((await engine.backlinks('companies/Acme Robotics.md')).map((b) => b.from)).toContain('people/Carol Wu.md');

    await fs.rm(path.join(vault, 'people/Carol Wu.md'));
    const removed = await indexer.updatePaths(['people/Carol Wu.md']);
    expect(removed.deleted).toBe(1);
    expect(await engine.getPage('people/Carol Wu.md')).toBeNull();
  });

  it('reports progress with done/total and the current file', async () => {
    const events: { phase: string; done: number; total: number; current?: string }[] = [];
    const rules = defaultRules('.obsidian');
    const indexer = new Indexer({
      store: engine,
      source: new FsVaultSource(vault),
      filter: new PathFilter(rules),
      batchSize: 2,
      onProgress: (p) => events.push(p),
    });
    await indexer.run();
    const indexing = events.filter((e) => e.phase === 'index');
    expect(indexing.some((e) => e.current === 'people/Alice Chen.md')).toBe(true);
    expect(indexing.at(-1)).toMatchObject({ done: 4, total: 4 });
    expect(events.at(-1)?.phase).toBe('done');
  });
});
