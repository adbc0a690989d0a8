// CONTRACT STUB — being implemented (chunk helper). Signature is fixed; callers rely on it.
import type { Chunk } from '../types';

export interface ChunkOptions {
  /** Target words per chunk (~300), overlap words (~50), hard cap in words. */
  targetWords?: number;
  overlapWords?: number;
  maxWords?: number;
}

/** Splits code into symbol chunks. Created once (async: loads tree-sitter wasm), then used synchronously. */
export interface CodeChunker {
  /** Languages it can parse, by fence/extension name (`ts`, `typescript`, `py`, ...). */
  supports(lang: string): boolean;
  /** Symbol-level pieces of `code`, offsets relative to `code`. Null when the language is unknown or parsing failed. */
  chunk(code: string, lang: string): CodePiece[] | null;
}

export interface CodePiece {
  start: number;
  end: number;
  symbol?: string;
  /** function, class, method, ... */
  nodeType?: string;
}

export interface ChunkNoteInput {
  path: string;
  text: string;
  /** [start, end) offsets of compiled truth and timeline in `text` (timeline may be empty). */
  compiledRange: [number, number];
  timelineRange: [number, number];
  /** When the file itself is code (`.ts`, `.py`, ...): its language; the whole file is code. */
  fileLanguage?: string;
  codeChunker?: CodeChunker;
  options?: ChunkOptions;
}

export function chunkNote(input: ChunkNoteInput): Chunk[] {
  void input;
  throw new Error('not implemented');
}
