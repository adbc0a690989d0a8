import vm from 'node:vm';
import { randomBytes } from '../helpers/random-bytes';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ESCAPED as ENCODER_ESCAPED, EXTRA_BITS as ENCODER_EXTRA_BITS, encodeBinaryText } from '../../scripts/asset-codec.mjs';
import { assetNames, hasAsset, loadAsset, MissingAssetError, type AssetTable } from '../../src/obsidian/assets/bundle-assets';
import { BinaryTextError, decodeBinaryText, ESCAPED, EXTRA_BITS } from '../../src/obsidian/assets/binary-text';

const random = randomBytes;

/** Bytes the encoder reads as `group` followed by EXTRA_BITS bits, over and over (worst case: all escaped). */
function repeatedGroups(group: number, groups: number): Uint8Array {
  let bits = '';
  for (let i = 0; i < groups; i++) bits += group.toString(2).padStart(7, '0') + (i % (1 << EXTRA_BITS)).toString(2).padStart(EXTRA_BITS, '0');
  const out = new Uint8Array(Math.floor(bits.length / 8));
  for (let i = 0; i < out.length; i++) out[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  return out;
}

/** Byte equality without vitest's element-by-element diffing (slow on megabytes). */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(Buffer.from(actual), Buffer.from(expected))).toBe(0);
}

describe('binary text codec', () => {
  it('encoder and decoder escape the same groups', () => {
    expect(ENCODER_ESCAPED).toEqual([...ESCAPED]);
    expect(ENCODER_EXTRA_BITS).toBe(EXTRA_BITS);
    expect((ESCAPED.length << EXTRA_BITS) + 0x80).toBeLessThanOrEqual(0x100); // escapes stay Latin-1 characters
  });

  it.each([0, 1, 2, 6, 7, 8, 9, 63, 64, 1000, 65_537])('round-trips %i random bytes', (n) => {
    const bytes = random(n, n + 7);
    const text = encodeBinaryText(bytes);
    expectSameBytes(decodeBinaryText(text, n), bytes);
  });

  it('round-trips 1 MB at ~1.16x the size in UTF-8', () => {
    const bytes = random(1 << 20, 99);
    const text = encodeBinaryText(bytes);
    expectSameBytes(decodeBinaryText(text, bytes.length), bytes);
    const ratio = Buffer.byteLength(text, 'utf8') / bytes.length;
    expect(ratio).toBeGreaterThan(1.15);
    expect(ratio).toBeLessThan(1.17);
  });

  it.each(ESCAPED.map((g) => [g]))('round-trips data made only of escaped group %i', (g) => {
    const bytes = repeatedGroups(g, 101);
    const text = encodeBinaryText(bytes);
    expect([...text.slice(0, -1)].every((c) => c.charCodeAt(0) >= 0x80)).toBe(true);
    expectSameBytes(decodeBinaryText(text, bytes.length), bytes);
  });

  it('writes no character a string literal or esbuild would escape', () => {
    const text = encodeBinaryText(random(200_000, 3));
    const codes = new Set([...text].map((c) => c.charCodeAt(0)));
    for (const c of ESCAPED) expect(codes.has(c)).toBe(false);
    for (const c of codes) expect(c).toBeLessThan(0x80 + (ESCAPED.length << EXTRA_BITS));
  });

  it('is a valid double-quoted JS string literal with the same value', () => {
    const bytes = random(50_000, 5);
    const text = encodeBinaryText(bytes);
    const value = vm.runInNewContext(`"${text}"`) as string;
    expect(value).toBe(text);
    expectSameBytes(decodeBinaryText(value, bytes.length), bytes);
  });

  it('rejects text that is too short, foreign characters and bad lengths', () => {
    const text = encodeBinaryText(random(100));
    expect(() => decodeBinaryText(text.slice(0, 50), 100)).toThrow(BinaryTextError);
    expect(() => decodeBinaryText(`${text.slice(0, 10)}\u4e2d${text.slice(11)}`, 100)).toThrow(/unexpected character/);
    expect(() => decodeBinaryText(`${text.slice(0, 10)}\u00ff${text.slice(11)}`, 100)).toThrow(/unexpected character/);
    expect(() => decodeBinaryText(text, -1)).toThrow(BinaryTextError);
    expect(() => decodeBinaryText(text, 1.5)).toThrow(BinaryTextError);
    expect(decodeBinaryText('', 0)).toEqual(new Uint8Array(0));
  });
});

describe('embedded assets', () => {
  const plain = new TextEncoder().encode('hello '.repeat(5000));
  const deflated = new Uint8Array(deflateRawSync(plain, { level: 9 }));
  const table: AssetTable = {
    'a.txt': { size: plain.length, storedBytes: deflated.length, codec: 'deflate-raw', text: encodeBinaryText(deflated) },
    'b.bin': { size: 300, storedBytes: 300, codec: 'raw', text: encodeBinaryText(random(300, 11)) },
    'short.bin': { size: plain.length + 1, storedBytes: deflated.length, codec: 'deflate-raw', text: encodeBinaryText(deflated) },
    'corrupt.bin': { size: 1000, storedBytes: 64, codec: 'deflate-raw', text: encodeBinaryText(random(64, 13)) },
  };

  it('inflates deflate-raw assets and passes raw ones through', async () => {
    expectSameBytes(await loadAsset('a.txt', table), plain);
    expectSameBytes(await loadAsset('b.bin', table), random(300, 11));
    expect(assetNames(table)).toEqual(['a.txt', 'b.bin', 'short.bin', 'corrupt.bin']);
  });

  it('reports missing, truncated and corrupt assets', async () => {
    expect(hasAsset('toString', table)).toBe(false);
    await expect(loadAsset('nope.wasm', table)).rejects.toBeInstanceOf(MissingAssetError);
    await expect(loadAsset('short.bin', table)).rejects.toThrow(/expected/);
    await expect(loadAsset('corrupt.bin', table)).rejects.toThrow();
  });

  it('is empty outside the bundle', () => {
    expect(assetNames()).toEqual([]);
  });
});
