// The one registry every surface is generated from: CLI commands, MCP tools, the worker's requests, eval.
import type { Brain } from '../brain';
import type { FetchLike } from '../think/providers/options';
import type { LlmSettings } from '../think/settings';
import { OpRegistry } from './registry';
import { readOps } from './read-ops';
import { noteOps } from './note-ops';
import { createSearchOp } from './search-op';
import { recentChangesOp } from './recent-op';
import { doctorOp } from './doctor-op';
import { createThinkOp } from './think-op';
import { createWriteOps, type NoteWriter } from './write-ops';
import type { OpMap } from './op-map';

export type { OpInput, OpMap, OpName, OpResult } from './op-map';

export interface RegistryOptions {
  /**
   * How notes are written (the file system for the CLI and MCP, the Obsidian vault API for the plugin). Given, the
   * registry has the write ops (create_note, append_to_note) and think can save; surfaces still decide whether a
   * caller may use a write (MCP lists and runs them only with writes allowed).
   */
  writer?: NoteWriter;
  /** The model settings think uses, read per call so a change applies to the next question. */
  llm?: () => LlmSettings;
  /**
   * Unstreamed provider calls (embeddings are given theirs at assembly): Node's fetch in the CLI, requestUrl in the
   * plugin. Without one, core makes no provider call of its own for search, and the SDKs use theirs for think.
   */
  fetch?: FetchLike;
  /** Streamed chat (think); default `fetch`. The plugin's worker passes its own fetch here. */
  streamFetch?: FetchLike;
  /** How much a reranker's order counts against the fused order (default RERANK_MODEL_WEIGHT; the eval bench compares). */
  rerankWeight?: number;
  now?: () => Date;
}

export type BrainRegistry = OpRegistry<Brain, OpMap>;

/**
 * Every result an agent gets names the source (vault) it came from: several vaults can share one database, and
 * an agent connected to more than one brain must be able to tell their answers apart. Objects only; a result that
 * has a `source` of its own keeps it.
 */
function nameSource(ctx: { brain: Brain }, result: unknown): unknown {
  if (result === null || typeof result !== 'object' || Array.isArray(result) || 'source' in result) return result;
  return { ...result, source: ctx.brain.engine.source };
}

export function createRegistry(options: RegistryOptions = {}): BrainRegistry {
  const registry = new OpRegistry<Brain, OpMap>({ remoteResult: nameSource });
  for (const op of readOps) registry.register(op);
  for (const op of noteOps) registry.register(op);
  registry.register(createSearchOp({ llm: options.llm, fetch: options.fetch, rerankWeight: options.rerankWeight }));
  registry.register(recentChangesOp);
  registry.register(createThinkOp({ llm: options.llm, writer: options.writer, fetch: options.fetch, streamFetch: options.streamFetch, now: options.now }));
  registry.register(doctorOp);
  if (options.writer) for (const op of createWriteOps(options.writer, { now: options.now })) registry.register(op);
  return registry;
}
