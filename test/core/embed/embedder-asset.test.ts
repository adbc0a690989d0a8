import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDER_ASSET_RELATIVE, findEmbedderAsset, loadBuiltinEmbedderFromDisk } from '../../../src/node/embedder-asset';

let realAsset: string;
let dir: string;

beforeAll(async () => {
  // Ensures the real asset exists (builds it on a clean checkout).
  await loadBuiltinEmbedderFromDisk();
  realAsset = findEmbedderAsset()!;
  dir = mkdtempSync(join(tmpdir(), 'vb-embed-asset-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedder asset on disk', () => {
  it('is found from this package (source tree and working directory)', () => {
    expect(realAsset.endsWith(EMBEDDER_ASSET_RELATIVE)).toBe(true);
    expect(findEmbedderAsset([join(__dirname, 'deep', 'nested')])).toBe(realAsset);
  });

  it('is found by walking up from a nested directory, and missing elsewhere', () => {
    const root = join(dir, 'pkg');
    mkdirSync(join(root, 'assets', 'generated'), { recursive: true });
    mkdirSync(join(root, 'dist', 'x'), { recursive: true });
    writeFileSync(join(root, EMBEDDER_ASSET_RELATIVE), 'x');
    expect(findEmbedderAsset([join(root, 'dist', 'x')])).toBe(join(root, EMBEDDER_ASSET_RELATIVE));
    expect(findEmbedderAsset([join(dir, 'elsewhere')])).toBeNull();
  });

  it('loads an explicit path and rejects a bad file', async () => {
    const e = await loadBuiltinEmbedderFromDisk({ assetPath: realAsset });
    expect(e.dims).toBe(100);
    const bad = join(dir, 'bad.bin');
    writeFileSync(bad, 'not an asset at all, just text');
    await expect(loadBuiltinEmbedderFromDisk({ assetPath: bad })).rejects.toThrow(/embedder asset/);
  });

  it('runs the build script when the asset is missing', async () => {
    const root = join(dir, 'clean-checkout');
    mkdirSync(join(root, 'scripts'), { recursive: true });
    // Stand-in build script: copies the real asset instead of parsing 300 MB of JSON again.
    writeFileSync(
      join(root, 'scripts', 'build-embedder.mjs'),
      `import { mkdirSync, copyFileSync } from 'node:fs';\n` +
        `mkdirSync('assets/generated', { recursive: true });\n` +
        `copyFileSync(${JSON.stringify(realAsset)}, ${JSON.stringify(EMBEDDER_ASSET_RELATIVE)});\n`,
    );
    const e = await loadBuiltinEmbedderFromDisk({ roots: [join(root, 'src', 'node')] });
    expect(e.dims).toBe(100);
    expect(existsSync(join(root, EMBEDDER_ASSET_RELATIVE))).toBe(true);
  });

  it('explains when there is neither an asset nor a build script', async () => {
    await expect(loadBuiltinEmbedderFromDisk({ roots: [join(dir, 'nothing-here')] })).rejects.toThrow(/not found/);
  });
});
