// The tools-only server on the SDK's Protocol base does the lifecycle the SDK's own Server did: the initialize
// handshake (version negotiation, capabilities, instructions, the client's name), ping, and a clear refusal of what a
// tools-only server does not offer. Checked with the SDK's real Client over its in-memory transport.
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CallToolResultSchema,
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  ListResourcesResultSchema,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, MCP_SERVER_NAME } from '../../src/mcp/server';
import type { McpBackend } from '../../src/mcp/server';

const echo: McpBackend = {
  ops: () => [{ name: 'stats', description: 'Counts.', scope: 'read', params: { type: 'object', properties: {} } } as never],
  call: (name, _params, _signal, caller) => Promise.resolve({ name, agent: caller?.agent ?? null }),
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function connected(clientName = 'tools-server-check') {
  const server = createMcpServer({ backend: echo });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: clientName, version: '9.9.9' });
  await client.connect(clientSide);
  closers.push(() => client.close(), () => server.close());
  return { server, client };
}

/** Sends raw JSON-RPC lines to a fresh server and collects its answers by id. */
async function raw(messages: JSONRPCMessage[]): Promise<Map<unknown, JSONRPCMessage>> {
  const server = createMcpServer({ backend: echo });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<unknown, JSONRPCMessage>();
  clientSide.onmessage = (m) => {
    if ('id' in m) answers.set(m.id, m);
  };
  await server.connect(serverSide);
  await clientSide.start();
  closers.push(() => server.close());
  for (const m of messages) await clientSide.send(m);
  for (let i = 0; i < 50 && answers.size < messages.filter((m) => 'id' in m).length; i++) await new Promise((r) => setTimeout(r, 10));
  return answers;
}

describe('tools-only MCP server', () => {
  it('answers initialize with its name, the tools capability and the instructions, and learns the client name', async () => {
    const { server, client } = await connected('a-client');
    expect(client.getServerVersion()?.name).toBe(MCP_SERVER_NAME);
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(client.getInstructions()).toMatch(/vault_continue/);
    expect(server.getClientVersion()).toEqual({ name: 'a-client', version: '9.9.9' });
    const result = CallToolResultSchema.parse(await client.callTool({ name: 'vault_stats', arguments: {} }));
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ name: 'stats', agent: 'mcp:a-client' });
    await expect(client.ping()).resolves.toEqual({});
  });

  it('answers in the client’s protocol version when it speaks it, else in its latest', async () => {
    const init = (id: number, protocolVersion: string): JSONRPCMessage => ({
      jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    expect((await raw([init(1, '2025-03-26')])).get(1)).toMatchObject({ result: { protocolVersion: '2025-03-26' } });
    expect((await raw([init(2, '1999-01-01')])).get(2)).toMatchObject({ result: { protocolVersion: LATEST_PROTOCOL_VERSION } });
  });

  it('refuses what it does not offer: resources, and a tool call asking to run as a task', async () => {
    const { client } = await connected();
    await expect(client.request({ method: 'resources/list', params: {} }, ListResourcesResultSchema)).rejects.toMatchObject({
      code: ErrorCode.MethodNotFound,
    });
    const answers = await raw([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'x', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'vault_stats', arguments: {}, task: { ttl: 1000 } } },
    ]);
    const refusal = answers.get(2);
    expect(refusal && 'error' in refusal ? refusal.error.message : refusal).toMatch(/task creation/);
  });
});
