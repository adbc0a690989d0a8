// The assets the plugin embeds, as the build prepares them (compressed per defaultAssets' codec, written as text),
// decode in the worker's loader (binary text -> zstddec / inflate) to exactly the bytes they were made from. Uses the
// build's asset cache (node_modules/.cache; `npm run build` fills it), else compresses them here (about a minute).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultAssets, prepareAssets, prunePgliteData } from '../../scripts/esbuild-plugins.mjs';
import { assetHead, loadAsset } from '../../src/obsidian/assets/bundle-assets';

describe('embedded assets', () => {
  it('decode to the original bytes, each with the codec the build chose', async () => {
    const sources = defaultAssets();
    const prepared = await prepareAssets();
    const table = Object.fromEntries(prepared.map((a) => [a.name, { size: a.size, storedBytes: a.storedBytes, codec: a.codec, head: a.head, text: a.text }]));
    expect(prepared.map((a) => a.name)).toEqual(sources.map((s) => s.name));
    for (const source of sources) {
      const raw = new Uint8Array(readFileSync(source.path));
      const expected = source.transform === 'prune-pglite-data' ? prunePgliteData(raw) : raw;
      const asset = prepared.find((a) => a.name === source.name)!;
      expect(asset.codec).toBe(source.codec);
      const bytes = await loadAsset(source.name, table);
      expect(bytes.length).toBe(expected.length);
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(expected)), source.name).toBe(0);
      // A header carried in the table (the embedder's) is the file's own first bytes.
      const head = assetHead(source.name, table);
      if (source.head) expect(Buffer.compare(Buffer.from(head!), Buffer.from(expected.subarray(0, source.head))), source.name).toBe(0);
      else expect(head).toBeNull();
    }
    // The large ones are zstd: the decoder must be on the path that matters.
    expect(prepared.filter((a) => a.codec === 'zstd').map((a) => a.name)).toEqual(expect.arrayContaining(['pglite.wasm', 'pglite.data', 'pgdata.tar']));
  }, 300_000);
});
