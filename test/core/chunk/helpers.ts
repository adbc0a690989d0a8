import { expect } from 'vitest';
import type { Chunk } from '../../../src/core/types';
import { contentHash } from '../../../src/core/util/hash';
import { countTokens } from '../../../src/core/chunk/text-metrics';
import { chunkNote, type ChunkNoteInput } from '../../../src/core/chunk/chunk-note';

let cachedText = '';
let cachedLineStarts: number[] = [];

/** 1-based line of an offset: the number of line starts at or before it (line starts found by a plain scan). */
export function lineOf(text: string, offset: number): number {
  if (text !== cachedText) {
    cachedText = text;
    cachedLineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') cachedLineStarts.push(i + 1);
  }
  let n = 0;
  let lo = 0;
  let hi = cachedLineStarts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cachedLineStarts[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  n = lo;
  return n;
}

/** Invariants every chunk list must satisfy (checked in plain JS, reported at once: thousands of expects are slow). */
export function expectValidChunks(text: string, chunks: Chunk[], caps: { maxWords: number; maxChars: number }): void {
  const errors: string[] = [];
  chunks.forEach((c, i) => {
    const fail = (what: string): void => {
      if (errors.length < 10) errors.push(`chunk ${i} [${c.charStart},${c.charEnd}) ${JSON.stringify(c.text.slice(0, 40))}: ${what}`);
    };
    if (c.ord !== i) fail(`ord ${c.ord}`);
    if (!(c.charStart >= 0 && c.charEnd > c.charStart && c.charEnd <= text.length)) fail('bad offsets');
    if (c.text !== text.slice(c.charStart, c.charEnd)) fail('text is not the file slice');
    if (c.text.trim().length === 0) fail('blank');
    if (/\s$/.test(c.text)) fail('trailing whitespace');
    if (c.startLine !== lineOf(text, c.charStart)) fail(`startLine ${c.startLine} != ${lineOf(text, c.charStart)}`);
    if (c.endLine !== lineOf(text, c.charEnd - 1)) fail(`endLine ${c.endLine} != ${lineOf(text, c.charEnd - 1)}`);
    if (c.hash !== contentHash(c.text)) fail('hash');
    if (c.heading !== c.headingPath.join(' > ')) fail('heading');
    if (c.tokenEstimate !== countTokens(c.text)) fail('tokenEstimate');
    if (c.tokenEstimate > caps.maxWords) fail(`${c.tokenEstimate} tokens > ${caps.maxWords}`);
    if (c.text.length > caps.maxChars) fail(`${c.text.length} chars > ${caps.maxChars}`);
  });
  expect(errors).toEqual([]);
}

/** A Markdown note whose compiled truth is the whole text. */
export function noteInput(text: string, extra: Partial<ChunkNoteInput> = {}): ChunkNoteInput {
  return { path: 'note.md', text, compiledRange: [0, text.length], timelineRange: [text.length, text.length], ...extra };
}

export function chunkText(text: string, extra: Partial<ChunkNoteInput> = {}): Chunk[] {
  return chunkNote(noteInput(text, extra));
}

/** Deterministic PRNG (mulberry32) so property tests are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Prose of `n` distinct words (`w0 w1 ...`), sentences of `perSentence` words. */
export function numberedWords(n: number, perSentence = 12, prefix = 'w'): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const end = (i + 1) % perSentence === 0 || i === n - 1;
    parts.push(`${prefix}${i}${end ? '.' : ''}`);
  }
  return parts.join(' ');
}
