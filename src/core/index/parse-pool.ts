// Parsing off the indexer's thread. A full run parses batch k+1 in a pool of workers while batch k is written, so
// parsing (a fifth of a first index's CPU) overlaps the database's work. The pool is an adapter the surface gives
// (Node: node/parse-pool.ts, worker_threads); core never starts threads itself.
//
// A note's parse depends on two pieces of run state: the link resolver (every note's path and aliases) and the
// known page types (a link's relation depends on its target's kind). The serial indexer parses a whole batch with
// the state as the previous batches left it, then updates the state from the batch's notes before writing it.
// The pool is given the same state at its start and the same updates, in the same order, before each batch's
// parse, so every note parses exactly as it would have in the indexer's thread (test/core/index/parse-pool.test.ts).
import type { ChunkOptions } from '../chunk/chunk-note';
import { LinkResolver, type NoteEntry } from '../links/resolver';
import type { NoteParserDeps } from '../note/parse-note';
import { CODE_FILE_LANGUAGES } from '../note/parse-note';
import { extensionOf } from './path-rules';
import type { ParseOutcome } from './parse-file';

/** What a worker parses with, as the run's state stood when the pool started. */
export interface ParseContext {
  targets: NoteEntry[];
  types: [string, string][];
  /**
   * Whether the indexer chunks code with tree-sitter. Workers hold no chunker (its wasm would be resident once per
   * worker): they hand back the files that may need one (needsCodeChunker) for the indexer to parse itself.
   */
  codeChunking: boolean;
  chunkOptions?: ChunkOptions;
  maxFileBytes: number;
}

/** The run state's changes since the previous batch: resolver upserts, types set, types forgotten. */
export interface ParseStateChange {
  upserts: NoteEntry[];
  types: [string, string][];
  forgotten: string[];
}

export interface ParseJob {
  path: string;
  bytes: Uint8Array;
}

/** A file the pool leaves to the indexer's thread (it may need the code chunker). */
export type PoolOutcome = ParseOutcome | { deferred: true };

export interface ParsePool {
  /** Parses one batch, after applying `change` (every job of the batch sees it). Outcomes in job order. */
  parse(jobs: ParseJob[], change: ParseStateChange): Promise<PoolOutcome[]>;
  /** Stops the workers; the pool is not used again. */
  close(): Promise<void>;
}

/** Starts a pool for one run, or null (too few notes, no worker available). */
export type ParsePoolFactory = (context: ParseContext) => ParsePool | null;

const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * Whether parsing this file may call the code chunker: a code file, or a note with a fence opener anywhere (three
 * backticks or tildes: a superset of the fences chunk-note.ts reads, so a file said not to need it never does).
 */
export function needsCodeChunker(path: string, bytes: Uint8Array): boolean {
  if (CODE_FILE_LANGUAGES[extensionOf(path)] !== undefined) return true;
  for (let i = 0; i + 2 < bytes.length; i++) {
    const b = bytes[i];
    if ((b === BACKTICK || b === TILDE) && bytes[i + 1] === b && bytes[i + 2] === b) return true;
  }
  return false;
}

export const emptyChange = (): ParseStateChange => ({ upserts: [], types: [], forgotten: [] });

/** A worker's copy of the run state, kept in step by the changes the indexer sends. */
export class ParseState {
  private readonly resolver: LinkResolver;
  private readonly types: Map<string, string>;

  constructor(context: ParseContext) {
    this.resolver = new LinkResolver(context.targets);
    this.types = new Map(context.types);
  }

  apply(change: ParseStateChange): void {
    for (const path of change.forgotten) this.types.delete(path);
    for (const [path, type] of change.types) this.types.set(path, type);
    for (const entry of change.upserts) this.resolver.upsert(entry);
  }

  deps(rest: Pick<NoteParserDeps, 'codeChunker' | 'chunkOptions'>): NoteParserDeps {
    return { resolver: this.resolver, typeOf: (path) => this.types.get(path), ...rest };
  }
}
