// Target-aware typing through the indexer and a real PGlite store: links typed before their target was indexed
// are re-picked at the end of the run, and a change of a target's type re-types the links pointing at it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { Indexer, PARSER_VERSION } from '../../src/core/index/indexer';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import { touchLater, writeVaultFile } from '../helpers/vault-files';

let engine: PGliteEngine;
let vault: string;

const write = (rel: string, content: string): Promise<void> => writeVaultFile(vault, rel, content);
function makeIndexer(): Indexer {
  const rules = defaultRules('.obsidian');
  return new Indexer({ store: engine, source: new FsVaultSource(vault), filter: new PathFilter({ include: [], exclude: rules.exclude }), batchSize: 1 });
}
async function linkFrom(from: string, target: string): Promise<{ type: string; direction: string; past: boolean }> {
  const l = (await engine.outgoingLinks(from)).find((x) => x.targetText === target);
  if (!l) throw new Error(`no link ${from} -> ${target}`);
  return { type: l.type, direction: l.direction, past: l.past };
}

beforeAll(async () => void (engine = await PGliteEngine.open({})));
afterAll(() => engine.close());
beforeEach(async () => {
  await engine.clear();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-retype-'));
  // Indexed in path order with one note per batch: the meeting comes first, before its targets' types are known.
  await write('A sync.md', '---\ntype: meeting\n---\n# A sync\n\n[[Zoe]] walked us through [[Zeta Corp]].\n');
  await write('Zeta Corp.md', '---\nindustry: software\n---\n# Zeta Corp\n\n[[Zoe]] used to work here as CTO.\n');
  await write('Zoe.md', '---\nemail: zoe@example.org\n---\n# Zoe\n\nLikes sailing.\n');
});

describe('re-typing stored links', () => {
  it('types a meeting body link to a person as attended and to a company as a mention once both are indexed', async () => {
    await makeIndexer().run();
    expect(await linkFrom('A sync.md', 'Zoe')).toEqual({ type: 'attended', direction: 'in', past: false });
    expect(await linkFrom('A sync.md', 'Zeta Corp')).toMatchObject({ type: 'mentions' });
    // A subject named on the object's page, past.
    expect(await linkFrom('Zeta Corp.md', 'Zoe')).toEqual({ type: 'works_at', direction: 'in', past: true });
    const graph = await engine.allEdges();
    expect(graph.find((e) => e.from === 'Zeta Corp.md')).toMatchObject({ past: true, targetText: 'Zoe' });
  });

  it('re-types incoming links when a target changes type, on a one-note edit', async () => {
    const indexer = makeIndexer();
    await indexer.run();
    await write('Zoe.md', '---\ntype: concept\n---\n# Zoe\n\nA boat.\n');
    await touchLater(vault, 'Zoe.md');
    await indexer.updatePaths(['Zoe.md']);
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'mentions', direction: 'out' });
    expect(await linkFrom('Zeta Corp.md', 'Zoe')).toMatchObject({ type: 'mentions' });
    await write('Zoe.md', '---\ntype: person\n---\n# Zoe\n');
    await touchLater(vault, 'Zoe.md');
    await indexer.updatePaths(['Zoe.md']);
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'attended', direction: 'in' });
  });

  it('re-types every link once when the stored parser version is older', async () => {
    await makeIndexer().run();
    await engine.setMeta('parser_version', '2');
    const summary = await makeIndexer().run();
    expect(summary.indexed).toBe(3);
    expect(await engine.getMeta('parser_version')).toBe(PARSER_VERSION);
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'attended' });
  });

  it('a note without a type takes its kind from the links to it, and loses it when they go', async () => {
    await write('Inbox/Quinn.md', '# Quinn\n\nLikes maps.\n');
    await write('B Corp.md', '---\ntype: company\n---\n# B Corp\n\n[[Quinn]] joined as CTO in 2021.\n');
    await write('A sync.md', '---\ntype: meeting\n---\n# A sync\n\n[[Quinn]] raised concerns about the budget.\n');
    const indexer = makeIndexer();
    await indexer.run();
    // Only people attend: Quinn is a person because B Corp says Quinn joined it as CTO.
    expect(await linkFrom('A sync.md', 'Quinn')).toMatchObject({ type: 'attended', direction: 'in' });
    await write('B Corp.md', '---\ntype: company\n---\n# B Corp\n\nMakes boats.\n');
    await touchLater(vault, 'B Corp.md');
    await indexer.updatePaths(['B Corp.md']);
    expect(await linkFrom('A sync.md', 'Quinn')).toMatchObject({ type: 'mentions' });
    // And back, on a one-note edit of the meeting's own page.
    await write('B Corp.md', '---\ntype: company\n---\n# B Corp\n\n[[Quinn]] is our CTO.\n');
    await touchLater(vault, 'B Corp.md');
    await indexer.updatePaths(['B Corp.md']);
    expect(await linkFrom('A sync.md', 'Quinn')).toMatchObject({ type: 'attended' });
  });

  it('deleting a link target re-types the links into it; creating it types them again', async () => {
    await write('Zeta Corp.md', '---\nindustry: software\n---\n# Zeta Corp\n\nMakes boats.\n');
    const indexer = makeIndexer();
    await indexer.run();
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'attended' });
    await fs.rm(path.join(vault, 'Zoe.md'));
    await indexer.updatePaths(['Zoe.md']);
    // A missing note nobody says is a person: the weak meeting rule no longer holds.
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'mentions', direction: 'out' });
    await write('Zoe.md', '---\ntype: person\n---\n# Zoe\n');
    await indexer.updatePaths(['Zoe.md']);
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'attended', direction: 'in' });
  });

  it('a missing note is typed by what the links to it say (a deleted person others name as staff still attends)', async () => {
    const indexer = makeIndexer();
    await indexer.run();
    await fs.rm(path.join(vault, 'Zoe.md'));
    await indexer.updatePaths(['Zoe.md']);
    // Zeta Corp still says "[[Zoe]] used to work here as CTO": Zoe is a person, missing or not.
    expect(await linkFrom('A sync.md', 'Zoe')).toMatchObject({ type: 'attended' });
    expect(await linkFrom('Zeta Corp.md', 'Zoe')).toEqual({ type: 'works_at', direction: 'in', past: true });
  });

  it('a run cut short between its writes and its re-typing: the next run re-types every link, even with nothing to index', async () => {
    await makeIndexer().run();
    expect(await engine.getMeta('retype_pending')).toBe('0');
    // What a run killed after writing and before re-typing leaves: a link typed against an end not yet known,
    // and the flag the run set before its first write.
    const stale = (await engine.linkTypingRows(['A sync.md'])).find((r) => r.fromPath === 'A sync.md' && r.targetText === 'Zoe')!;
    await engine.setLinkTypes([{ id: stale.id, type: 'mentions', direction: 'out', evidence: null, past: false }]);
    await engine.setMeta('retype_pending', '1');
    const summary = await makeIndexer().run();
    expect(summary.indexed).toBe(0);
    expect(await linkFrom('A sync.md', 'Zoe')).toEqual({ type: 'attended', direction: 'in', past: false });
    expect(await engine.getMeta('retype_pending')).toBe('0');
  });

  it('an edit after a run cut short re-types every link too', async () => {
    const indexer = makeIndexer();
    await indexer.run();
    const stale = (await engine.linkTypingRows(['A sync.md'])).find((r) => r.fromPath === 'A sync.md' && r.targetText === 'Zoe')!;
    await engine.setLinkTypes([{ id: stale.id, type: 'mentions', direction: 'out', evidence: null, past: false }]);
    await engine.setMeta('retype_pending', '1');
    await write('Zeta Corp.md', '---\nindustry: software\n---\n# Zeta Corp\n\n[[Zoe]] used to work here as CTO. Now in Lisbon.\n');
    await touchLater(vault, 'Zeta Corp.md');
    await indexer.updatePaths(['Zeta Corp.md']);
    expect(await linkFrom('A sync.md', 'Zoe')).toEqual({ type: 'attended', direction: 'in', past: false });
    expect(await engine.getMeta('retype_pending')).toBe('0');
  });

  it('a run cut short while notes moved: links it pointed at a listed note that was gone before its page are resolved again', async () => {
    await makeIndexer().run();
    // What such a run leaves: a link to the path the note had when it was listed (no page there), and its marks.
    const link = (await engine.outgoingLinks('A sync.md')).find((x) => x.targetText === 'Zoe')!;
    await engine.setLinkTargets([{ id: link.id, toPath: 'people/Zoe.md' }]);
    await engine.setMeta('resolution_pending', '1');
    await engine.setMeta('retype_pending', '1');
    await write('Zoe.md', '---\nemail: zoe@example.org\n---\n# Zoe\n\nLikes sailing. And rowing.\n');
    await touchLater(vault, 'Zoe.md');
    const summary = await makeIndexer().run();
    expect(summary.relinked).toBeGreaterThan(0);
    expect((await engine.outgoingLinks('A sync.md')).find((x) => x.targetText === 'Zoe')?.to).toBe('Zoe.md');
    expect(await linkFrom('A sync.md', 'Zoe')).toEqual({ type: 'attended', direction: 'in', past: false });
    expect(await engine.getMeta('resolution_pending')).toBe('0');
  });
});

