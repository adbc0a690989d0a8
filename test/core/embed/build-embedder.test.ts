// The build script on a small synthetic input in the wink format (the real 300 MB input takes ~20 s
// and is exercised by the built-in embedder tests through the generated asset).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbedderAssetError, parseEmbedderAsset } from '../../../src/core/embed/embedder-asset-format';
import { loadBuiltinEmbedder } from '../../../src/core/embed/builtin-embedder';

const script = resolve(__dirname, '../../../scripts/build-embedder.mjs');
let dir: string;
let input: string;
const DIMS = 8;

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296 - 0.5;
  };
}

/** words: punctuation and upper case mixed in, which the script must skip. */
function syntheticInput(): { words: string[] } {
  const rand = lcg(42);
  const words = ['the', ',', 'of', '.', 'notes', 'Note', 'café', 'co-founder', '(', 'meeting'];
  for (let i = 0; words.length < 300; i++) words.push(`w${i.toString(36)}x`);
  const vectors: Record<string, number[]> = {};
  words.forEach((w, i) => {
    const v = Array.from({ length: DIMS }, () => Math.round(rand() * 2e5) / 1e5);
    vectors[w] = [...v, Math.hypot(...v), i];
  });
  writeFileSync(input, JSON.stringify({ precision: 5, l2NormIndex: DIMS, wordIndex: DIMS + 1, size: words.length, dimensions: DIMS, words, vectors, unkVector: [] }));
  return { words };
}

function build(out: string, ...extra: string[]): string {
  return execFileSync(process.execPath, [script, `--input=${input}`, `--out=${out}`, ...extra], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

let built: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vb-embed-build-'));
  input = join(dir, 'input.json');
  syntheticInput();
  built = join(dir, 'a.bin');
  build(built, '--words=100');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/build-embedder.mjs', () => {
  it('keeps the first N word-like entries in frequency order, with their original ranks', () => {
    const asset = parseEmbedderAsset(new Uint8Array(readFileSync(built)), { verifyChecksum: true });
    expect(asset.dims).toBe(DIMS);
    expect(asset.count).toBe(100);
    expect(asset.totalVocab).toBe(300);
    expect(asset.words.slice(0, 6)).toEqual(['the', 'of', 'notes', 'café', 'co-founder', 'meeting']);
    expect(Array.from(asset.ranks.slice(0, 6))).toEqual([0, 2, 4, 6, 7, 9]);
    expect(asset.components).toHaveLength(1);
    const u = asset.components[0]!;
    expect(Math.hypot(...u)).toBeCloseTo(1, 5);
  });

  it('rotates and quantizes without changing the geometry: norms and cosines stay close to the float vectors', () => {
    // A fine step, so that the rounding error (large with 8 dimensions) does not hide a wrong rotation.
    const fine = join(dir, 'fine.bin');
    build(fine, '--words=100', '--step=0.05');
    const asset = parseEmbedderAsset(new Uint8Array(readFileSync(fine)), { verifyChecksum: true });
    const source = JSON.parse(readFileSync(input, 'utf8')) as { vectors: Record<string, number[]> };
    const float = asset.words.map((w) => source.vectors[w]!.slice(0, DIMS));
    const quantized = asset.words.map((_, i) => Array.from({ length: DIMS }, (_, d) => asset.matrix[i * DIMS + d]! * asset.scales[i]!));
    const dot = (a: number[], b: number[]): number => a.reduce((s, x, d) => s + x * b[d]!, 0);
    const cos = (a: number[], b: number[]): number => dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
    let worst = 0;
    for (let i = 0; i < asset.count; i++) {
      // 8 dimensions only: each value's rounding weighs more than in the real 100-d asset.
      const ratio = Math.hypot(...quantized[i]!) / Math.hypot(...float[i]!);
      expect(ratio).toBeGreaterThan(0.97);
      expect(ratio).toBeLessThan(1.03);
      for (let j = i + 1; j < asset.count; j += 7) worst = Math.max(worst, Math.abs(cos(quantized[i]!, quantized[j]!) - cos(float[i]!, float[j]!)));
    }
    expect(worst).toBeLessThan(0.04);
    // The rotation is not the identity: the stored vectors are on other axes than the source's.
    expect(cos(quantized[0]!, float[0]!)).toBeLessThan(0.99);
  });

  it('trades size for precision with --step, packing columns that fit in 4 bits two values to a byte', () => {
    const coarse = join(dir, 'coarse.bin');
    const finer = join(dir, 'finer.bin');
    build(coarse, '--words=100', '--step=1');
    build(finer, '--words=100', '--step=0.2');
    const fine = parseEmbedderAsset(new Uint8Array(readFileSync(finer)), { verifyChecksum: true });
    const rough = parseEmbedderAsset(new Uint8Array(readFileSync(coarse)), { verifyChecksum: true });
    const spread = (m: Int8Array): number => new Set(m).size;
    expect(spread(rough.matrix)).toBeLessThan(spread(fine.matrix));
    expect(rough.words).toEqual(fine.words);
    // At step 1 every value of 8 dimensions is within +-3 (|x| <= sqrt(8) RMS): every column is packed; at 0.2
    // some values exceed [-8, 7] and their columns stay int8.
    expect(Math.min(...rough.matrix)).toBeGreaterThanOrEqual(-8);
    expect(Math.max(...rough.matrix)).toBeLessThanOrEqual(7);
    expect(fine.matrix.some((q) => q < -8 || q > 7)).toBe(true);
    expect(statSync(finer).size - statSync(coarse).size).toBe((DIMS * 100) / 2);
    // Unpacked in the right order: each coarse vector is the fine one, rounded more.
    const cos = (m: Int8Array, n: Int8Array, i: number): number => {
      let dot = 0;
      let a = 0;
      let b = 0;
      for (let d = 0; d < DIMS; d++) {
        dot += m[i * DIMS + d]! * n[i * DIMS + d]!;
        a += m[i * DIMS + d]! ** 2;
        b += n[i * DIMS + d]! ** 2;
      }
      return dot / Math.sqrt(a * b);
    };
    let sum = 0;
    for (let i = 0; i < 100; i++) sum += cos(rough.matrix, fine.matrix, i);
    expect(sum / 100).toBeGreaterThan(0.9);
    expect(() => build(join(dir, 'z.bin'), '--step=0')).toThrow();
    expect(() => build(join(dir, 'z.bin'), '--step=abc')).toThrow();
    // Values beyond int8 are refused, not clipped.
    expect(() => build(join(dir, 'z.bin'), '--words=100', '--step=0.01')).toThrow(/too small/);
  });

  it('is deterministic and skips rebuilding an up-to-date output', () => {
    const again = join(dir, 'd.bin');
    build(again, '--words=100', '--force');
    expect(Buffer.compare(readFileSync(built), readFileSync(again))).toBe(0);
    const future = new Date(Date.now() + 60_000);
    utimesSync(again, future, future);
    const before = statSync(again).mtimeMs;
    expect(build(again, '--words=100')).toMatch(/up to date/);
    expect(statSync(again).mtimeMs).toBe(before);
  });

  it('produces an asset the runtime loads and uses', async () => {
    const e = loadBuiltinEmbedder(new Uint8Array(readFileSync(built)), { verifyChecksum: true });
    expect(e.dims).toBe(DIMS);
    expect(e.knownWords('The NOTES of the co-founder, at a Café')).toEqual(['the', 'notes', 'of', 'the', 'co-founder', 'café']);
    // Accents are stripped from the query as a fallback, never added.
    expect(e.knownWords('cafe')).toEqual([]);
    const [v] = await e.embed(['notes meeting']);
    expect(Math.hypot(...v!)).toBeCloseTo(1, 5);
  });

  it('fails loudly on bad arguments and bad input', () => {
    expect(() => build(join(dir, 'x.bin'), '--words=abc')).toThrow();
    writeFileSync(join(dir, 'bad.json'), '{"hello": 1}');
    expect(() =>
      execFileSync(process.execPath, [script, `--input=${join(dir, 'bad.json')}`, `--out=${join(dir, 'y.bin')}`], { stdio: 'pipe' }),
    ).toThrow();
  });
});

describe('parseEmbedderAsset', () => {
  let bytes: Uint8Array;
  beforeAll(() => {
    bytes = new Uint8Array(readFileSync(built));
  });

  it('reads the asset at any byte offset', () => {
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const asset = parseEmbedderAsset(shifted.subarray(3), { verifyChecksum: true });
    expect(asset.count).toBe(100);
  });

  it('rejects truncated, foreign, corrupt and random bytes', () => {
    expect(() => parseEmbedderAsset(new Uint8Array(0))).toThrow(EmbedderAssetError);
    expect(() => parseEmbedderAsset(bytes.subarray(0, bytes.length - 1))).toThrow(/size/);
    const foreign = bytes.slice();
    foreign[0] = 0x50;
    expect(() => parseEmbedderAsset(foreign)).toThrow(/magic/);
    const corrupt = bytes.slice();
    corrupt[corrupt.length - 5] = corrupt[corrupt.length - 5]! ^ 0x11;
    expect(() => parseEmbedderAsset(corrupt)).not.toThrow();
    expect(() => parseEmbedderAsset(corrupt, { verifyChecksum: true })).toThrow(/checksum/);
    const future = bytes.slice();
    future[4] = 99;
    expect(() => parseEmbedderAsset(future)).toThrow(/version/);
    const rand = lcg(7);
    const noise = Uint8Array.from({ length: 5000 }, () => Math.floor((rand() + 0.5) * 256));
    noise.set([0x56, 0x42, 0x45, 0x4d, 3, 0, 0, 0], 0);
    expect(() => parseEmbedderAsset(noise)).toThrow(EmbedderAssetError);
    const v2 = bytes.slice();
    v2[4] = 2;
    expect(() => parseEmbedderAsset(v2)).toThrow(/version 2/);
    // The column widths (after the components; each column packed at step 1 here) must be 4 or 8.
    const widthsAt = bytes.length - (DIMS * 100) / 2 - DIMS;
    expect(Array.from(bytes.subarray(widthsAt, widthsAt + DIMS))).toEqual(new Array(DIMS).fill(4));
    const badWidth = bytes.slice();
    badWidth[widthsAt] = 5;
    expect(() => parseEmbedderAsset(badWidth)).toThrow(/column width/);
    const wider = bytes.slice();
    wider[widthsAt] = 8;
    expect(() => parseEmbedderAsset(wider)).toThrow(/size/);
  });

  it('rejects a word list or ranks that do not match the header', () => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const blobBytes = view.getUint32(32, true);
    // The separator after the first word becomes a letter: one word too few.
    const merged = bytes.slice();
    merged[64 + merged.subarray(64).indexOf(0x0a)] = 0x78;
    expect(() => parseEmbedderAsset(merged)).toThrow(/100 words/);
    const empty = bytes.slice();
    empty.set([0x0a, 0x0a, 0x0a, 0x0a], 64);
    expect(() => parseEmbedderAsset(empty)).toThrow(EmbedderAssetError);
    const binary = bytes.slice();
    binary[65] = 0xff;
    expect(() => parseEmbedderAsset(binary)).toThrow(/UTF-8/);
    // Rank deltas start after the word blob (padded to 4); a zero delta after the first means a repeated rank.
    const ranksAt = 64 + ((blobBytes + 3) & ~3);
    const repeated = bytes.slice();
    new DataView(repeated.buffer).setUint32(ranksAt + 8, 0, true);
    expect(() => parseEmbedderAsset(repeated)).toThrow(/rank/);
    const beyond = bytes.slice();
    new DataView(beyond.buffer).setUint32(ranksAt + 8, 1e6, true);
    expect(() => parseEmbedderAsset(beyond)).toThrow(/bad entry/);
  });
});
