// think: gather from the store, ask the configured model for a cited answer (or extract one), verify every
// citation against what was gathered, and add the gaps the store itself reveals.
import { BrainError, causeWithCode, errorMessage } from '../errors';
import type { BrainEngine } from '../engine/brain-engine';
import { providerFailure, type CircuitBreaker } from '../net/circuit-breaker';
import { tooLargeRefusal } from '../net/bounded-body';
import { redirectRefusal } from '../net/redirect-guard';
import { verifyClaims } from './citations';
import { extractiveClaims } from './extractive';
import { findGaps } from './gaps';
import { absentWords } from './gaps/absent';
import { gather, type SearchFn } from './gather';
import { factClaim } from './relation-facts';
import { parseModelAnswer } from './parse-answer';
import { buildUserPrompt, SYSTEM_PROMPT } from './prompt';
import { chooseModel } from './providers/factory';
import { MAX_MODEL_ANSWER_CHARS, type FetchLike } from './providers/options';
import { liveTargetsOf, noteLink, renderAnswer } from './render';
import { agentWrittenAmong } from '../note/provenance';
import { DEFAULT_LLM_SETTINGS, type LlmSettings } from './settings';
import type { ChatModel, Claim, Excerpt, ThinkResult } from './types';

export const MAX_QUESTION_CHARS = 2000;
const DEFAULT_MAX_TOKENS = 1500;

export interface ThinkDeps {
  engine: BrainEngine;
  search: SearchFn;
  /** The user's include/exclude rules. */
  accepts: (path: string) => boolean;
  llm?: LlmSettings;
  /** Unstreamed provider calls (the CLI's Node fetch, the plugin's requestUrl; tests a spy). */
  fetch?: FetchLike;
  /** Streamed calls (the plugin worker's own fetch); default `fetch`. */
  streamFetch?: FetchLike;
  /** The chat provider's circuit breaker: while open, think answers extractively at once, saying why. */
  breaker?: CircuitBreaker;
  /** Overrides the model the settings would pick (tests, embedders of the core). */
  model?: ChatModel | null;
}

export interface ThinkOptions {
  /** Vault path of the note the question is about (already resolved and visible). */
  anchor?: string;
  since?: string;
  until?: string;
  signal?: AbortSignal;
  /** Model text as it streams in; the final `answer` (rendered, verified) replaces it. */
  onDelta?: (text: string) => void;
  maxTokens?: number;
}

export class EmptyQuestionError extends BrainError {
  constructor() {
    super('empty_question', 'the question is empty');
    this.name = 'EmptyQuestionError';
  }
}

export async function think(deps: ThinkDeps, question: string, options: ThinkOptions = {}): Promise<ThinkResult> {
  const q = question.replace(/\s+/g, ' ').trim().slice(0, MAX_QUESTION_CHARS);
  if (q === '') throw new EmptyQuestionError();
  const llm = deps.llm ?? DEFAULT_LLM_SETTINGS;
  const gathered = await gather(deps, q, { anchor: options.anchor, since: options.since, until: options.until, maxNotes: llm.maxNotes });
  // Belt and braces: the store holds no excluded note, and none may reach a prompt even if one slipped in.
  const excerpts = gathered.excerpts.filter((e) => deps.accepts(e.path));

  const choice = deps.model !== undefined ? (deps.model ? { model: deps.model } : { model: null, reason: 'no model provider is configured' }) : chooseModel(llm, { fetch: deps.fetch, streamFetch: deps.streamFetch });
  let claims: Claim[] = [];
  let modelId: string | null = null;
  let fallbackReason: string | undefined;
  let sentToProvider: string[] = [];
  let droppedCitations = 0;
  let withheld: string[] = [];
  const warnings: string[] = [];

  if (!choice.model) fallbackReason = choice.reason;
  else if (excerpts.length === 0) fallbackReason = 'no notes matched the question, so there was nothing to send to the model';
  else {
    sentToProvider = [...new Set(excerpts.map((e) => e.path))];
    const outcome = await askModel(choice.model, q, excerpts, llm.timeoutMs, options, deps.breaker);
    if ('error' in outcome) fallbackReason = outcome.error;
    else {
      if (outcome.text.length >= MAX_MODEL_ANSWER_CHARS) {
        warnings.push(`the model's answer was cut off after ${MAX_MODEL_ANSWER_CHARS.toLocaleString('en-US')} characters (a runaway or endless stream); only that part was read`);
      }
      const verified = verifyClaims(parseModelAnswer(outcome.text), excerpts);
      droppedCitations = verified.dropped;
      if (verified.claims.some((c) => c.citations.length > 0)) {
        // Lines the model wrote without a verified source are not part of the answer: a note that injects the
        // model can make it say anything, and only cited lines can be checked against the notes.
        claims = verified.claims.filter((c) => c.citations.length > 0);
        withheld = verified.claims.filter((c) => c.citations.length === 0).map((c) => c.text);
        modelId = choice.model.id;
      } else {
        fallbackReason = verified.claims.length === 0 ? 'the model returned no usable answer' : 'the model\u2019s answer cited none of the gathered notes';
      }
    }
  }
  if (modelId === null) {
    claims = extractiveClaims(q, excerpts);
    // A relation question: name the related notes first, cited to the sentences stating each typed fact.
    const named = gathered.facts ? factClaim(gathered.facts, excerpts) : null;
    if (named) claims = [named, ...claims];
  }

  const absent = await absentWords(deps.engine, deps.accepts, q);
  const gaps = await findGaps(deps.engine, deps.accepts, {
    question: q,
    paths: [...gathered.entities, ...excerpts.map((e) => e.path)],
    claims,
    withheld: withheld.length,
    absent,
  });
  const citations = new Map<string, { path: string; line: number; title: string }>();
  for (const c of claims) for (const x of c.citations) citations.set(`${x.path}\u0000${x.line}`, { path: x.path, line: x.line, title: x.title });
  // An agent's note is not the user's own word: excerpts and the answer say when one is cited.
  const agents = await agentWrittenAmong(deps.engine, excerpts.map((e) => e.path));
  const citedAgents = [...new Set([...citations.values()].map((c) => c.path))].filter((p) => agents.has(p));
  let answer = renderAnswer(claims, fallbackReason, liveTargetsOf(excerpts), withheld.length, absent);
  if (citedAgents.length > 0) {
    const titles = new Map(excerpts.map((e) => [e.path, e.title]));
    answer += `\n\n_Cites ${citedAgents.length === 1 ? 'a note' : 'notes'} written by an agent, not by you: ${citedAgents.map((p) => noteLink(p, titles.get(p) ?? p)).join(', ')}._`;
  }
  return {
    question: q,
    answer,
    claims,
    citations: [...citations.values()],
    gaps,
    model: modelId,
    ...(fallbackReason ? { fallbackReason } : {}),
    sentToProvider,
    droppedCitations,
    withheld,
    warnings,
    agentWritten: citedAgents,
    excerpts: excerpts.map(({ text: _text, ...rest }) => (agents.has(rest.path) ? { ...rest, agentWritten: true } : rest)),
  };
}

type ModelOutcome = { text: string } | { error: string };

async function askModel(model: ChatModel, question: string, excerpts: Excerpt[], timeoutMs: number, options: ThinkOptions, breaker?: CircuitBreaker): Promise<ModelOutcome> {
  try {
    breaker?.admit();
  } catch (e) {
    return { error: errorMessage(e) };
  }
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const text = await model.complete({
      system: SYSTEM_PROMPT,
      user: buildUserPrompt(question, excerpts),
      maxTokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
      signal: controller.signal,
      onDelta: options.onDelta,
    });
    // Some SDK streams end quietly on abort instead of throwing: a cut-off answer is not an answer.
    if (controller.signal.aborted) throw new Error('aborted');
    breaker?.succeeded();
    return { text };
  } catch (e) {
    // The user cancelling is not a model failure: stop, do not fall back.
    if (options.signal?.aborted) {
      breaker?.released();
      throw e;
    }
    if (timedOut) {
      breaker?.failed('timed out');
      return { error: `the model did not answer within ${Math.round(timeoutMs / 1000)} s` };
    }
    const failure = providerFailure(e);
    if (failure === null) breaker?.released();
    else breaker?.failed(failure);
    return { error: `the model call failed (${describe(e)})` };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function describe(e: unknown): string {
  const refused = redirectRefusal(e) ?? tooLargeRefusal(e) ?? causeWithCode(e, 'provider_request_refused');
  if (refused) return refused.message;
  const status = (e as { status?: unknown }).status;
  const message = errorMessage(e);
  const short = message.replace(/\s+/g, ' ').slice(0, 200);
  return typeof status === 'number' ? `HTTP ${status}: ${short}` : short;
}
