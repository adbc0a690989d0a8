// Embeddings from any OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio, vLLM...) via the
// `openai` SDK. The SDK's own retries are off: we retry with jittered backoff and Retry-After.
import { BrainError, causeWithCode, errorCode } from '../errors';
import type OpenAI from 'openai';
import type { APIError } from 'openai';
import { loadOpenAI, loadedOpenAI } from '../net/openai-sdk';
import { parseRetryAfter, retryWithBackoff } from './backoff';
import type { FetchLike } from '../net/fetch-like';
import { providerFailure, type CircuitBreaker } from '../net/circuit-breaker';
import { MAX_RESPONSE_BYTES } from '../net/bounded-body';
import { guardedFetchOptions, redirectRefusal } from '../net/redirect-guard';
import { normalizeInPlace, type Embedder } from './embedder';

export interface OpenAIEmbedderOptions {
  /** e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Optional for local servers; a placeholder is sent so the SDK does not look for OPENAI_API_KEY. */
  apiKey?: string;
  model: string;
  /** Requested vector size (`dimensions`); when absent the model's native size is learned. */
  dims?: number;
  fetch?: FetchLike;
  /** Per request (default 60 s). */
  timeoutMs?: number;
  /** Retries after the first attempt on 408/429/5xx/network errors (default 5). */
  maxRetries?: number;
  /** Texts per request (default and cap 100). */
  batchSize?: number;
  /** Longer inputs are cut to this many UTF-16 units to stay under token limits (default 8000). */
  maxInputChars?: number;
  /** Backoff tuning (defaults 500 ms base, 20 s cap); tests shrink them. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void;
  /**
   * Every request (each retry too) goes through it: a dead endpoint opens it after a few failed requests, and
   * then calls fail at once until its cool-down ends, instead of each search and index run waiting again.
   */
  breaker?: CircuitBreaker;
}

export type { FetchLike };

export const OPENAI_MAX_BATCH = 100;
export const DEFAULT_MAX_INPUT_CHARS = 8000;

export class EmbeddingResponseError extends BrainError {
  constructor(message: string) {
    super('bad_embedding_response', message);
    this.name = 'EmbeddingResponseError';
  }
}

export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  if (!options.model.trim()) throw new Error('embedding model name is required');
  if (options.dims !== undefined && !(Number.isInteger(options.dims) && options.dims > 0)) {
    throw new Error(`invalid embedding dims ${String(options.dims)}`);
  }
  const settings: ConstructorParameters<typeof OpenAI>[0] = {
    baseURL: options.baseURL,
    apiKey: options.apiKey || 'not-needed',
    // The request carries the key and note text: never re-sent to another origin by a redirect.
    ...guardedFetchOptions(options.fetch, MAX_RESPONSE_BYTES.embeddings),
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  };
  let client: Promise<OpenAI> | null = null;
  const connect = (): Promise<OpenAI> => (client ??= loadOpenAI().then(({ default: Sdk }) => new Sdk(settings)));
  const maxBatch = Math.max(1, Math.min(options.batchSize ?? OPENAI_MAX_BATCH, OPENAI_MAX_BATCH));
  const maxChars = options.maxInputChars ?? DEFAULT_MAX_INPUT_CHARS;
  // A model's native size is fixed by its name; only an explicit `dimensions` changes the space.
  const id = options.dims ? `openai:${options.model}@${options.dims}` : `openai:${options.model}`;
  let learnedDims = options.dims ?? 0;

  const send = async (inputs: string[], signal?: AbortSignal): Promise<unknown> => {
    try {
      const sdk = await connect();
      // Loading the SDK can outlast a short timeout; the SDK does not notice a signal that was aborted before the call.
      signal?.throwIfAborted();
      return await sdk.embeddings.create(
        {
          model: options.model,
          input: inputs,
          // Explicit, so the SDK hands the raw payload back and we decode both base64 and float
          // replies (some compatible servers ignore encoding_format and always send floats).
          encoding_format: 'base64',
          ...(options.dims ? { dimensions: options.dims } : {}),
        },
        { signal },
      );
    } catch (e) {
      // The SDK reports a refused redirect, or the plugin refusing an origin, as a retryable "Connection error.";
      // it is neither.
      throw redirectRefusal(e) ?? causeWithCode(e, 'provider_request_refused') ?? e;
    }
  };
  const { breaker } = options;
  const request = async (inputs: string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    const response = breaker ? await breaker.run(() => send(inputs, signal), (e) => providerFailure(e, signal)) : await send(inputs, signal);
    return decodeResponse(response, inputs.length);
  };

  const embedBatch = async (texts: string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    // Empty inputs are rejected by the API; they have no meaning anyway, so they get zero vectors.
    const positions: number[] = [];
    const inputs: string[] = [];
    texts.forEach((t, i) => {
      const text = typeof t === 'string' ? truncate(t, maxChars) : '';
      if (text.trim()) {
        positions.push(i);
        inputs.push(text);
      }
    });
    const vectors =
      inputs.length === 0
        ? []
        : await retryWithBackoff(() => request(inputs, signal), {
            retries: options.maxRetries ?? 5,
            baseMs: options.backoffBaseMs ?? 500,
            maxMs: options.backoffMaxMs ?? 20_000,
            isRetryable: isRetryableError,
            retryAfterMs: retryAfterOf,
            onRetry: options.onRetry,
            signal,
          });
    for (const v of vectors) {
      if (learnedDims === 0) learnedDims = v.length;
      if (v.length !== learnedDims) {
        throw new EmbeddingResponseError(`model ${options.model} returned ${v.length} dims, expected ${learnedDims}`);
      }
    }
    const dims = learnedDims;
    const out: Float32Array[] = texts.map(() => new Float32Array(dims));
    positions.forEach((p, k) => (out[p] = normalizeInPlace(vectors[k]!)));
    return out;
  };

  return {
    id,
    get dims() {
      return learnedDims;
    },
    maxBatch,
    async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += maxBatch) {
        out.push(...(await embedBatch(texts.slice(i, i + maxBatch), signal)));
      }
      return out;
    },
  };
}

export function isRetryableError(err: unknown): boolean {
  // The SDK's errors exist only once it is loaded (the first request loads it).
  const sdk = loadedOpenAI();
  if (!sdk || err instanceof sdk.APIUserAbortError) return false;
  // The plugin refused to send the request (not a configured provider): asking again gets the same answer.
  if (errorCode(err) === 'provider_request_refused') return false;
  // Includes timeouts (APIConnectionTimeoutError) and refused/reset connections.
  if (err instanceof sdk.APIConnectionError) return true;
  if (err instanceof sdk.APIError) {
    const status: number = (err as APIError).status ?? 0;
    return status === 408 || status === 429 || status >= 500;
  }
  return false;
}

function retryAfterOf(err: unknown): number | undefined {
  const sdk = loadedOpenAI();
  if (!sdk || !(err instanceof sdk.APIError)) return undefined;
  const headers: Headers | undefined = (err as APIError).headers;
  return parseRetryAfter(headers);
}

/** Cuts at `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function decodeResponse(response: unknown, expected: number): Float32Array[] {
  const data = (response as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new EmbeddingResponseError('embeddings response has no data array');
  if (data.length !== expected) {
    throw new EmbeddingResponseError(`embeddings response has ${data.length} items for ${expected} inputs`);
  }
  const out = new Array<Float32Array | undefined>(expected);
  (data as unknown[]).forEach((item, k) => {
    const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    const i = index === undefined ? k : index;
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= expected || out[i]) {
      throw new EmbeddingResponseError(`embeddings response has a bad or repeated index ${JSON.stringify(i)}`);
    }
    out[i] = decodeEmbedding(embedding);
  });
  return out as Float32Array[];
}

export function decodeEmbedding(embedding: unknown): Float32Array {
  let v: Float32Array;
  if (typeof embedding === 'string') v = decodeBase64Float32(embedding);
  else if (Array.isArray(embedding) && embedding.every((x) => typeof x === 'number')) v = Float32Array.from(embedding);
  else throw new EmbeddingResponseError('embedding is neither base64 nor an array of numbers');
  if (v.length === 0) throw new EmbeddingResponseError('empty embedding');
  for (const x of v) if (!Number.isFinite(x)) throw new EmbeddingResponseError('embedding has non-finite values');
  return v;
}

/** Little-endian float32s, base64-encoded (the OpenAI wire format). Node-free: uses atob. */
export function decodeBase64Float32(b64: string): Float32Array {
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    throw new EmbeddingResponseError('embedding is not valid base64');
  }
  if (binary.length % 4 !== 0) throw new EmbeddingResponseError(`base64 embedding has ${binary.length} bytes, not a multiple of 4`);
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  const out = new Float32Array(binary.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}
