// The CLI opens the built-in embedder lazily (core/embed/lazy-embedder.ts): its id comes from the asset's header,
// the model loads at the first embed. An open must never look like a change of embedding model: a command that
// does not embed leaves every stored vector in place and nothing pending, and the vectors a lazy embedder makes
// are the loaded model's own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lazyEmbedder, type LazyEmbedder } from '../../src/core/embed/lazy-embedder';
import { lazyBuiltinEmbedderFromDisk, loadBuiltinEmbedderFromDisk } from '../../src/node/embedder-asset';
import { createNodeRegistry } from '../../src/node/node-registry';
import { openNodeBrain } from '../../src/node/open-brain';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('lazy built-in embedder', () => {
  it('has the loaded model id and dims before loading, and embeds the same vectors', async () => {
    const lazy = (await lazyBuiltinEmbedderFromDisk()) as LazyEmbedder;
    const eager = await loadBuiltinEmbedderFromDisk();
    expect(lazy.loaded()).toBe(false);
    expect(lazy.id).toBe(eager.id);
    expect(lazy.dims).toBe(eager.dims);
    expect(lazy.maxBatch).toBe(eager.maxBatch);
    expect(lazy.local).toBe(eager.local);
    const texts = ['The founders raised a seed round', 'zebras graze'];
    const [a, b] = [await lazy.embed(texts), await eager.embed(texts)];
    expect(lazy.loaded()).toBe(true);
    expect(a.map((v) => [...v])).toEqual(b.map((v) => [...v]));
  });

  it('refuses a model that is not the one its header named, and loads again after a failed load', async () => {
    const eager = await loadBuiltinEmbedderFromDisk();
    const wrong = lazyEmbedder({ id: 'builtin:other', dims: eager.dims, maxBatch: 8 }, () => Promise.resolve(eager));
    await expect(wrong.embed(['x'])).rejects.toThrow(/header said builtin:other/);
    let calls = 0;
    const flaky = lazyEmbedder({ id: eager.id, dims: eager.dims, maxBatch: 8 }, () => (++calls === 1 ? Promise.reject(new Error('disk hiccup')) : Promise.resolve(eager)));
    await expect(flaky.embed(['x'])).rejects.toThrow('disk hiccup');
    expect((await flaky.embed(['x']))[0]?.length).toBe(eager.dims);
    expect(calls).toBe(2);
  });

  it('an op command that never embeds leaves the vectors as they are and does not load the model', async () => {
    const vault = mkdtempSync(join(tmpdir(), 'vb-lazy-embedder-'));
    dirs.push(vault);
    writeFileSync(join(vault, 'Acme.md'), '# Acme\n\nAcme Robotics builds warehouse robots with a small team in Berlin.\n');
    writeFileSync(join(vault, 'Jonas.md'), '# Jonas\n\nJonas founded [[Acme]] and advises climate startups.\n');
    const first = await openNodeBrain({ vault });
    let embeddedBefore: Record<string, number>;
    let modelId: string;
    try {
      await first.brain.index();
      embeddedBefore = (await first.brain.engine.stats()).embeddedByModel;
      modelId = first.brain.embedder!.id;
      expect(embeddedBefore[modelId]).toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    const again = await openNodeBrain({ vault });
    try {
      const embedder = again.brain.embedder as LazyEmbedder;
      expect(embedder.id).toBe(modelId);
      const registry = createNodeRegistry(again.vault, () => again.config);
      const stats = (await registry.callByName('stats', {}, { brain: again.brain, remote: false })) as { embeddedByModel?: Record<string, number> };
      expect(stats).toBeTruthy();
      await again.brain.index();
      expect((await again.brain.engine.stats()).embeddedByModel).toEqual(embeddedBefore);
      expect(await again.brain.engine.countPending(modelId)).toBe(0);
      expect(embedder.loaded()).toBe(false);
      // A search embeds the query: now it loads.
      await registry.callByName('search', { query: 'warehouse robots' }, { brain: again.brain, remote: false });
      expect(embedder.loaded()).toBe(true);
    } finally {
      await again.close();
    }
  }, 120_000);
});
