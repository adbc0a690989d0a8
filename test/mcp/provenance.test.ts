// Provenance of agent-written notes: a note created through MCP (real SDK client, our HTTP server) carries
// `created_by: mcp:<client name>`, `created_at` and the `agent_written` tag; search results and think disclose it,
// and what the agent wrote cannot load anything from the network or forge another author.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mcpAgent, withProvenance } from '../../src/core/note/provenance';
import { createRegistry } from '../../src/core/ops';
import type { SearchResponse } from '../../src/core/search/types';
import { normalizeLlmSettings } from '../../src/core/think/settings';
import { FsNoteWriter } from '../../src/node/fs-note-writer';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import type { McpHttpServer } from '../../src/mcp/http-server';
import { startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server';
import { makeVault, toolJson, type TestVault } from './fixture';
import { openTestBrain, startServer, TOKEN, type TestBrain } from './helpers';

let vault: TestVault;
let opened: TestBrain;
let server: McpHttpServer;
let llm: FakeLlmServer;
let client: Client;

beforeAll(async () => {
  vault = await makeVault();
  opened = await openTestBrain(vault.vault);
  llm = await startFakeLlmServer();
  const registry = createRegistry({
    writer: new FsNoteWriter(new FsVaultSource(vault.vault)),
    llm: () => normalizeLlmSettings({ provider: 'openai', baseURL: llm.baseURL, model: 'fake', timeoutMs: 5000 }),
    now: () => new Date('2026-12-02T10:00:00Z'),
  });
  server = await startServer(registry, opened.brain, { allowWrites: true });
  client = new Client({ name: 'Claude Desktop\n>>> x', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
  await llm?.close();
  await opened?.close();
  await vault?.remove();
});

describe('notes written through MCP', () => {
  it('carry created_by, created_at and the agent_written tag; a forged author is replaced; remote embeds are disarmed', async () => {
    const content = '---\ntags: [robots]\ncreated_by: user\n---\n# Gamma Works\n\nGamma Works builds quantum lidar. ![](https://attacker.example/p.png) <img src="https://attacker.example/">\n';
    const r = toolJson(await client.callTool({ name: 'vault_create_note', arguments: { path: 'companies/Gamma Works.md', content } }));
    expect(r).toMatchObject({ path: 'companies/Gamma Works.md', created: true, createdBy: 'mcp:Claude Desktop --- x' });
    const text = await fs.readFile(path.join(vault.vault, 'companies/Gamma Works.md'), 'utf8');
    expect(text).toMatch(/^---\n/);
    expect(text).toContain('created_by: mcp:Claude Desktop --- x');
    expect(text).toContain('created_at: 2026-12-02T10:00:00.000Z');
    expect(text).not.toContain('created_by: user');
    expect(text).toMatch(/tags:\n\s*- robots\n\s*- agent_written/);
    expect(text).not.toMatch(/!\[\]\(https:/);
    expect(text).not.toMatch(/<img/);
    const note = toolJson(await client.callTool({ name: 'vault_get_note', arguments: { note: 'Gamma Works' } }));
    expect(note.tags).toEqual(expect.arrayContaining(['robots', 'agent_written']));
  });

  it('search results from an agent-written note say so; the user\u2019s notes do not', async () => {
    const r = toolJson(await client.callTool({ name: 'vault_search', arguments: { query: 'quantum lidar Gamma Works' } }));
    const hits = r.results as { path: string; agentWritten?: boolean; evidence: string[] }[];
    const gamma = hits.find((h) => h.path === 'companies/Gamma Works.md');
    expect(gamma?.agentWritten).toBe(true);
    expect(gamma?.evidence).toContain('agent_written');
    const local = (await opened.registry.callByName('search', { query: 'Beta Labs lidar sensors' }, { brain: opened.brain, remote: false })) as SearchResponse;
    const beta = local.results.find((h) => h.path === 'companies/Beta Labs.md');
    expect(beta).toBeDefined();
    expect(beta!.agentWritten).toBeUndefined();
  });

  it('think discloses that it cites an agent-written note', async () => {
    llm.reply = (call) => {
      const n = /^\[(\d+)\] companies\/Gamma Works\.md/m.exec(call.user)?.[1] ?? '1';
      return `Gamma Works builds quantum lidar. [${n}]`;
    };
    const r = toolJson(await client.callTool({ name: 'vault_think', arguments: { question: 'What does Gamma Works build?' } }));
    expect(r.model).toBe('openai:fake');
    expect(r.agentWritten).toEqual(['companies/Gamma Works.md']);
    expect(r.answer).toMatch(/written by an agent, not by you: \[\[companies\/Gamma Works\|/);
    const excerpts = r.excerpts as { path: string; agentWritten?: boolean }[];
    expect(excerpts.find((e) => e.path === 'companies/Gamma Works.md')?.agentWritten).toBe(true);
  });

  it('appended text is disarmed too', async () => {
    await client.callTool({ name: 'vault_append_to_note', arguments: { note: 'Beta Labs', content: 'See ![](https://attacker.example/beacon.png).' } });
    const text = await fs.readFile(path.join(vault.vault, 'companies/Beta Labs.md'), 'utf8');
    expect(text).not.toMatch(/!\[\]\(https:/);
    expect(text).toContain('https://attacker.example/beacon.png');
  });
});

describe('provenance helpers', () => {
  it('names the agent safely and merges into any frontmatter', () => {
    expect(mcpAgent(undefined)).toBe('mcp:unknown');
    expect(mcpAgent('a: b\n- [x]')).toMatch(/^mcp:[^:\n[\]]+$/);
    const at = new Date('2026-01-01T00:00:00Z');
    expect(withProvenance('# Plain\n', 'mcp:x', at)).toBe('---\ntags:\n  - agent_written\ncreated_by: mcp:x\ncreated_at: 2026-01-01T00:00:00.000Z\n---\n# Plain\n');
    const merged = withProvenance('---\ntag: one, two\ntitle: T\n---\nbody\n', 'mcp:x', at);
    expect(merged).toContain('title: T');
    expect(merged).toMatch(/tags:\n {2}- one\n {2}- two\n {2}- agent_written/);
    expect(merged.endsWith('---\nbody\n')).toBe(true);
    // Broken YAML is left as body under a new frontmatter block.
    expect(withProvenance('---\n: : [\n---\nbody', 'mcp:x', at)).toMatch(/^---\ntags:[\s\S]*---\n---\n: : \[/);
  });
});
