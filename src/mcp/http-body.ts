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

export type ParsedRpc = { ok: true; body: unknown } | { ok: false; code: -32700 | -32600; message: string; id: string | number | null };

export function parseJsonRpc(text: string): ParsedRpc {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, code: -32700, message: 'Parse error: the body is not valid JSON', id: null };
  }
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0 || messages.length > MAX_BATCH) {
    return { ok: false, code: -32600, message: `Invalid Request: a batch must hold 1 to ${MAX_BATCH} messages`, id: null };
  }
  if (!messages.every((m) => JSONRPCMessageSchema.safeParse(m).success)) {
    return { ok: false, code: -32600, message: 'Invalid Request: not a JSON-RPC 2.0 message', id: idOf(body) };
  }
  return { ok: true, body };
}

/** The id to echo in an error response, when the request had a usable one. */
function idOf(body: unknown): string | number | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
