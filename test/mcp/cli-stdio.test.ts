// `vault-brain mcp` over stdio, driven by the real SDK client spawning the built CLI (`npm run build` first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeVault, NOTES, OUTSIDE_SECRET, toolJson, toolText, type TestVault } from './fixture';

const repo = path.resolve(__dirname, '../..');
const cli = path.join(repo, 'bin', 'vault-brain.cjs');

/** Arguments for every tool we know; a tool added to the registry later is still called (with none). */
const ARGS: Record<string, Record<string, unknown>> = {
  backlinks: { note: 'Acme Robotics' },
  links: { note: 'Bob Li' },
  graph: {},
  traverse: { note: 'Alice', depth: 2 },
  timeline: { note: 'Alice Chen' },
  stats: {},
  status: {},
  get_note: { note: 'Carol Diaz' },
  list_notes: { folder: 'companies' },
  unlinked_mentions: { note: 'Acme Robotics' },
  related_notes: { note: 'Acme Robotics' },
};

/** Known args, else every required string param filled with a question about the vault (search, think, ...). */
function argsFor(tool: { name: string; inputSchema: { properties?: Record<string, object>; required?: string[] } }): Record<string, unknown> {
  const known = ARGS[tool.name.replace(/^vault_/, '')];
  if (known) return known;
  const props = tool.inputSchema.properties ?? {};
  return Object.fromEntries(
    (tool.inputSchema.required ?? []).filter((k) => (props[k] as { type?: string } | undefined)?.type === 'string').map((k) => [k, 'Who works at Acme Robotics?']),
  );
}

let v: TestVault;
let client: Client;
let transport: StdioClientTransport;
let stderr = '';
let connectMs = 0;
const transportErrors: Error[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(repo, 'dist', 'cli.cjs'))) throw new Error('dist/cli.cjs is missing: run `npm run build` before the MCP stdio tests');
  v = await makeVault({ excludePrivate: true });
  await fs.symlink(v.outsideFile, path.join(v.vault, 'people', 'Mallory.md'));
  transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--vault', v.vault], stderr: 'pipe', cwd: repo });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  client = new Client({ name: 'vault-brain-stdio-test', version: '1.0.0' });
  client.onerror = (e) => transportErrors.push(e);
  const t0 = Date.now();
  await client.connect(transport);
  connectMs = Date.now() - t0;
  // Tool calls answer "still indexing" until the brain is open; wait for it like a patient client would.
  for (;;) {
    const r = await client.callTool({ name: 'stats', arguments: {} }, undefined, { timeout: 120_000 });
    if (!r.isError) break;
    expect(toolText(r)).toMatch(/still indexing/);
  }
});

afterAll(async () => {
  await client?.close();
  await v?.remove();
});

describe('vault-brain mcp (stdio)', () => {
  it('answers the handshake at once, before the brain is open', () => {
    expect(connectMs).toBeLessThan(15_000);
  });

  it('lists the registry read ops plus continue, with closed JSON schemas', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ['backlinks', 'links', 'graph', 'traverse', 'timeline', 'stats', 'status', 'get_note', 'list_notes', 'recent_changes', 'continue']) expect(names).toContain(`vault_${n}`);
    expect(names).not.toContain('create_note');
    for (const t of tools) expect(t.inputSchema.additionalProperties).toBe(false);
  });

  it('calls every tool and gets answers from the vault', async () => {
    const { tools } = await client.listTools();
    const results: Record<string, Record<string, unknown>> = {};
    for (const t of tools) {
      if (t.name === 'vault_continue') continue;
      const r = await client.callTool({ name: t.name, arguments: argsFor(t) });
      // Ops added later (search, think) must answer too; a missing LLM key may make `think` say so.
      const op = t.name.replace(/^vault_/, '');
      if (op !== 'think') expect(r.isError, `${t.name}: ${toolText(r)}`).toBeFalsy();
      if (!r.isError) results[op] = toolJson(r);
    }
    expect(results.backlinks!.backlinks).toContainEqual(expect.objectContaining({ from: 'people/Bob Li.md', type: 'works_at' }));
    expect(results.links!.links).toContainEqual(expect.objectContaining({ to: 'companies/Beta Labs.md', type: 'advises' }));
    expect((results.graph!.edges as unknown[]).length).toBeGreaterThan(5);
    expect((results.traverse!.nodes as { path: string }[]).map((n) => n.path)).toContain('companies/Acme Robotics.md');
    expect((results.timeline!.entries as { date: string }[]).map((e) => e.date).sort()).toEqual(['2019-04-02', '2023-09-15']);
    // private/ is excluded by the vault's config: 7 notes indexed of 8 written.
    expect(results.stats!.pages).toBe(Object.keys(NOTES).length - 1);
    expect(results.status!.indexed).toBe(Object.keys(NOTES).length - 1);
    expect(results.get_note!.content).toBe(NOTES['people/Carol Diaz.md']);
    expect((results.list_notes!.notes as { path: string }[]).map((n) => n.path)).toEqual(['companies/Acme Robotics.md', 'companies/Beta Labs.md']);
    if (results.search) expect(JSON.stringify(results.search)).toContain('Acme Robotics');
  });

  it('keeps the trust boundary: traversal, absolute paths, excluded notes, symlinks, unknown params', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_note', { note: '../outside/passwords.md' }, /"\.\." is not allowed/],
      ['get_note', { note: '/etc/passwd' }, /absolute paths/],
      ['get_note', { note: 'private/Secret Plan.md' }, /^no note named "private\/Secret Plan\.md"$/],
      ['get_note', { note: 'Secret Plam' }, /^no note named "Secret Plam"$/],
      ['get_note', { note: 'people/Mallory.md' }, /no note named/],
      ['backlinks', { note: 'Acme', extra: true }, /unknown parameter "extra"/],
    ];
    for (const [name, args, message] of cases) {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(toolText(r)).toMatch(message);
      expect(toolText(r)).not.toContain(OUTSIDE_SECRET);
      expect(toolText(r)).not.toContain(v.root);
    }
  });

  it('speaks only the protocol on stdout, logs to stderr, and audits into .vault-brain/', async () => {
    expect(transportErrors).toEqual([]);
    expect(stderr).toMatch(/serving .* over stdio/);
    // The server appends audit lines without blocking the answer, so the last ones may land a moment later.
    type Entry = { tool: string; ok: boolean; transport: string };
    // The audit records the name the client called: vault_backlinks from the tool list, get_note by its old alias.
    const wanted = (es: Entry[]) => es.some((e) => e.tool === 'vault_backlinks' && e.ok && e.transport === 'stdio') && es.some((e) => e.tool === 'get_note' && !e.ok);
    let entries: Entry[] = [];
    for (let i = 0; i < 50 && !wanted(entries); i++) {
      if (i > 0) await sleep(100);
      const audit = await fs.readFile(path.join(v.vault, '.vault-brain', 'mcp-audit.jsonl'), 'utf8').catch(() => '');
      // Only complete lines: a line being appended is read again on the next pass.
      entries = audit.split('\n').slice(0, -1).map((l) => JSON.parse(l) as Entry);
    }
    expect(entries.some((e) => e.tool === 'vault_backlinks' && e.ok && e.transport === 'stdio')).toBe(true);
    expect(entries.some((e) => e.tool === 'get_note' && !e.ok)).toBe(true);
  });

  it('releases the database lock when the client disconnects', async () => {
    await client.close();
    const lock = path.join(v.vault, '.vault-brain', 'db.lock');
    for (let i = 0; i < 100 && existsSync(lock); i++) await sleep(100);
    expect(existsSync(lock)).toBe(false);
  });
});
