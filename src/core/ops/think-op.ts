// The `think` operation: a cited answer plus what the vault does not know. Every surface (command palette, think
// pane, CLI, MCP) calls it; a caller streams the model's text with the call's `onDelta`. `save` writes a note:
// the call is then write-scoped, and the param exists for trusted local callers only (never remote, never MCP).
import type { Brain } from '../brain';
import { hybridSearch } from '../search';
import { renderGaps } from '../think/render';
import type { FetchLike } from '../think/providers/options';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from '../think/settings';
import { synthesisNote } from '../think/synthesis-note';
import { think } from '../think/think';
import type { ThinkResult } from '../think/types';
import type { OpContext, OpDefinition } from './registry';
import { acceptedBy, visibilityOf } from './visibility';
import { confineVaultPath, PathRefusedError } from './remote-path';
import { ParamError } from './schema';
import { WriteRefusedError, type NoteWriter } from './note-writer';

export interface ThinkParams {
  question: string;
  anchor?: string;
  since?: string;
  until?: string;
  save: boolean;
}

export interface ThinkOpOptions {
  /** Current model settings (read per call, so a settings change applies to the next question). */
  llm?: () => LlmSettings;
  /** Writes saved answers; without one, `save` is refused. */
  writer?: NoteWriter;
  fetch?: FetchLike;
  streamFetch?: FetchLike;
  now?: () => Date;
}

export interface ThinkOpResult extends ThinkResult {
  /** The answer followed by the gaps, as one Markdown document (what `save` writes, minus frontmatter). */
  markdown: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Runs think for one call of the op. */
async function runThink(ctx: OpContext<Brain>, params: ThinkParams, options: ThinkOpOptions): Promise<ThinkOpResult> {
  for (const key of ['since', 'until'] as const) {
    const v = params[key];
    if (v !== undefined && (!ISO_DAY.test(v) || Number.isNaN(Date.parse(v)))) throw new ParamError(`"${key}" must be a date YYYY-MM-DD`);
  }
  // Saving writes a note: remote callers (MCP) write only through the explicit write tools.
  if (params.save && ctx.remote) throw new WriteRefusedError('think cannot save for remote callers; use create_note');
  if (params.save && !options.writer) throw new WriteRefusedError('saving is not available here (no note writer)');
  const brain = ctx.brain;
  const anchor = params.anchor ? await visibilityOf(ctx).note(params.anchor) : undefined;
  const llm = options.llm?.() ?? DEFAULT_LLM_SETTINGS;
  // Think answers only from notes the rules accept, for every caller: excluded notes never reach a model.
  const accepted = acceptedBy(brain);
  const filters = { hidden: accepted.hidden };
  const result = await think(
    {
      engine: brain.engine,
      accepts: (path) => accepted.shows(path),
      search: async (query, limit) => (await hybridSearch({ engine: brain.engine, embedder: brain.embedder }, query, { limit, filters })).results,
      llm,
      fetch: options.fetch,
      streamFetch: options.streamFetch,
      breaker: brain.health.breaker('chat'),
    },
    params.question,
    { anchor, since: params.since, until: params.until, signal: ctx.signal, onDelta: ctx.onDelta },
  );
  const titles = new Map(result.excerpts.map((e) => [e.path, e.title]));
  const gapsMarkdown = renderGaps(result.gaps, (p) => titles.get(p) ?? p.replace(/\.md$/i, '').split('/').pop() ?? p);
  const out: ThinkOpResult = { ...result, markdown: gapsMarkdown ? `${result.answer}\n\n${gapsMarkdown}` : result.answer };
  if (params.save && options.writer) {
    const note = synthesisNote(result, llm.saveFolder, options.now?.() ?? new Date(), gapsMarkdown);
    const path = confineVaultPath(note.path);
    if (!brain.filter.accepts(path)) throw new PathRefusedError(`the save folder "${llm.saveFolder}" is excluded from the brain`);
    await options.writer.create(path, note.text);
    await brain.indexer.updatePaths([path]);
    out.savedTo = path;
  }
  return out;
}

export function createThinkOp(options: ThinkOpOptions = {}): OpDefinition<Brain, ThinkParams, ThinkOpResult, 'think'> {
  return {
    name: 'think',
    description:
      'Answer a question from the notes: every claim cites the notes it came from, plus gaps (missing notes, conflicts, stale or thin notes, unsourced claims). Uses the configured model, or an extractive answer offline.',
    scope: 'read',
    params: {
      type: 'object',
      properties: {
        question: { type: 'string', description: 'The question, in natural language', minLength: 1, maxLength: 2000 },
        anchor: { type: 'string', description: 'A note the question is about (path, title or alias)', minLength: 1, maxLength: 1000 },
        since: { type: 'string', description: 'Timeline entries from this date (YYYY-MM-DD)', maxLength: 10 },
        until: { type: 'string', description: 'Timeline entries up to this date (YYYY-MM-DD)', maxLength: 10 },
        save: { type: 'boolean', description: 'Save the answer as a synthesis note (never overwrites)', default: false, localOnly: true },
      },
      required: ['question'],
    },
    cli: { positional: ['question'] },
    scopeOf: (params) => (params.save ? 'write' : 'read'),
    handler(ctx, params) {
      return runThink(ctx, params, options);
    },
  };
}
