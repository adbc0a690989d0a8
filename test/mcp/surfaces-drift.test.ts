// The operations registry is the one declaration of every operation; the CLI commands and the MCP tools are
// generated from it. These checks fail if a surface grows its own list or its own parameter schema.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { COMMANDS, cliParams } from '../../src/cli/commands';
import type { Brain } from '../../src/core/brain';
import { createRegistry } from '../../src/core/ops';
import type { OpRegistry } from '../../src/core/ops/registry';
import { createWriteOps, type NoteWriter } from '../../src/core/ops/write-ops';
import { createMcpServer } from '../../src/mcp/server';

/** Commands that are workflows of the CLI itself, not operations. */
const CLI_ONLY = ['index', 'eval', 'parse', 'mcp', 'serve', 'mcp-config', 'migrate'];

function withWrites(): OpRegistry<Brain> {
  const registry = createRegistry();
  // Listing tools never calls a handler, so the writer is never reached.
  for (const op of createWriteOps({} as NoteWriter)) registry.register(op);
  return registry;
}

async function mcpTools(registry: OpRegistry<Brain>, allowWrites: boolean) {
  const server = createMcpServer({ registry, brain: {} as Brain, allowWrites });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'drift-check', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
    await server.close();
  }
}

const kebab = (s: string) => s.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('surfaces generated from the operations registry', () => {
  const ops = createRegistry().list();

  it('has a CLI command for every operation, under its name and its dashed name, and nothing else', () => {
    expect(ops.length).toBeGreaterThan(8);
    for (const op of ops) {
      expect(COMMANDS[op.name], op.name).toBeDefined();
      expect(COMMANDS[op.name.replace(/_/g, '-')], op.name).toBe(COMMANDS[op.name]);
      expect(COMMANDS[op.name]!.summary).toBe(op.description);
    }
    const opNames = new Set(ops.flatMap((op) => [op.name, op.name.replace(/_/g, '-')]));
    expect(Object.keys(COMMANDS).filter((name) => !opNames.has(name)).sort()).toEqual([...CLI_ONLY].sort());
  });

  it('takes every parameter of an operation as a CLI flag, lists it in --help, and refuses unknown flags', () => {
    for (const op of ops) {
      for (const [name, prop] of Object.entries(op.params.properties)) {
        const argv = prop.type === 'boolean' ? [`--${kebab(name)}`] : [`--${kebab(name)}`, '7'];
        expect(cliParams(op, argv), `${op.name} --${kebab(name)}`).toHaveProperty(name);
      }
      expect(Object.keys(COMMANDS[op.name]!.options).sort()).toEqual(Object.keys(op.params.properties).map(kebab).sort());
      // An unknown flag is a usage error (exit 2) naming it, before anything runs.
      expect(() => cliParams(op, ['--no-such-flag-anywhere', 'x'])).toThrow(expect.objectContaining({ exitCode: 2, message: expect.stringMatching(/--no-such-flag-anywhere/) as unknown }));
    }
  });

  it('publishes the read operations as MCP tools with the registry schema, closed to unknown params', async () => {
    const tools = await mcpTools(withWrites(), false);
    const reads = ops.filter((op) => op.scope === 'read');
    expect(tools.map((t) => t.name).sort()).toEqual([...reads.map((op) => `vault_${op.name}`), 'vault_continue'].sort());
    for (const op of reads) {
      const tool = tools.find((t) => t.name === `vault_${op.name}`)!;
      expect(tool.description?.startsWith(op.description), op.name).toBe(true);
      // think's `save` is not offered to remote callers (saving a note is a write); everything else as declared.
      const params = op.name === 'think' ? { ...op.params, properties: Object.fromEntries(Object.entries(op.params.properties).filter(([k]) => k !== 'save')) } : op.params;
      expect(tool.inputSchema).toEqual({ ...params, additionalProperties: false });
    }
  });

  it('adds the write operations as tools only when writes are allowed', async () => {
    const registry = withWrites();
    const writes = registry.list().filter((op) => op.scope === 'write');
    expect(writes.map((op) => op.name).sort()).toEqual(['append_to_note', 'create_note', 'link_mention']);
    const tools = await mcpTools(registry, true);
    for (const op of writes) {
      const tool = tools.find((t) => t.name === `vault_${op.name}`);
      expect(tool?.inputSchema, op.name).toEqual({ ...op.params, additionalProperties: false });
      expect(tool?.annotations?.readOnlyHint).toBe(false);
    }
  });

  it('lets the plugin call only operations the registry declares', () => {
    // The panes, the think command and the plugin's MCP backend reach the worker's registry by op name.
    const dir = path.resolve(__dirname, '../../src/obsidian');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const called = new Set<string>();
    for (const f of files) {
      for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/\bop(?:<[^>]*>)?\('([a-z_]+)'/g)) called.add(m[1]!);
    }
    expect(called.size).toBeGreaterThan(5);
    const names = new Set(withWrites().list().map((op) => op.name));
    expect([...called].filter((name) => !names.has(name))).toEqual([]);
  });
});
