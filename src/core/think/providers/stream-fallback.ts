// Streamed chat from the plugin's worker goes through the worker's own fetch (requestUrl cannot stream), which a
// browser's CORS policy can stop before any answer: a local server without CORS headers, a proxy. Such a stream
// "cannot start"; the same question is then asked once unstreamed through the transport's `fetch` (the main
// thread's requestUrl), and the whole answer arrives at once instead of piece by piece.
import { tooLargeRefusal } from '../../net/bounded-body';
import { redirectRefusal } from '../../net/redirect-guard';
import type { ChatRequest } from '../types';
import type { ProviderTransport } from './options';

/**
 * True when a streamed call failed before the provider answered at all: the SDK's connection error wrapping the
 * fetch's own rejection (a TypeError: "Failed to fetch" for a CORS refusal or a closed port). Not when the caller
 * cancelled or the call timed out, not for an HTTP error (the provider did answer), and not when our own guards
 * refused the answer (a cross-origin redirect, an oversized body): asking again would meet the same refusal.
 */
export function streamCouldNotStart(e: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted || redirectRefusal(e) || tooLargeRefusal(e)) return false;
  const err = e as { status?: unknown; cause?: unknown } | null;
  return !!err && typeof err === 'object' && err.status === undefined && err.cause instanceof TypeError;
}

/** Whether a failed stream may be retried unstreamed: only when the two transports differ (the plugin). */
export function hasUnstreamedFallback(transport: ProviderTransport): boolean {
  return !!transport.fetch && !!transport.streamFetch && transport.fetch !== transport.streamFetch;
}

/**
 * Runs `streamed`; when its stream could not start (and nothing was delivered yet) and the transport has another
 * way out, runs `unstreamed` once and hands its whole text to `onDelta`.
 */
export async function withUnstreamedFallback(
  request: ChatRequest,
  transport: ProviderTransport,
  streamed: (onDelta: (text: string) => void) => Promise<string>,
  unstreamed: () => Promise<string>,
): Promise<string> {
  if (request.stream === false) return unstreamed();
  let delivered = false;
  try {
    return await streamed((text) => {
      delivered = true;
      request.onDelta?.(text);
    });
  } catch (e) {
    if (delivered || !hasUnstreamedFallback(transport) || !streamCouldNotStart(e, request.signal)) throw e;
    const text = await unstreamed();
    if (text) request.onDelta?.(text);
    return text;
  }
}
