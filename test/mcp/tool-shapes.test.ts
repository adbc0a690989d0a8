// What an agent sees of Vault Brain, pinned: the tool names (prefixed, so they never collide with another
// server's `search`), descriptions that say when to use each, tool definitions and results small enough for a
// context window, and the old bare names still answering (aliases for one release).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../../src/mcp/server';
import { makeVault, toolJson, type TestVault } from './fixture';
import { openTestBrain, type TestBrain } from './helpers';

const READ_TOOLS = [
  'vault_backlinks',
  'vault_continue',
  'vault_doctor',
  'vault_get_note',
  'vault_graph',
  'vault_links',
  'vault_list_notes',
  'vault_recent_changes',
  'vault_related_notes',
  'vault_search',
  'vault_stats',
  'vault_status',
  'vault_think',
  'vault_timeline',
  'vault_traverse',
  'vault_unlinked_mentions',
];
/** Budgets in UTF-8 bytes of JSON. */
const PER_TOOL = 1500;
const ALL_TOOLS = 12_000;
const PER_SEARCH_HIT = 700;

let v: TestVault;
let t: TestBrain;

async function connect(allowWrites: boolean): Promise<Client> {
  const server = createMcpServer({ registry: t.registry, brain: t.brain, allowWrites });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'tool-shapes', version: '1' });
  await client.connect(clientSide);
  return client;
}

const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));

beforeAll(async () => {
  v = await makeVault();
  t = await openTestBrain(v.vault, { exclude: ['private'] });
});

afterAll(async () => {
  await t?.close();
  await v?.remove();
});

describe('the MCP tools an agent sees', () => {
  it('are prefixed vault_, say when to use them, and fit a budget', async () => {
    const client = await connect(false);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(READ_TOOLS);
    for (const tool of tools) {
      expect(bytes(tool), `${tool.name} is ${bytes(tool)} bytes`).toBeLessThan(PER_TOOL);
      if (tool.name !== 'vault_continue') expect(tool.description, tool.name).toMatch(/\buse\b|\bstart here\b/i);
    }
    expect(bytes(tools)).toBeLessThan(ALL_TOOLS);
    // Saving a think answer writes a note: not offered to remote callers.
    expect(Object.keys(tools.find((x) => x.name === 'vault_think')!.inputSchema.properties ?? {})).not.toContain('save');
    const writable = await connect(true);
    expect((await writable.listTools()).tools.map((x) => x.name).sort()).toEqual([...READ_TOOLS, 'vault_append_to_note', 'vault_create_note', 'vault_link_mention'].sort());
    await writable.close();
    await client.close();
  });

  it('answer search compactly (path, line, title, tags, snippet, why) unless asked for everything', async () => {
    const client = await connect(false);
    const compact = toolJson(await client.callTool({ name: 'vault_search', arguments: { query: 'Acme Robotics' } }));
    const hits = compact.results as Record<string, unknown>[];
    expect(hits.length).toBeGreaterThan(1);
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(expect.arrayContaining(['line', 'path', 'snippet', 'tags', 'title', 'why']));
      expect(hit).not.toHaveProperty('text');
      expect(hit).not.toHaveProperty('chunkId');
      expect(hit).not.toHaveProperty('score');
      expect(bytes(hit), `${String(hit.path)}: ${bytes(hit)} bytes`).toBeLessThan(PER_SEARCH_HIT);
    }
    const full = toolJson(await client.callTool({ name: 'vault_search', arguments: { query: 'Acme Robotics', full: true } }));
    expect((full.results as Record<string, unknown>[])[0]).toHaveProperty('text');
    expect(bytes(full)).toBeGreaterThan(bytes(compact));
    await client.close();
  });

  it('still answer to the old bare names, and list recent changes newest first without excluded notes', async () => {
    const client = await connect(false);
    const old = await client.callTool({ name: 'backlinks', arguments: { note: 'Acme Robotics' } });
    expect(old.isError).toBeFalsy();
    expect(toolJson(old)).toEqual(toolJson(await client.callTool({ name: 'vault_backlinks', arguments: { note: 'Acme Robotics' } })));
    await v.write('people/Alice Chen.md', '# Alice Chen\n\nNow at [[Beta Labs]].\n');
    await t.brain.index();
    const recent = toolJson(await client.callTool({ name: 'vault_recent_changes', arguments: { limit: 3 } }));
    const notes = recent.notes as { path: string; modified: string }[];
    expect(notes[0]!.path).toBe('people/Alice Chen.md');
    expect(notes.map((n) => n.modified)).toEqual([...notes.map((n) => n.modified)].sort().reverse());
    expect(JSON.stringify(recent)).not.toContain('private/');
    const bad = await client.callTool({ name: 'vault_recent_changes', arguments: { since: 'yesterday-ish' } });
    expect(bad.isError).toBe(true);
    await client.close();
  });
});
