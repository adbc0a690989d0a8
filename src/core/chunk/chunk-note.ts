// Turns one note (or code file) into chunks: heading sections of the compiled truth and of the timeline
// are split by the recursive splitter; fenced code in a language the code chunker knows, and whole code
// files, are split by symbol. Every chunk is an exact slice of the file, so a hit opens at its line.

import type { Chunk, ChunkKind } from '../types';
import { findFencedBlocks, type FencedBlock } from '../markdown/mask';
import { contentHash } from '../util/hash';
import { canonicalLanguage } from './languages';
import { SectionCursor } from './sections';
import { splitRange, trimRange, type SplitLimits } from './split-range';
import { countTokens } from './text-metrics';

export interface ChunkOptions {
  /** Target words per chunk (~300), overlap words (~50), hard cap in words. */
  targetWords?: number;
  overlapWords?: number;
  maxWords?: number;
  /** Hard cap in characters (default 4000). */
  maxChars?: number;
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
  /** Member symbols (methods of a class, items of an impl), offsets relative to the same `code`. Used when the piece is too big for one chunk. */
  children?: CodePiece[];
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

export const DEFAULT_CHUNK_OPTIONS: Readonly<Required<ChunkOptions>> = {
  targetWords: 300,
  overlapWords: 50,
  maxWords: 600,
  maxChars: 4000,
};

interface Context {
  text: string;
  out: Chunk[];
  lines: LineCounter;
  prose: SplitLimits;
  code: SplitLimits;
  maxWords: number;
  maxChars: number;
  chunker: CodeChunker | undefined;
}

function finiteOr(v: number | undefined, d: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : d;
}

function resolveLimits(o: ChunkOptions | undefined): { prose: SplitLimits; code: SplitLimits; maxWords: number; maxChars: number } {
  const d = DEFAULT_CHUNK_OPTIONS;
  const maxWords = Math.max(1, Math.floor(finiteOr(o?.maxWords, d.maxWords)));
  const maxChars = Math.max(64, Math.floor(finiteOr(o?.maxChars, d.maxChars)));
  const target = Math.min(maxWords, Math.max(1, Math.floor(finiteOr(o?.targetWords, d.targetWords))));
  const overlap = Math.max(0, Math.floor(finiteOr(o?.overlapWords, d.overlapWords)));
  return {
    prose: { target, overlap, maxChars },
    code: { target, overlap, maxChars, code: true },
    maxWords,
    maxChars,
  };
}

function clampRange(r: [number, number] | undefined, len: number): [number, number] {
  const s = Math.min(len, Math.max(0, Math.floor(finiteOr(r?.[0], 0))));
  const e = Math.min(len, Math.max(s, Math.floor(finiteOr(r?.[1], 0))));
  return [s, e];
}

/**
 * 1-based line numbers by walking from the last position asked: chunks come in file order (overlap steps
 * back a little), so the total walk is about the file length, with no per-note line table to build.
 */
class LineCounter {
  private line = 1;
  /** Last newline before the current position (-1: none) and first one at or after it (text length: none). */
  private prevNl = -1;
  private nextNl: number;
  constructor(private readonly text: string) {
    const nl = text.indexOf('\n');
    this.nextNl = nl === -1 ? text.length : nl;
  }

  lineAt(target: number): number {
    const t = this.text;
    while (this.nextNl < target) {
      this.line++;
      this.prevNl = this.nextNl;
      const nl = t.indexOf('\n', this.nextNl + 1);
      this.nextNl = nl === -1 ? t.length : nl;
    }
    while (this.prevNl >= target) {
      this.line--;
      this.nextNl = this.prevNl;
      this.prevNl = this.prevNl > 0 ? t.lastIndexOf('\n', this.prevNl - 1) : -1;
    }
    return this.line;
  }
}

interface ChunkMeta {
  kind: ChunkKind;
  headingPath: string[];
  language?: string;
  symbol?: string;
}

function emit(ctx: Context, start: number, end: number, meta: ChunkMeta): void {
  const text = ctx.text.slice(start, end);
  const chunk: Chunk = {
    ord: ctx.out.length,
    heading: meta.headingPath.join(' > '),
    headingPath: meta.headingPath.slice(),
    text,
    charStart: start,
    charEnd: end,
    startLine: ctx.lines.lineAt(start),
    endLine: ctx.lines.lineAt(end - 1),
    kind: meta.kind,
    tokenEstimate: countTokens(text),
    hash: contentHash(text),
  };
  if (meta.language !== undefined) chunk.language = meta.language;
  if (meta.symbol !== undefined) chunk.symbol = meta.symbol;
  ctx.out.push(chunk);
}

function emitSplit(ctx: Context, from: number, to: number, limits: SplitLimits, meta: ChunkMeta): void {
  for (const [s, e] of splitRange(ctx.text, from, to, limits)) emit(ctx, s, e, meta);
}

function sectionPath(sec: SectionCursor, kind: 'prose' | 'timeline'): string[] {
  const path = sec.path();
  return kind === 'timeline' && path[0]?.toLowerCase() !== 'timeline' ? ['Timeline', ...path] : path;
}

/** Fenced blocks of `text[from, to)` with offsets into the whole text. Most notes have none: skip the line scan then. */
function fencesIn(text: string, from: number, to: number): FencedBlock[] {
  const tick = text.indexOf('```', from);
  const tilde = text.indexOf('~~~', from);
  if ((tick === -1 || tick >= to) && (tilde === -1 || tilde >= to)) return [];
  return findFencedBlocks(text.slice(from, to)).map((f) => ({
    ...f,
    start: f.start + from,
    end: f.end + from,
    contentStart: f.contentStart + from,
    contentEnd: f.contentEnd + from,
  }));
}

/** Chunks `text[from, to)` as Markdown: heading sections, with supported code fences split out by symbol. */
function chunkMarkdownRegion(ctx: Context, from: number, to: number, kind: 'prose' | 'timeline'): void {
  if (to <= from) return;
  const fences = fencesIn(ctx.text, from, to);
  const before = ctx.out.length;
  let firstHeadingOnly: { start: number; path: string[] } | null = null;
  let fi = 0;
  const sec = new SectionCursor(ctx.text, from, to, fences);
  while (sec.advance()) {
    while (fi < fences.length && fences[fi]!.start < sec.start) fi++;
    if (!trimRange(ctx.text, sec.bodyStart, sec.end)) {
      if (sec.hasHeading && !firstHeadingOnly) firstHeadingOnly = { start: sec.start, path: sectionPath(sec, kind) };
      continue;
    }
    const path = sectionPath(sec, kind);
    const meta: ChunkMeta = { kind, headingPath: path };
    let cursor = sec.start;
    for (; fi < fences.length && fences[fi]!.start < sec.end; fi++) {
      const f = fences[fi]!;
      if (!f.lang || !ctx.chunker?.supports(f.lang)) continue;
      // The heading line alone, right before a code block, is not worth a chunk: the code carries the path.
      if (cursor > sec.start || trimRange(ctx.text, sec.bodyStart, f.start)) emitSplit(ctx, cursor, f.start, ctx.prose, meta);
      chunkCode(ctx, f.contentStart, f.contentEnd, f.lang, path);
      cursor = f.end;
    }
    emitSplit(ctx, cursor, sec.end, ctx.prose, meta);
  }
  // Headings with nothing under them are noise next to real sections, but a note made only of headings
  // (an outline) should still be findable: then it is chunked as a whole under its first heading.
  if (ctx.out.length === before && firstHeadingOnly) {
    emitSplit(ctx, firstHeadingOnly.start, to, ctx.prose, { kind, headingPath: firstHeadingOnly.path });
  }
}

/** Chunks code in `text[from, to)`: one chunk per symbol, the code between symbols grouped, big symbols split. */
function chunkCode(ctx: Context, from: number, to: number, lang: string, headingPath: string[]): void {
  const language = canonicalLanguage(lang) ?? lang.toLowerCase();
  let pieces: CodePiece[] | null = null;
  if (ctx.chunker?.supports(lang)) {
    try {
      pieces = ctx.chunker.chunk(ctx.text.slice(from, to), lang);
    } catch {
      pieces = null;
    }
  }
  const base: ChunkMeta = { kind: 'code', headingPath, language };
  if (!pieces) {
    emitSplit(ctx, from, to, ctx.code, base);
    return;
  }
  layoutPieces(ctx, pieces, from, from, to, base, undefined);
}

function layoutPieces(
  ctx: Context,
  pieces: CodePiece[],
  base: number,
  from: number,
  to: number,
  meta: ChunkMeta,
  parentSymbol: string | undefined,
): void {
  const valid = pieces
    .filter((p) => Number.isFinite(p.start) && Number.isFinite(p.end) && p.end > p.start && base + p.start >= from && base + p.end <= to)
    .sort((x, y) => x.start - y.start);
  const gapMeta: ChunkMeta = parentSymbol === undefined ? meta : { ...meta, symbol: parentSymbol };
  let cursor = from;
  for (const p of valid) {
    const s = Math.max(cursor, base + p.start);
    const e = base + p.end;
    if (e <= s) continue;
    emitSplit(ctx, cursor, s, ctx.code, gapMeta);
    const own = p.symbol ?? parentSymbol;
    const symbol = parentSymbol !== undefined && p.symbol !== undefined ? `${parentSymbol}.${p.symbol}` : own;
    const pieceMeta: ChunkMeta = symbol === undefined ? meta : { ...meta, symbol };
    const r = trimRange(ctx.text, s, e);
    if (r && r[1] - r[0] <= ctx.maxChars && countTokens(ctx.text, r[0], r[1]) <= ctx.maxWords) {
      emit(ctx, r[0], r[1], pieceMeta);
    } else if (p.children && p.children.length > 0) {
      layoutPieces(ctx, p.children, base, s, e, meta, symbol);
    } else {
      emitSplit(ctx, s, e, ctx.code, pieceMeta);
    }
    cursor = e;
  }
  emitSplit(ctx, cursor, to, ctx.code, gapMeta);
}

export function chunkNote(input: ChunkNoteInput): Chunk[] {
  const text = typeof input.text === 'string' ? input.text : '';
  const limits = resolveLimits(input.options);
  const ctx: Context = {
    text,
    out: [],
    lines: new LineCounter(text),
    prose: limits.prose,
    code: limits.code,
    maxWords: limits.maxWords,
    maxChars: limits.maxChars,
    chunker: input.codeChunker,
  };
  if (text.length === 0) return ctx.out;
  if (input.fileLanguage) {
    chunkCode(ctx, 0, text.length, input.fileLanguage, []);
    return ctx.out;
  }
  const [cs, ce] = clampRange(input.compiledRange, text.length);
  const [ts, te] = clampRange(input.timelineRange, text.length);
  chunkMarkdownRegion(ctx, cs, ce, 'prose');
  // A timeline overlapping the compiled range (bad input) is chunked only where it does not overlap.
  chunkMarkdownRegion(ctx, Math.max(ts, ts < ce && te > cs ? ce : ts), te, 'timeline');
  return ctx.out;
}
