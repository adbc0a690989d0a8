// The plugin's MCP backend. Reads run in the worker's operations registry as remote calls (`remote: true`: paths
// confined to the vault, excluded notes invisible, as for the CLI's registry backend). Writes, when the user
// turned them on, run here on the main thread: only it may write through the Obsidian vault API. They are the
// registry's own write ops (the same path rules), run over a narrow view of the brain that forwards to the worker.
import type { Brain } from '../../core/brain';
import type { OpDefinition } from '../../core/ops/registry';
import { createWriteOps, type NoteWriter } from '../../core/ops/write-ops';
import type { McpBackend } from '../../mcp/server';
import type { McpOp } from '../../mcp/tools';
import type { OpCallOptions } from '../plugin/brain-service';
import type { OpInfo } from '../protocol/worker-api';

/** What the backend needs of the brain service (BrainService, or a stand-in). */
export interface BrainOps {
  /** The worker registry's operations. */
  readonly ops: readonly OpInfo[];
  op<R>(name: string, params: Record<string, unknown>, options: OpCallOptions): Promise<R>;
  /** Re-indexes paths that were just written. */
  update(paths: string[]): Promise<void>;
}

/** How the main thread writes notes; given only when the user turned writes on. */
export interface PluginWriteAccess {
  writer: NoteWriter;
  read(path: string): Promise<Uint8Array>;
  /** The include/exclude rules in force: an excluded path is never written. */
  accepts(path: string): boolean;
}

export interface PluginBackendOptions {
  brain: BrainOps;
  writes?: PluginWriteAccess | null;
  /** The note open in the editor; gives agents the `active_note` tool. */
  activeNote?: () => string | null;
}

/** Only the plugin knows which note is open, so this op lives here rather than in the worker's registry. */
const ACTIVE_NOTE_OP: McpOp = {
  name: 'active_note',
  description: 'The note the user has open in Obsidian right now (path, title, type, tags), or null when none is open.',
  scope: 'read',
  params: { type: 'object', properties: {} },
};

interface NoteHead {
  path: string;
  title: string;
  type: string;
  tags: string[];
}

async function activeNote(brain: BrainOps, current: string | null, signal: AbortSignal): Promise<{ note: NoteHead | null }> {
  if (!current) return { note: null };
  try {
    // Through the worker's remote get_note: an excluded or not yet indexed note is "none open", never leaked.
    const n = await brain.op<NoteHead>('get_note', { note: current, maxChars: 100 }, { remote: true, signal });
    return { note: { path: n.path, title: n.title, type: n.type, tags: n.tags } };
  } catch {
    return { note: null };
  }
}

export function createPluginBackend(options: PluginBackendOptions): McpBackend {
  const { brain, writes } = options;
  const local = new Map<string, OpDefinition<Brain, never, unknown>>(writes ? createWriteOps(writes.writer).map((o) => [o.name, o]) : []);
  const view = writes ? writeView(brain, writes) : null;
  const extra = options.activeNote ? [ACTIVE_NOTE_OP] : [];
  return {
    ops: (): McpOp[] => [...[...brain.ops.filter((o) => !local.has(o.name)), ...[...local.values()]].map(toMcpOp), ...extra],
    call(name, params, signal) {
      if (name === ACTIVE_NOTE_OP.name && options.activeNote) return activeNote(brain, options.activeNote(), signal);
      const op = local.get(name);
      // Params arrive validated against the op's schema by the MCP server.
      if (op && view) return op.handler({ brain: view, remote: true, signal }, params as never);
      return brain.op(name, params, { remote: true, signal });
    },
  };
}

function toMcpOp(o: OpInfo | OpDefinition<Brain, never, unknown>): McpOp {
  return { name: o.name, description: o.description, scope: o.scope, params: o.params };
}

/**
 * The members of Brain the write ops use (see core/ops/write-ops.ts): `filter.accepts`, `source.read`,
 * `indexer.updatePaths` and, through `noteFor`, `resolveNote`. Names resolve in the worker as a remote `get_note`,
 * so an excluded or unknown note is "not found" exactly as for reads. test/mcp/plugin-server.test.ts runs both ops.
 */
function writeView(brain: BrainOps, writes: PluginWriteAccess): Brain {
  const view = {
    filter: { accepts: (path: string) => writes.accepts(path) },
    source: { read: (path: string) => writes.read(path) },
    indexer: { updatePaths: (paths: string[]) => brain.update(paths) },
    resolveNote: async (name: string): Promise<string> =>
      (await brain.op<{ path: string }>('get_note', { note: name, maxChars: 100 }, { remote: true })).path,
  };
  return view as unknown as Brain;
}
