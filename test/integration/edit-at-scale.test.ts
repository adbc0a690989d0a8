// A one-note edit on a larger vault, then a search: what the edit and the search read must not grow with the
// vault. At 10k notes in the plugin a search after an edit took 6 s, because BM25's corpus statistics and the
// embedded-vector count were recounted over the whole chunks table after every write (60 MB, each page a call
// into OPFS). A behaviour test, not a timed one: it counts the sequential scans Postgres made of `chunks`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { generateVault } from '../../bench/generate-vault.mjs';
import { Brain } from '../../src/core/brain';
import type { Embedder } from '../../src/core/embed/embedder';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import { createRegistry } from '../../src/core/ops';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import { touchLater } from '../helpers/vault-files';

/** A local 8-d embedder from character counts: enough for vectors, a vector index and a vector arm. */
class CharEmbedder implements Embedder {
  readonly id = 'test:chars8';
  readonly dims = 8;
  readonly maxBatch = 256;
  readonly local = true;
  embed(texts: string[]): Promise<Float32Array[]> {
    return Promise.resolve(
      texts.map((t) => {
        const v = new Float32Array(8);
        for (let i = 0; i < t.length; i++) v[t.charCodeAt(i) % 8]! += 1;
        return v;
      }),
    );
  }
}

let tmp: string;
let vault: string;
let engine: PGliteEngine;
let brain: Brain;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-edit-scale-'));
  vault = path.join(tmp, 'vault');
  generateVault({ out: vault, notes: 600, seed: 7 });
  engine = await PGliteEngine.open({});
  // Low enough that the vector index is built and used, as at 10k notes with the real threshold.
  engine.exactScanThreshold = 200;
  brain = new Brain({ engine, source: new FsVaultSource(vault), filter: new PathFilter(defaultRules('.obsidian')), embedder: new CharEmbedder() });
  await brain.index();
}, 300_000);

afterAll(async () => {
  await engine?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** Sequential scans of `chunks` so far (the statistics are flushed first). */
async function chunkSeqScans(): Promise<number> {
  await engine.db.query('select pg_stat_force_next_flush()');
  const r = await engine.db.query<{ n: string }>(`select seq_scan::text as n from pg_stat_user_tables where relname = 'chunks'`);
  return Number(r.rows[0]?.n ?? 0);
}

describe('a one-note edit on a larger vault', () => {
  it('becomes searchable (keyword and vector arms) without reading the whole chunks table', async () => {
    const registry = createRegistry({});
    const search = (query: string): ReturnType<typeof registry.call<'search'>> => registry.call('search', { query, limit: 5 }, { brain, remote: false });
    const hnsw = await engine.db.query(`select 1 from pg_indexes where indexname = 'chunks_hnsw_8'`);
    expect(hnsw.rows).toHaveLength(1);
    // Warm the caches a search keeps between writes, as a plugin that has been searched does.
    await search('meeting notes about the roadmap');

    const pages = (await engine.getPageStates()).map((s) => s.path).filter((p) => p.endsWith('.md'));
    for (let i = 0; i < 3; i++) {
      const rel = pages[(i * 97) % pages.length]!;
      await fs.appendFile(path.join(vault, rel), `\n\nEdited with the word zqxedit${i} about the roadmap.\n`);
      await touchLater(vault, rel);
      const before = await chunkSeqScans();
      await brain.updatePaths([rel]);
      const found = await search(`zqxedit${i} roadmap`);
      expect(found.results.map((r) => r.path)).toContain(rel);
      expect(await chunkSeqScans()).toBe(before);
    }
  }, 300_000);

  it('keeps the per-page chunk totals equal to the chunk rows, and every row with its page, through edits, deletes and renames', async () => {
    const pages = (await engine.getPageStates()).map((s) => s.path).filter((p) => p.endsWith('.md'));
    await fs.writeFile(path.join(vault, pages[1]!), '# Short now\n\nOne line.\n');
    await touchLater(vault, pages[1]!);
    await fs.rm(path.join(vault, pages[2]!));
    await brain.updatePaths([pages[1]!, pages[2]!]);
    await fs.rename(path.join(vault, pages[3]!), path.join(vault, 'renamed.md'));
    await brain.rename(pages[3]!, 'renamed.md');
    const r = await engine.db.query<{ stats: string; rows: string; per_page_mismatch: string }>(
      `select (select sum(chunks)::text || '/' || sum(tokens)::text from page_chunk_stats) as stats,
              (select count(*)::text || '/' || sum(token_estimate)::text from chunks) as rows,
              (select count(*)::text from page_chunk_stats s
                 full join (select page, count(*) as n from chunks group by page) c on c.page = s.path
               where s.chunks is distinct from c.n and not (s.chunks = 0 and c.n is null)) as per_page_mismatch`,
    );
    expect(r.rows[0]!.stats).toBe(r.rows[0]!.rows);
    expect(r.rows[0]!.per_page_mismatch).toBe('0');
    // PGlite's page writes skip the per-row foreign-key checks (their rows reference pages written just before):
    // no row is left without its page, and the keys are still enforced for any other write.
    const orphans = await engine.db.query<{ n: string }>(
      `select ((select count(*) from chunks c where not exists (select 1 from pages p where p.path = c.page))
             + (select count(*) from links l where not exists (select 1 from pages p where p.path = l.from_path))
             + (select count(*) from page_names n where not exists (select 1 from pages p where p.path = n.path))
             + (select count(*) from timeline_entries t where not exists (select 1 from pages p where p.path = t.page))
             + (select count(*) from page_chunk_stats s where not exists (select 1 from pages p where p.path = s.path)))::text as n`,
    );
    expect(orphans.rows[0]!.n).toBe('0');
    await expect(
      engine.db.query(`insert into chunks (page, ord, text, char_start, char_end, start_line, end_line, kind, hash, tsv_en) values ('nowhere.md', 0, '', 0, 0, 1, 1, 'prose', 'h', '')`),
    ).rejects.toThrow(/foreign key/);
  }, 120_000);
});
