// Reading a POST body under a size cap, and turning bad input into JSON-RPC errors instead of crashes.
import type { IncomingMessage } from 'node:http';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

/** Reads the body; stops reading (and pauses the socket) as soon as the cap is passed. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (r: BodyResult): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(r);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      parts.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish({ ok: true, text: Buffer.concat(parts).toString('utf8') }));
    req.once('error', () => finish({ ok: false, reason: 'aborted' }));
    req.once('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}

/** Most messages accepted in one JSON-RPC batch (each is a call; the rate limit counts requests). */
export const MAX_BATCH = 10;

/** The protocol revision that removed JSON-RPC batching (and every later one, compared as ISO dates). */
export const NO_BATCH_SINCE = '2025-06-18';

export type RpcErrorCode = -32700 | -32600 | -32602;
export type ParsedRpc = { ok: true; body: unknown } | { ok: false; code: RpcErrorCode; message: string; id: string | number | null };

/**
 * Checks one incoming message (an HTTP body or a stdio line) before the SDK sees it, so that every malformed
 * message gets the spec's error reply instead of a crash, a silent drop or an internal-error dump.
 * `protocolVersion` is the revision the client speaks (HTTP: its MCP-Protocol-Version header; stdio: what it
 * asked for in initialize); batches are refused from the revision that dropped them on.
 */
export function parseJsonRpc(text: string, protocolVersion?: string): ParsedRpc {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, code: -32700, message: 'Parse error: the message is not valid JSON', id: null };
  }
  if (Array.isArray(body) && protocolVersion !== undefined && protocolVersion >= NO_BATCH_SINCE) {
    return { ok: false, code: -32600, message: `Invalid Request: protocol version ${protocolVersion} has no JSON-RPC batches`, id: null };
  }
  const messages: unknown[] = Array.isArray(body) ? (body as unknown[]) : [body];
  if (messages.length === 0 || messages.length > MAX_BATCH) {
    return { ok: false, code: -32600, message: `Invalid Request: a batch must hold 1 to ${MAX_BATCH} messages`, id: null };
  }
  if (!messages.every((m) => JSONRPCMessageSchema.safeParse(m).success)) {
    return { ok: false, code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message', id: idOf(body) };
  }
  const badCall = messages.find((m) => badToolArguments(m));
  if (badCall) return { ok: false, code: -32602, message: 'Invalid params: tools/call arguments must be an object', id: idOf(badCall) };
  return { ok: true, body };
}

/** A tools/call whose `arguments` is there but not an object (the SDK would answer -32603 with a schema dump). */
function badToolArguments(m: unknown): boolean {
  const msg = m as { method?: unknown; params?: { arguments?: unknown } };
  if (msg.method !== 'tools/call' || !msg.params || !('arguments' in msg.params)) return false;
  const args = msg.params.arguments;
  return args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args));
}

/** The id to echo in an error response, when the request had a usable one. */
function idOf(body: unknown): string | number | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
