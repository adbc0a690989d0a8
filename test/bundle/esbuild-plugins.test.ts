// The build pipeline end to end on small inputs: assets -> deflate -> text -> placeholder substitution ->
// worker bundle -> string inside the plugin bundle -> evaluated -> decoded bytes equal the originals.
import esbuild from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildWorker,
  EMBEDDED_GRAMMARS,
  escapeBeyondLatin1,
  quoteForLiteral,
  substituteTokens,
  workerSourcePlugin,
  type AssetSource,
} from '../../scripts/esbuild-plugins.mjs';
import { GRAMMAR_FILES, GRAMMAR_STAND_INS, MAIN_LANGUAGES } from '../../src/core/chunk/languages';

const dir = mkdtempSync(join(tmpdir(), 'vb-plugins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

function randomBytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const text = new TextEncoder().encode('the quick brown fox\n'.repeat(2000) + 'é"\\\n\r\u2028 end');
const random = randomBytes(30_000, 9);
const assets: AssetSource[] = [
  { name: 'text.txt', path: file('text.txt', text), codec: 'deflate-raw' },
  { name: 'random.bin', path: file('random.bin', random), codec: 'deflate-raw' },
  { name: 'stored.gz', path: file('stored.gz', random.subarray(0, 999)), codec: 'raw' },
  { name: 'empty.bin', path: file('empty.bin', new Uint8Array(0)), codec: 'deflate-raw' },
  // zstd (decoded by zstddec's wasm in the worker): compressible, incompressible and empty input.
  { name: 'text.zst.txt', path: file('text.zst.txt', text), codec: 'zstd' },
  { name: 'random.zst.bin', path: file('random.zst.bin', random), codec: 'zstd' },
  { name: 'empty.zst.bin', path: file('empty.zst.bin', new Uint8Array(0)), codec: 'zstd' },
];
const assetOptions = { assets, cacheDir: join(dir, 'cache') };
const entry = 'test/bundle/fixtures/asset-worker-entry.ts';

/**
 * Runs a worker script in a bare context with the web APIs a worker has; returns the decoded assets. importScripts
 * runs the blob's text in the same context, as a worker does (the bootstrap loads the inflated code with it).
 */
async function runWorkerCode(code: string): Promise<Record<string, Uint8Array>> {
  const blobs = new Map<string, Uint8Array>();
  const CapturingURL = class extends URL {
    static override createObjectURL(blob: Blob): string {
      const url = `blob:test/${blobs.size}`;
      const parts = (blob as Blob & { parts?: Uint8Array[] }).parts ?? [];
      blobs.set(url, Buffer.concat(parts));
      return url;
    }
    static override revokeObjectURL(url: string): void {
      blobs.delete(url);
    }
  };
  const CapturingBlob = class extends Blob {
    readonly parts: Uint8Array[];
    constructor(parts: Uint8Array[], options?: BlobPropertyBag) {
      super(parts as BlobPart[], options);
      this.parts = parts;
    }
  };
  const context = vm.createContext({ Blob: CapturingBlob, Response, fetch, DecompressionStream, TextDecoder, TextEncoder, URL: CapturingURL, console });
  const loaded: string[] = [];
  context.importScripts = (url: string): void => {
    const bytes = blobs.get(url);
    if (!bytes) throw new Error(`importScripts: no blob at ${url}`);
    loaded.push(url);
    vm.runInContext(Buffer.from(bytes).toString('utf8'), context);
  };
  vm.runInContext('globalThis.self = globalThis;', context);
  vm.runInContext(code, context);
  expect(loaded).toHaveLength(1);
  expect(blobs.size).toBe(0);
  return (await (context as { assets: Promise<Record<string, Uint8Array>> }).assets) ?? {};
}

function same(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

describe('esbuild plugins', () => {
  it("embeds a grammar for each main language: its own, or its stand-in's", () => {
    const needed = new Set(MAIN_LANGUAGES.map((l) => GRAMMAR_FILES[GRAMMAR_STAND_INS[l] ?? l]));
    expect([...EMBEDDED_GRAMMARS].sort()).toEqual([...needed].sort());
  });

  it('builds a worker whose embedded assets decode to the original bytes (twice: cold and cached)', async () => {
    for (let round = 0; round < 2; round++) {
      const worker = await buildWorker({ entry, assetOptions });
      expect(worker.assets.map((a) => a.name)).toEqual(assets.map((a) => a.name));
      expect(worker.code).not.toContain('__vault_brain_');
      expect([...worker.code].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
      const decoded = await runWorkerCode(worker.code);
      expect(same(decoded['text.txt'], text)).toBe(true);
      expect(same(decoded['random.bin'], random)).toBe(true);
      expect(same(decoded['stored.gz'], random.subarray(0, 999))).toBe(true);
      expect(decoded['empty.bin']?.length).toBe(0);
      expect(same(decoded['text.zst.txt'], text)).toBe(true);
      expect(same(decoded['random.zst.bin'], random)).toBe(true);
      expect(decoded['empty.zst.bin']?.length).toBe(0);
      expect(worker.assets.find((a) => a.name === 'text.zst.txt')?.codec).toBe('zstd');
      expect(worker.assets.find((a) => a.name === 'text.zst.txt')!.storedBytes).toBeLessThan(text.length / 20);
      const textAsset = worker.assets.find((a) => a.name === 'text.txt')!;
      expect(textAsset.storedBytes).toBeLessThan(text.length / 20);
      // The code is shipped deflated: its text is much smaller than the code, and the script holds no plain code.
      expect(worker.workerCode.storedBytes).toBeLessThan(worker.workerCode.size * 0.6);
      expect(worker.code).not.toContain('is not embedded in this build');
    }
  });

  it('puts the worker into the plugin bundle as a string, written and in memory', async () => {
    const outfile = join(dir, 'out/main.js');
    const options = {
      stdin: { contents: "import { WORKER_SOURCE } from './src/obsidian/bridge/worker-source'; module.exports = WORKER_SOURCE;", resolveDir: join(__dirname, '../..'), loader: 'ts' as const },
      bundle: true,
      format: 'cjs' as const,
      minify: true,
      logLevel: 'silent' as const,
    };
    const written = await esbuild.build({ ...options, outfile, plugins: [workerSourcePlugin({ entry, assetOptions })] });
    expect(written.errors).toEqual([]);
    const inMemory = await esbuild.build({ ...options, write: false, plugins: [workerSourcePlugin({ entry, assetOptions })] });
    const memoryText = inMemory.outputFiles?.[0]?.text ?? '';
    for (const main of [readFileSync(outfile, 'utf8'), memoryText]) {
      expect(main).not.toContain('__vault_brain_');
      const module = { exports: '' as unknown };
      vm.runInNewContext(main, { module });
      const workerSource = module.exports as string;
      expect(workerSource.length).toBeGreaterThan(10_000);
      const decoded = await runWorkerCode(workerSource);
      expect(same(decoded['random.bin'], random)).toBe(true);
    }
  });

  it('substitutes each placeholder once, only inside double quotes', () => {
    expect(substituteTokens('a="T1";b="T2"', [['T1', 'x'], ['T2', 'y']])).toBe('a="x";b="y"');
    expect(() => substituteTokens('a="T1";b="T1"', [['T1', 'x']])).toThrow(/more than once/);
    expect(() => substituteTokens("a='T1'", [['T1', 'x']])).toThrow(/double-quoted/);
    expect(() => substituteTokens('a=1', [['T1', 'x']])).toThrow(/missing/);
  });

  it('quotes code for a string literal and keeps it one-byte', () => {
    const code = 'var s = "a\\\\b\'c`${d}`\\n\\r\u2028é"; var r = /[日号]/y; var e = "😀";';
    const quoted = quoteForLiteral(escapeBeyondLatin1(code));
    expect([...quoted].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    const value = vm.runInNewContext(`"${quoted}"`) as string;
    expect(value).toBe(escapeBeyondLatin1(code));
    const result = vm.runInNewContext(`${value}; [s, r.test("号"), e.length]`) as unknown[];
    expect(result).toEqual(['a\\b\'c`${d}`\n\r\u2028é', true, 2]);
  });
});
