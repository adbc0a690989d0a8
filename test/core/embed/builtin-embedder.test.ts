import { beforeAll, describe, expect, it } from 'vitest';
import { isZeroVector, type Embedder } from '../../../src/core/embed/embedder';
import type { BuiltinEmbedder } from '../../../src/core/embed/builtin-embedder';
import { loadBuiltinEmbedderFromDisk } from '../../../src/node/embedder-asset';

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: Float32Array): number => Math.sqrt(dot(a, a));

let embedder: BuiltinEmbedder;
beforeAll(async () => {
  embedder = await loadBuiltinEmbedderFromDisk();
});

async function one(e: Embedder, text: string): Promise<Float32Array> {
  const [v] = await e.embed([text]);
  return v!;
}

describe('built-in embedder', () => {
  it('describes itself', () => {
    expect(embedder.dims).toBe(100);
    expect(embedder.maxBatch).toBeGreaterThanOrEqual(100);
    expect(embedder.id).toMatch(/^builtin:glove-100d-int8@\d+\.\d+-[0-9a-f]{8}$/);
  });

  it('returns unit vectors, one per text, in order and deterministically', async () => {
    const texts = ['the meeting notes from monday', 'a recipe for bread', 'the meeting notes from monday'];
    const vs = await embedder.embed(texts);
    expect(vs).toHaveLength(3);
    for (const v of vs) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(100);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    expect(Array.from(vs[0]!)).toEqual(Array.from(vs[2]!));
    expect(dot(vs[0]!, vs[1]!)).toBeLessThan(0.99);
    const again = await one(embedder, texts[1]!);
    expect(Array.from(again)).toEqual(Array.from(vs[1]!));
  });

  it('gives a zero vector to texts with no known words', async () => {
    const vs = await embedder.embed(['', '   ', '12345 6789', '東京で会議', '!!! ??? ...', 'zzqxv qqxzy']);
    for (const v of vs) {
      expect(v.length).toBe(100);
      expect(isZeroVector(v)).toBe(true);
    }
    expect(isZeroVector(await one(embedder, 'hello 東京'))).toBe(false);
  });

  it('ignores case, punctuation and markup around words', async () => {
    const a = await one(embedder, 'Project Planning Meeting');
    const b = await one(embedder, '## project planning: **meeting**!');
    expect(dot(a, b)).toBeCloseTo(1, 5);
  });

  it('maps contractions, hyphens, accents and inflections onto the vocabulary', () => {
    expect(embedder.knownWords("Don't")).toEqual(['do', 'not']);
    expect(embedder.knownWords("won't")).toEqual(['will', 'not']);
    expect(embedder.knownWords("Alice's notes")).toEqual(['alice', 'notes']);
    expect(embedder.knownWords('It\u2019s fine')).toEqual(['it', 'fine']);
    expect(embedder.knownWords('co-founder')).toEqual(['co-founder']);
    expect(embedder.knownWords('note-taking')).toEqual(['note', 'taking']);
    expect(embedder.knownWords('café naïve')).toEqual(['cafe', 'naive']);
    expect(embedder.knownWords('synced syncing')).toEqual(['sync', 'sync']);
    expect(embedder.knownWords('xyzzyplugh')).toEqual([]);
  });

  it('ranks paraphrases above unrelated text (>= 9 of 10 triplets)', async () => {
    const triplets: [string, string, string][] = [
      ['how do I change the font size', 'adjust text size in the editor', 'sync notes across devices'],
      ['sync my notes between phone and laptop', 'keep the vault the same on mobile and desktop', 'make headings bigger in the theme'],
      ['search all notes for a word', 'find text anywhere in my files', 'change the color of the sidebar'],
      ['meeting notes with the marketing team', 'minutes from the discussion with our advertising colleagues', 'recipe for chocolate cake with butter'],
      ['daily journal entry about my feelings', 'diary page where I write how I felt today', 'quarterly revenue figures for the company'],
      ['encrypt private notes with a password', 'protect secret pages so nobody else can read them', 'schedule a dentist appointment next week'],
      ['todo list of tasks due this week', 'things I need to finish before friday', 'history of the roman empire'],
      ['export a note as a pdf file', 'save the document in printable format', 'invite a friend to the birthday party'],
      ['keyboard shortcut to open the command palette', 'hotkey that shows the list of commands', 'the river flooded the village'],
      ['attach an image to the page', 'insert a picture into the note', 'our team lost the football game'],
    ];
    let right = 0;
    const failures: string[] = [];
    for (const [anchor, para, other] of triplets) {
      const [a, p, o] = await embedder.embed([anchor, para, other]);
      if (dot(a!, p!) > dot(a!, o!)) right++;
      else failures.push(anchor);
    }
    expect(failures.length <= 1 ? [] : failures).toEqual([]);
    expect(right).toBeGreaterThanOrEqual(9);
  });

  it('handles huge, binary and pathological input', async () => {
    const huge = 'notes about the garden and the weather '.repeat(10_000); // ~400 KB
    const binary = String.fromCharCode(...Array.from({ length: 5000 }, (_, i) => (i * 7919) % 65536));
    const vs = await embedder.embed([huge, binary, "'''---'''", '-'.repeat(100_000), 'a'.repeat(100_000)]);
    expect(norm(vs[0]!)).toBeCloseTo(1, 4);
    for (const v of vs) {
      expect(v.length).toBe(100);
      expect(v.every((x) => Number.isFinite(x))).toBe(true);
    }
    expect(isZeroVector(vs[2]!)).toBe(true);
    expect(isZeroVector(vs[3]!)).toBe(true);
  });

  it('rejects when aborted', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(embedder.embed(['hello'], ctrl.signal)).rejects.toThrow();
  });

  it('embeds thousands of short sentences quickly', async () => {
    const texts = Array.from({ length: 5000 }, (_, i) => `note ${i} about the weekly team meeting and project plans`);
    const start = performance.now();
    const vs = await embedder.embed(texts);
    const ms = performance.now() - start;
    expect(vs).toHaveLength(5000);
    // Generous bound (shared CI cores): ~50k/s on an idle core means ~100 ms here.
    expect(ms).toBeLessThan(5000);
  });
});
