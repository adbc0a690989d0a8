// The plugin's MCP backend: every tool runs in the worker's operations registry as a remote call (`remote: true`:
// paths confined to the vault, excluded notes invisible, as for the CLI's registry backend). The write ops are
// the registry's own too; the worker asks the plugin to write (see bridge/plugin-note-writer.ts), and the MCP
// server lists and runs them only when the user allowed writes.
import type { McpBackend } from '../../mcp/server';
import type { McpOp } from '../../mcp/tools';
import type { OpCallOptions } from '../plugin/brain-service';
import type { OpInfo } from '../protocol/worker-api';

/** What the backend needs of the brain service (BrainService, or a stand-in). */
export interface BrainOps {
  /** The worker registry's operations. */
  readonly ops: readonly OpInfo[];
  opByName(name: string, params: Record<string, unknown>, options: OpCallOptions): Promise<unknown>;
}

export interface PluginBackendOptions {
  brain: BrainOps;
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
    const n = (await brain.opByName('get_note', { note: current, maxChars: 100 }, { remote: true, signal })) as NoteHead;
    return { note: { path: n.path, title: n.title, type: n.type, tags: n.tags } };
  } catch {
    return { note: null };
  }
}

export function createPluginBackend(options: PluginBackendOptions): McpBackend {
  const { brain } = options;
  const extra = options.activeNote ? [ACTIVE_NOTE_OP] : [];
  return {
    ops: (): McpOp[] => [...brain.ops.map(toMcpOp), ...extra],
    call(name, params, signal) {
      if (name === ACTIVE_NOTE_OP.name && options.activeNote) return activeNote(brain, options.activeNote(), signal);
      return brain.opByName(name, params, { remote: true, signal });
    },
  };
}

function toMcpOp(o: OpInfo): McpOp {
  return { name: o.name, description: o.description, scope: o.scope, params: o.params };
}
