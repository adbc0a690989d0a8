// The MCP server: tools generated from the operations registry, every call run as a `remote` call (paths
// confined, excluded notes invisible) with a timeout, a result size cap with paging, and an audit entry.
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { OpRegistry } from '../core/ops/registry';
import { VERSION } from '../core/version';
import { validateParams, validateRemoteParams } from '../core/ops/schema';
import type { AuditEntry, AuditSink } from './audit';
import { summarizeParams } from './audit';
import { isCallerError } from '../core/errors';
import { mcpAgent } from '../core/note/agent-name';
import { McpCallError, publicErrorMessage } from './errors';
import { CursorStore, digestOf, pageAt, type PageCursor } from './result-pages';
import { ToolsServer } from './tools-server';
import { CONTINUE_TOOL, exposedOps, opNameForTool, toolFor, toolNameFor, type McpOp } from './tools';

export const MCP_SERVER_NAME = 'vault-brain';
export const MCP_SERVER_VERSION = VERSION;

/** Runs operations for the MCP layer. The registry backend is the normal one; the plugin may forward to its worker. */
export interface McpBackend {
  ops(): McpOp[] | Promise<McpOp[]>;
  /**
   * Must run the op as a remote call (`remote: true`). Params are already validated. `caller.agent` (`mcp:<client
   * name>`) goes into the op context, for the provenance of notes it writes.
   */
  call(name: string, params: Record<string, unknown>, signal: AbortSignal, caller?: { agent?: string }): Promise<unknown>;
}

export function registryBackend<B>(registry: OpRegistry<B>, brain: B): McpBackend {
  return {
    ops: () => registry.list(),
    call: (name, params, signal, caller) => registry.callByName(name, params, { brain, remote: true, signal, agent: caller?.agent }),
  };
}

export interface McpLimits {
  /** Largest tool result in UTF-8 bytes; larger results are paged with a cursor. */
  resultBytes: number;
  /** A call still running after this is abandoned (its AbortSignal fires) and reported as an error. */
  callTimeoutMs: number;
}

export const DEFAULT_MCP_LIMITS: McpLimits = { resultBytes: 64 * 1024, callTimeoutMs: 30_000 };

/** Where tools come from: a registry plus the brain to run it on, or any backend. */
export type McpSource<B = unknown> = { registry: OpRegistry<B>; brain: B } | { backend: McpBackend };

export function backendOf<B>(source: McpSource<B>): McpBackend {
  return 'backend' in source ? source.backend : registryBackend(source.registry, source.brain);
}

export type McpServerOptions<B = unknown> = McpSource<B> & McpCommonOptions;

export interface McpCommonOptions {
  /** Expose write-scope ops (create_note, append_to_note). Off unless the user turns it on. */
  allowWrites?: boolean;
  limits?: Partial<McpLimits>;
  /** Shared by the per-request servers of one HTTP server, so cursors survive between requests. */
  cursors?: CursorStore;
  /** Who is calling, for the per-client cursor cap (the stdio process, or an HTTP connection). */
  client?: string;
  auditLog?: AuditSink;
  transport?: AuditEntry['transport'];
  /**
   * The client's name when this server did not see its `initialize` (the stateless HTTP server makes one server per
   * request; it remembers the name per connection).
   */
  clientName?: string;
  /** Server-side diagnostics (unexpected errors with stacks); stderr in the CLI. Never sent to the client. */
  log?: (message: string) => void;
}

const INSTRUCTIONS =
  "Vault Brain answers from the user's Obsidian vault: notes, typed links (works_at, founded, invested_in, attended, ...), " +
  'timelines and search. Name notes by vault-relative path, file name, title or alias. Results are JSON; a result larger ' +
  'than one response ends with {"truncated": true, "cursor": ...}: call `vault_continue` with that cursor for the next part. ' +
  'Start with vault_search; read a note with vault_get_note.';

// A tools-only server on the SDK's Protocol base (tools-server.ts), not McpServer: McpServer's tool API wants zod
// shapes, and we publish the registry's JSON schemas as they are; it would also pull its zod-to-json-schema and
// completion code into main.js (about 115 KB, measured) for nothing.
export function createMcpServer<B>(options: McpServerOptions<B>): ToolsServer {
  const backend = backendOf(options);
  const limits = { ...DEFAULT_MCP_LIMITS, ...options.limits };
  const cursors = options.cursors ?? new CursorStore();
  const client = options.client ?? options.transport ?? 'stdio';
  const allowWrites = options.allowWrites === true;
  const log = options.log ?? (() => undefined);

  const server = new ToolsServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: exposedOps(await backend.ops(), allowWrites).map(toolFor),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const started = Date.now();
    const entry: AuditEntry = { at: new Date(started).toISOString(), transport: options.transport ?? 'stdio', tool: name, params: summarizeParams(args), ms: 0, bytes: 0, ok: true };
    try {
      const { text, start, call } = await runTool(name, args, extra.signal);
      entry.bytes = new TextEncoder().encode(text).length;
      const page = pageAt(text, start, limits.resultBytes);
      const result: CallToolResult = { content: [{ type: 'text', text: page.text }] };
      if (page.more) {
        entry.truncated = true;
        const trailer = {
          truncated: true,
          cursor: cursors.put(client, cursorFor(call, text, page.more.offset)),
          returnedBytes: page.more.returnedBytes,
          remainingBytes: page.more.remainingBytes,
          next: `call the "${toolNameFor(CONTINUE_TOOL.name)}" tool with this cursor and append its text to this part`,
        };
        result.content.push({ type: 'text', text: JSON.stringify(trailer) });
      }
      return result;
    } catch (e) {
      entry.ok = false;
      entry.error = publicErrorMessage(e);
      if (!isCallerError(e)) log(`tool ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return { isError: true, content: [{ type: 'text', text: entry.error }] } satisfies CallToolResult;
    } finally {
      entry.ms = Date.now() - started;
      options.auditLog?.(entry);
    }
  });

  interface ToolRun {
    /** The whole serialized result. */
    text: string;
    /** Where the page to return starts in it. */
    start: number;
    /** The call that produced it, re-run by `continue` when it is safe to. */
    call: ToolCall;
  }

  async function runOp(name: string, params: Record<string, unknown>, requestSignal: AbortSignal): Promise<string> {
    const agent = mcpAgent(server.getClientVersion()?.name ?? options.clientName);
    const result = await withTimeout((signal) => backend.call(name, params, signal, { agent }), limits.callTimeoutMs, requestSignal);
    return JSON.stringify(result ?? null);
  }

  async function runTool(tool: string, args: unknown, requestSignal: AbortSignal): Promise<ToolRun> {
    const name = opNameForTool(tool);
    if (name === CONTINUE_TOOL.name) {
      const { cursor: id } = validateParams(CONTINUE_TOOL.params, args) as { cursor: string };
      const cursor = cursors.take(id);
      if (cursor === null) throw new McpCallError('expired_cursor', 'unknown or expired cursor; call the original tool again');
      if (cursor.kind === 'held') return { text: cursor.rest, start: 0, call: { name: cursor.tool, params: {}, rerun: false } };
      const text = await runOp(cursor.tool, cursor.params, requestSignal);
      if (digestOf(text) !== cursor.digest) {
        throw new McpCallError('changed_result', 'the result changed since the previous part (the vault was edited); call the original tool again');
      }
      // The same text as before, so the next cursor carries the digest already checked.
      return { text, start: cursor.offset, call: { name: cursor.tool, params: cursor.params, rerun: true, digest: cursor.digest } };
    }
    const op = exposedOps(await backend.ops(), allowWrites).find((o) => o.name === name);
    // A disabled write op is reported exactly like a tool that does not exist.
    if (!op) throw new McpCallError('unknown_tool', `unknown tool "${tool}"`);
    const params = validateRemoteParams(op.params, args);
    // Reads are re-run for their next page; a write must never run twice, and think's answer costs a model call
    // and differs between runs, so the rest of those (small, and capped in number) is kept instead.
    const rerun = op.scope === 'read' && op.name !== 'think';
    return { text: await runOp(name, params, requestSignal), start: 0, call: { name, params, rerun } };
  }

  return server;
}

/** A tool call as a cursor needs it: what to re-run, whether that is safe, and the result's digest once known. */
interface ToolCall {
  name: string;
  params: Record<string, unknown>;
  rerun: boolean;
  digest?: string;
}

/** The cursor for the page after `offset` of `text`, produced by `call`. */
function cursorFor(call: ToolCall, text: string, offset: number): PageCursor {
  if (!call.rerun) return { kind: 'held', tool: call.name, rest: text.slice(offset) };
  return { kind: 'rerun', tool: call.name, params: call.params, offset, digest: call.digest ?? digestOf(text) };
}

/** Runs `run` with a signal that fires on timeout or when the client cancels; rejects at that moment. */
async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>, ms: number, outer: AbortSignal): Promise<T> {
  const controller = new AbortController();
  const timeout = AbortSignal.timeout(ms);
  let onTimeout: (() => void) | undefined;
  let onCancel: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    // Reject before aborting: an op that rejects synchronously on abort must not win the race with its own message.
    onTimeout = () => {
      reject(new McpCallError('timeout', `the operation timed out after ${Math.round(ms / 100) / 10} s`));
      controller.abort();
    };
    onCancel = () => {
      reject(new McpCallError('cancelled', 'the call was cancelled by the client'));
      controller.abort();
    };
    timeout.addEventListener('abort', onTimeout, { once: true });
    if (outer.aborted) onCancel();
    else outer.addEventListener('abort', onCancel, { once: true });
  });
  try {
    return await Promise.race([run(controller.signal), stop]);
  } finally {
    if (onTimeout) timeout.removeEventListener('abort', onTimeout);
    if (onCancel) outer.removeEventListener('abort', onCancel);
  }
}
