// MCP tool definitions, generated from the operations registry (plus `continue`, which pages large results).
// Write-scope ops are listed only when the user enabled writes; new ops appear without touching this file.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { OpScope } from '../core/ops/registry';
import type { ObjectSchema } from '../core/ops/schema';

/** What the MCP layer needs to know about an operation. */
export interface McpOp {
  name: string;
  description: string;
  scope: OpScope;
  params: ObjectSchema;
}

export const CONTINUE_TOOL: McpOp = {
  name: 'continue',
  description:
    'Fetch the next part of a result that was too large for one response. Pass the `cursor` from the previous part; concatenate the parts to get the full JSON. Cursors expire after a few minutes and can be used once.',
  scope: 'read',
  params: {
    type: 'object',
    properties: { cursor: { type: 'string', description: 'The cursor returned with the previous part', minLength: 1, maxLength: 100 } },
    required: ['cursor'],
  },
};

export function exposedOps(ops: McpOp[], allowWrites: boolean): McpOp[] {
  if (ops.some((o) => o.name === CONTINUE_TOOL.name)) throw new Error(`an operation is named "${CONTINUE_TOOL.name}", which MCP reserves`);
  return [...ops.filter((o) => o.scope === 'read' || (allowWrites && o.scope === 'write')), CONTINUE_TOOL];
}

export function toolFor(op: McpOp): Tool {
  return {
    name: op.name,
    description: op.description,
    inputSchema: { ...op.params, additionalProperties: false },
    annotations:
      op.scope === 'read'
        ? { readOnlyHint: true, openWorldHint: false }
        : { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  };
}
