// MCP tool definitions, generated from the operations registry (plus `vault_continue`, which pages large
// results). Tools are published as `vault_<op>` so they do not collide with other servers' generic names; the
// bare op names still work when called (aliases, for one release). Write-scope ops are listed only when the
// user enabled writes; new ops appear without touching this file.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { OpScope } from '../core/ops/registry';
import { remoteSchema, type ObjectSchema } from '../core/ops/schema';

/** What the MCP layer needs to know about an operation. */
export interface McpOp {
  name: string;
  description: string;
  scope: OpScope;
  params: ObjectSchema;
}

export const TOOL_PREFIX = 'vault_';

export const CONTINUE_TOOL: McpOp = {
  name: 'continue',
  description:
    'Fetch the next part of a result that was too large for one response. Pass the `cursor` from the previous part; concatenate the parts to get the full JSON. Cursors expire after a minute and can be used once.',
  scope: 'read',
  params: {
    type: 'object',
    properties: { cursor: { type: 'string', description: 'The cursor returned with the previous part', minLength: 1, maxLength: 100 } },
    required: ['cursor'],
  },
};

/** When an agent should reach for each tool (appended to the op's own description, which says what it returns). */
const WHEN_TO_USE: Record<string, string> = {
  search: 'Start here for any question about the vault; then open a hit with vault_get_note.',
  get_note: 'Use to read one note in full once you know its name or path.',
  backlinks: 'Use to see who or what refers to a note (people at a company, meetings that mention a person).',
  links: 'Use to see what a note points to, including notes that do not exist yet.',
  traverse: 'Use for relation questions that span several hops (who works at the companies X invested in).',
  graph: 'Large: use it only to analyse the whole link graph; for one note use vault_backlinks or vault_traverse.',
  timeline: 'Use for "when" questions and to see what happened around a date.',
  think: 'Use for a cited synthesis across many notes, and to learn what the vault does not know (gaps).',
  list_notes: 'Use to browse a folder, a tag or a type of note.',
  recent_changes: 'Use to see what the user has been working on lately.',
  active_note: 'Use when the user says "this note" or "the note I have open".',
  stats: 'Use for an overview of the vault\'s size and shape.',
  status: 'Use when a note seems missing from results, to see whether it was skipped or failed and why.',
  create_note: 'Use only when the user asks to save something as a new note.',
  append_to_note: 'Use only when the user asks to add to an existing note.',
};

export function toolNameFor(opName: string): string {
  return `${TOOL_PREFIX}${opName}`;
}

/** The op a tool name refers to: `vault_search` and the older bare `search` both mean the op `search`. */
export function opNameForTool(tool: string): string {
  return tool.startsWith(TOOL_PREFIX) ? tool.slice(TOOL_PREFIX.length) : tool;
}

export function exposedOps(ops: McpOp[], allowWrites: boolean): McpOp[] {
  if (ops.some((o) => o.name === CONTINUE_TOOL.name)) throw new Error(`an operation is named "${CONTINUE_TOOL.name}", which MCP reserves`);
  return [...ops.filter((o) => o.scope === 'read' || (allowWrites && o.scope === 'write')).map(remoteShape), CONTINUE_TOOL];
}

/**
 * The op as remote callers may call it: `think` loses `save` (saving writes a note; remote callers write only
 * through the explicit write tools, and the op refuses `save` from them anyway).
 */
function remoteShape(op: McpOp): McpOp {
  if (op.name !== 'think' || !('save' in op.params.properties)) return op;
  const properties = Object.fromEntries(Object.entries(op.params.properties).filter(([k]) => k !== 'save'));
  return { ...op, params: { ...op.params, properties, required: op.params.required?.filter((k) => k !== 'save') } };
}

export function toolFor(op: McpOp): Tool {
  const when = WHEN_TO_USE[op.name];
  return {
    name: toolNameFor(op.name),
    description: when ? `${op.description} ${when}` : op.description,
    // MCP callers are remote: parameters for trusted local callers only (think's `save`) are not published.
    inputSchema: { ...remoteSchema(op.params), additionalProperties: false },
    annotations:
      op.scope === 'read'
        ? { readOnlyHint: true, openWorldHint: false }
        : { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  };
}
