// Parsing in worker threads (core/index/parse-pool.ts, node/parse-pool.ts): a run whose batches are parsed in the
// pool while the previous batch is written stores exactly what the serial run stores, note for note, with link
// resolution and typing that rest on notes of earlier batches (aliases, types); a pool whose worker dies leaves
// the parse to the indexer's thread.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeChunker, type TreeSitterCodeChunker } from '../../src/core/chunk/code-chunker';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import type { PageWrite } from '../../src/core/engine/brain-engine';
import { Indexer } from '../../src/core/index/indexer';
import type { ParsePoolFactory } from '../../src/core/index/parse-pool';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';
import { nodeParsePool } from '../../src/node/parse-pool';
import { nodeWasmLoader } from '../../src/node/tree-sitter-wasm';

let dir: string;
let script: string;
let chunker: TreeSitterCodeChunker;

beforeAll(async () => {
  // Inside the repository, so the bundle's external packages resolve from its node_modules.
  const artifacts = path.join(__dirname, '../../test-artifacts');
  mkdirSync(artifacts, { recursive: true });
  dir = mkdtempSync(path.join(artifacts, 'parse-pool-'));
  script = path.join(dir, 'parse-worker.cjs');
  // The worker as the build makes it (esbuild.config.mjs), from the sources under test.
  await esbuild.build({
    entryPoints: [path.join(__dirname, '../../src/node/parse-worker.ts')],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: script,
    logLevel: 'error',
  });
  chunker = await createCodeChunker({ loadWasm: nodeWasmLoader });
}, 60_000);

afterAll(() => {
  chunker.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const enc = new TextEncoder();

/** A vault whose later notes' links resolve and type through earlier and later notes' aliases and types. */
function vault(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const put = (p: string, text: string | Uint8Array): void => void files.set(p, typeof text === 'string' ? enc.encode(text) : text);
  for (let i = 0; i < 40; i++) {
    const n = String(i).padStart(2, '0');
    // Aliases and types given in one batch, linked to by name from the other batches (before and after).
    put(
      `people/Person ${n}.md`,
      `---\ntype: person\naliases: [P${n}, "Pers ${n}"]\n---\n# Person ${n}\n\nWorks at [[Org ${String((i + 3) % 40).padStart(2, '0')}]]. Met [[P${String((i + 7) % 40).padStart(2, '0')}]] at [[Meeting ${n}]].\n\n## Timeline\n\n- 2024-0${(i % 9) + 1}-01: joined [[Org alias ${(i + 11) % 40}]]\n`,
    );
    put(
      `orgs/Org ${n}.md`,
      `---\ntype: ${i % 2 === 0 ? 'company' : 'organization'}\naliases: ["Org alias ${i}"]\n---\n# Org ${n}\n\n[[Pers ${String((i + 5) % 40).padStart(2, '0')}]] works here. Founded by [[Person ${String((i + 13) % 40).padStart(2, '0')}]].\n\n\`\`\`ts\nexport function f${i}(x: number): number {\n  return x * ${i};\n}\n\`\`\`\n`,
    );
    put(`Meeting ${n}.md`, `# Meeting ${n}\n\nAttendees: [[P${n}]], [[Person ${String((i + 1) % 40).padStart(2, '0')}]]\n\nWe decided to use [[Org ${n}]] #topic/${i % 5}.\n`);
  }
  put('bad utf8.md', new Uint8Array([0x23, 0x20, 0x42, 0xff, 0xfe, 0x0a, 0x61]));
  put('binary.md', new Uint8Array([0x61, 0x00, 0x62]));
  put('code/tool.py', 'def tool(x):\n    return x + 1\n\nclass Thing:\n    pass\n');
  return files;
}

function source(files: Map<string, Uint8Array>): VaultSource {
  const stat = (p: string): VaultFile => ({ path: p, size: files.get(p)!.byteLength, mtime: 1 });
  return {
    list: async () => [...files.keys()].map(stat),
    stat: async (p) => (files.has(p) ? stat(p) : null),
    read: async (p) => files.get(p)!.slice(),
  };
}

/** One full run into a fresh store: every batch's page writes as the engine got them, and the stored rows. */
async function run(parsePool?: ParsePoolFactory): Promise<{ writes: PageWrite[][]; rows: unknown }> {
  const engine = await PGliteEngine.open({});
  try {
    const writes: PageWrite[][] = [];
    const putPages = engine.putPages.bind(engine);
    engine.putPages = async (pages) => {
      writes.push(structuredClone(pages));
      return putPages(pages);
    };
    const indexer = new Indexer({
      store: engine,
      source: source(vault()),
      filter: new PathFilter(defaultRules('.obsidian')),
      codeChunker: chunker,
      batchSize: 7,
      ...(parsePool ? { parsePool, parsePoolMinNotes: 1 } : {}),
    });
    const summary = await indexer.run();
    expect(summary.indexed).toBe(122);
    const q = async (sql: string): Promise<unknown[]> => (await engine.db.query(sql)).rows;
    const rows = {
      pages: await q(`select path, title, type, aliases, tags, frontmatter, compiled_truth, warnings, chunk_digest from pages order by path`),
      links: await q(`select from_path, to_path, target_text, type, direction, evidence, past, line, char_offset from links order by from_path, char_offset, id`),
      chunks: await q(`select page, ord, kind, language, symbol, hash, tsv_en::text as tsv from chunks order by page, ord`),
      timeline: await q(`select page, date, summary from timeline_entries order by page, line`),
      files: await q(`select path, status, reason from files order by path`),
    };
    return { writes, rows };
  } finally {
    await engine.close();
  }
}

describe('parse pool', () => {
  it('stores note for note what the serial run stores, batch by batch, links resolved and typed through other batches', async () => {
    const serial = await run();
    let started = 0;
    let parsed = 0;
    let deferred = 0;
    const factory = nodeParsePool({ script, workers: 2 });
    const pooled = await run((ctx) => {
      started++;
      const pool = factory(ctx)!;
      return {
        parse: async (jobs, change) => {
          const outcomes = await pool.parse(jobs, change);
          for (const o of outcomes) if ('deferred' in o) deferred++;
            else parsed++;
          return outcomes;
        },
        close: () => pool.close(),
      };
    });
    expect(started).toBe(1);
    // Every file the run read was parsed in the pool, but the 40 notes with code fences and the code file, which
    // the indexer's thread parses with its code chunker.
    expect(parsed).toBe(123 - 41);
    expect(deferred).toBe(41);
    expect(pooled.writes.length).toBe(serial.writes.length);
    for (let b = 0; b < serial.writes.length; b++) expect(pooled.writes[b]).toEqual(serial.writes[b]);
    expect(pooled.rows).toEqual(serial.rows);
    // The vault exercises what the parse reads from other notes: links through aliases, typed relations, code.
    const links = (serial.rows as { links: { to_path: string | null; type: string }[] }).links;
    expect(links.some((l) => l.to_path?.startsWith('people/') && l.type !== 'mentions')).toBe(true);
    expect((serial.rows as { chunks: { language: string | null }[] }).chunks.some((c) => c.language === 'typescript')).toBe(true);
  }, 120_000);

  it('parses in the indexer thread when a worker dies, storing the same', async () => {
    const broken = path.join(dir, 'broken-worker.cjs');
    writeFileSync(broken, 'process.exit(3);\n');
    const serial = await run();
    const pooled = await run(nodeParsePool({ script: broken, workers: 1 }));
    expect(pooled.rows).toEqual(serial.rows);
  }, 120_000);

  it('gives no pool when the worker bundle is missing (the TypeScript sources)', () => {
    expect(nodeParsePool({ script: path.join(dir, 'absent.cjs') })({ targets: [], types: [], codeChunking: false, maxFileBytes: 1 })).toBeNull();
  });
});
