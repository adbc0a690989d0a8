// The MCP stdio transport (newline-delimited JSON-RPC on stdin/stdout) with the edges the SDK's own leaves open:
// its reader closes the whole transport when a line passes 10 MiB (the process then exits 0 with no reply) and
// drops garbage lines without an answer. Here every malformed line gets the spec's error reply, an oversized
// line is refused and skipped up to its newline without being held, batches follow the negotiated revision, and
// the server keeps serving.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { parseJsonRpc } from './http-body';

export interface StdioTransportOptions {
  /** Longest line accepted; a longer one is answered with an error and skipped (default 4 MiB). */
  maxLineBytes?: number;
  /** Where refusals are logged (stderr in the CLI). */
  log?: (message: string) => void;
}

export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

export class LineStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private parts: Buffer[] = [];
  private size = 0;
  /** Set while the rest of an oversized line is skipped. */
  private skipping = false;
  private protocolVersion: string | undefined;
  private readonly maxLineBytes: number;
  private readonly log: (message: string) => void;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    options: StdioTransportOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.log = options.log ?? (() => undefined);
  }

  start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    // A 'data' listener put stdin in flowing mode, which removing it does not undo: a stdin still read keeps the
    // process alive after the server closed (a client's SIGTERM then never ended `vault-brain mcp`).
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.onclose?.();
    return Promise.resolve();
  }

  private readonly onStreamError = (e: Error): void => this.onerror?.(e);

  private readonly onData = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let nl = data.indexOf(NEWLINE); nl !== -1; nl = data.indexOf(NEWLINE)) {
      this.take(data.subarray(0, nl));
      this.endLine();
      data = data.subarray(nl + 1);
    }
    this.take(data);
  };

  /** Adds part of the current line, unless it passes the cap: then the line is dropped and skipped to its end. */
  private take(part: Buffer): void {
    if (this.skipping || part.length === 0) return;
    this.size += part.length;
    if (this.size > this.maxLineBytes) {
      this.skipping = true;
      this.parts = [];
      return;
    }
    this.parts.push(part);
  }

  private endLine(): void {
    if (this.skipping) {
      this.log(`refused a message over ${this.maxLineBytes} bytes`);
      void this.write({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: a message may be at most ${this.maxLineBytes} bytes` } });
    } else {
      const line = Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
      if (line.trim() !== '') this.dispatch(line);
    }
    this.parts = [];
    this.size = 0;
    this.skipping = false;
  }

  private dispatch(line: string): void {
    const parsed = parseJsonRpc(line, this.protocolVersion);
    if (!parsed.ok) {
      this.log(`refused a message: ${parsed.message}`);
      void this.write({ jsonrpc: '2.0', id: parsed.id, error: { code: parsed.code, message: parsed.message } });
      return;
    }
    for (const message of (Array.isArray(parsed.body) ? parsed.body : [parsed.body]) as JSONRPCMessage[]) {
      // The revision the client asked for decides whether later batches are allowed.
      if ('method' in message && message.method === 'initialize') {
        const asked = (message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
        if (typeof asked === 'string') this.protocolVersion = asked;
      }
      this.onmessage?.(message);
    }
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
