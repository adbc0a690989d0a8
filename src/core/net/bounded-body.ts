// A provider's answer is read into memory by the SDK (a JSON body whole, a stream chunk by chunk). A broken or
// hostile endpoint could send gigabytes, or stream forever, and the worker or CLI would grow until it dies. So
// every provider response body is counted as it is read and cut off, with a clear error, past a bound chosen
// per kind of call (far above any honest answer).
import { BrainError } from '../errors';
import type { FetchLike } from './fetch-like';

/** Bounds per call kind, in bytes of response body. */
export const MAX_RESPONSE_BYTES = {
  /** 100 inputs x 3,072 float dims as JSON text is about 6 MB. */
  embeddings: 64 * 1024 * 1024,
  /** A streamed answer is also cut at MAX_MODEL_ANSWER_CHARS of text; this bounds the SSE framing around it. */
  chat: 16 * 1024 * 1024,
  /** 30 scores. */
  rerank: 4 * 1024 * 1024,
} as const;

export class ProviderResponseTooLargeError extends BrainError {
  constructor(
    readonly maxBytes: number,
    what: 'response' | 'line' = 'response',
  ) {
    super(
      'provider_response_too_large',
      what === 'line'
        ? `the provider's stream sent more than ${Math.round(maxBytes / (1024 * 1024))} MB without a line break and was cut off`
        : `the provider's response was larger than ${Math.round(maxBytes / (1024 * 1024))} MB and was cut off`,
    );
    this.name = 'ProviderResponseTooLargeError';
  }
}

/** Statuses whose Response may not carry a body (the constructor throws if given one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Longest run of bytes without a newline in a streamed chat answer. SSE events are short lines; the SDKs' line
 * decoders buffer a line until its newline, re-scanning it as it grows, so a body that never sends one costs
 * quadratic time long before the byte bound (16 MB without a newline kept a test busy past 20 s).
 */
export const MAX_STREAM_LINE_BYTES = 1024 * 1024;

export interface BodyBounds {
  maxBytes: number;
  /** For line-framed bodies (SSE): the longest run without a newline. */
  maxLineBytes?: number;
}

/** `send` whose response bodies fail with ProviderResponseTooLargeError once past `bounds`. */
export function boundedBodies(send: FetchLike, bounds: number | BodyBounds): FetchLike {
  const { maxBytes, maxLineBytes = Number.POSITIVE_INFINITY } = typeof bounds === 'number' ? { maxBytes: bounds } : bounds;
  return async (input, init) => {
    const res = await send(input, init);
    if (!res.body || NULL_BODY.has(res.status)) return res;
    const declared = Number(res.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new ProviderResponseTooLargeError(maxBytes);
    }
    const reader = res.body.getReader();
    let read = 0;
    let line = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        read += value.byteLength;
        line = longestRun(value, line, maxLineBytes);
        if (read > maxBytes || line > maxLineBytes) {
          // Stop the transfer as well, not just our reading of it.
          void reader.cancel().catch(() => undefined);
          controller.error(read > maxBytes ? new ProviderResponseTooLargeError(maxBytes) : new ProviderResponseTooLargeError(maxLineBytes, 'line'));
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

/**
 * The run of bytes without a newline at the end of `chunk`, given the run before it; returns more than `max` as
 * soon as any run inside the chunk is longer.
 */
function longestRun(chunk: Uint8Array, before: number, max: number): number {
  if (max === Number.POSITIVE_INFINITY) return 0;
  let start = 0;
  let run = before;
  for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, start)) {
    if (run + nl - start > max) return run + nl - start;
    start = nl + 1;
    run = 0;
  }
  return run + chunk.length - start;
}

/** The size refusal behind an SDK's wrapper error, if there is one. */
export function tooLargeRefusal(e: unknown): ProviderResponseTooLargeError | null {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof ProviderResponseTooLargeError) return cur;
  }
  return null;
}
