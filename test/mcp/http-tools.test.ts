// The MCP tools over Streamable HTTP with the real SDK client: listing, every tool against the temp vault,
// paging of large results, write gating, timeouts and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Brain } from '../../src/core/brain';
import type { OpRegistry } from '../../src/core/ops/registry';
import type { AuditEntry } from '../../src/mcp/audit';
import type { McpHttpServer } from '../../src/mcp/http-server';
import { startMcpHttpServer } from '../../src/mcp/http-server';
import { makeVault, NOTES, toolJson, toolText, type TestVault } from './fixture';
import { connectClient, openTestBrain, startServer, TOKEN } from './helpers';

let v: TestVault;
let opened: { brain: Brain; close(): Promise<void> };
let registry: OpRegistry<Brain>;
let server: McpHttpServer;
let client: Client;
const audit: AuditEntry[] = [];

beforeAll(async () => {
  v = await makeVault();
  const tb = await openTestBrain(v.vault, { exclude: ['private'] });
  opened = tb;
  registry = tb.registry;
  server = await startServer(registry, opened.brain, { auditLog: (e) => audit.push(e) });
  client = await connectClient(server.url);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await opened?.close();
  await v?.remove();
});

describe('MCP over HTTP: tools', () => {
  it('lists every read op from the registry with its JSON schema, closed to unknown params, and no write ops', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    const readOps = registry.list({ scope: 'read' }).map((o) => o.name);
    expect(names).toEqual([...readOps, 'continue'].map((n) => `vault_${n}`).sort());
    expect(names).not.toContain('vault_create_note');
    expect(names).not.toContain('vault_append_to_note');
    const backlinks = tools.find((t) => t.name === 'vault_backlinks')!;
    expect(backlinks.inputSchema).toMatchObject({ type: 'object', required: ['note'], additionalProperties: false });
    expect(backlinks.description?.startsWith(registry.get('backlinks')!.description)).toBe(true);
    expect(backlinks.annotations?.readOnlyHint).toBe(true);
  });

  it('backlinks: typed incoming links of a company', async () => {
    const r = toolJson(await client.callTool({ name: 'backlinks', arguments: { note: 'Acme Robotics' } }));
    expect(r.note).toBe('companies/Acme Robotics.md');
    const rows = r.backlinks as { from: string; type: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ from: 'people/Bob Li.md', type: 'works_at' }));
    expect(rows).toContainEqual(expect.objectContaining({ from: 'people/Alice Chen.md', type: 'founded' }));
    expect(rows).toContainEqual(expect.objectContaining({ from: 'people/Carol Diaz.md', type: 'invested_in' }));
    // The excluded note links to Acme too; a remote caller never sees it.
    expect(JSON.stringify(rows)).not.toContain('private/');
  });

  it('links: outgoing links including a dangling one', async () => {
    const r = toolJson(await client.callTool({ name: 'links', arguments: { note: 'companies/Acme Robotics' } }));
    const links = r.links as { to: string | null; targetText: string }[];
    expect(links).toContainEqual(expect.objectContaining({ to: 'companies/Beta Labs.md' }));
    expect(links).toContainEqual(expect.objectContaining({ to: null, targetText: 'Knowledge Holes' }));
  });

  it('graph, traverse, timeline, stats, status, get_note and list_notes answer from the vault', async () => {
    const graph = toolJson(await client.callTool({ name: 'graph', arguments: {} }));
    expect((graph.edges as { from: string; to: string | null; type: string }[])).toContainEqual(
      expect.objectContaining({ from: 'people/Bob Li.md', to: 'companies/Beta Labs.md', type: 'advises' }),
    );

    const trav = toolJson(await client.callTool({ name: 'traverse', arguments: { note: 'Alice', depth: 2 } }));
    const paths = (trav.nodes as { path: string }[]).map((n) => n.path);
    expect(paths).toContain('companies/Acme Robotics.md');

    const tl = toolJson(await client.callTool({ name: 'timeline', arguments: { since: '2020-01-01' } }));
    const entries = tl.entries as { path: string; date: string }[];
    expect(entries.map((e) => e.date).sort()).toEqual(['2020-03-01', '2023-09-15']);

    const stats = toolJson(await client.callTool({ name: 'stats', arguments: {} }));
    expect(stats.pages).toBe(Object.keys(NOTES).length - 1);

    const status = toolJson(await client.callTool({ name: 'status', arguments: {} }));
    expect(status.indexed).toBe(Object.keys(NOTES).length - 1);

    const note = toolJson(await client.callTool({ name: 'get_note', arguments: { note: 'Bob Li' } }));
    expect(note).toMatchObject({ path: 'people/Bob Li.md', title: 'Bob Li', type: 'person', truncated: false });
    expect(note.content).toBe(NOTES['people/Bob Li.md']);

    const list = toolJson(await client.callTool({ name: 'list_notes', arguments: { type: 'person' } }));
    expect((list.notes as { path: string }[]).map((n) => n.path).sort()).toEqual(['people/Alice Chen.md', 'people/Bob Li.md', 'people/Carol Diaz.md']);
  });

  it('reports bad input as isError results with a clear message', async () => {
    const unknownParam = await client.callTool({ name: 'backlinks', arguments: { note: 'Acme', nope: 1 } });
    expect(unknownParam.isError).toBe(true);
    expect(toolText(unknownParam)).toMatch(/unknown parameter "nope"/);

    const missing = await client.callTool({ name: 'get_note', arguments: {} });
    expect(missing.isError).toBe(true);
    expect(toolText(missing)).toMatch(/missing required parameter "note"/);

    const wrongType = await client.callTool({ name: 'traverse', arguments: { note: 'Alice', depth: 'deep' } });
    expect(toolText(wrongType)).toMatch(/"depth" must be a number/);

    const unknownTool = await client.callTool({ name: 'drop_database', arguments: {} });
    expect(unknownTool.isError).toBe(true);
    expect(toolText(unknownTool)).toBe('unknown tool "drop_database"');

    const notFound = await client.callTool({ name: 'get_note', arguments: { note: 'Zeta Projct' } });
    expect(notFound.isError).toBe(true);
    expect(toolText(notFound)).toContain('concepts/Zeta Project.md');
  });

  it('write ops are not callable while writes are disabled, and say so like an unknown tool', async () => {
    const r = await client.callTool({ name: 'create_note', arguments: { path: 'x.md', content: 'hi' } });
    expect(r.isError).toBe(true);
    expect(toolText(r)).toBe('unknown tool "create_note"');
    await expect(fs.stat(path.join(v.vault, 'x.md'))).rejects.toThrow();
  });

  it('pages a result larger than the cap and returns the rest through `continue`, once', async () => {
    const small = await startServer(registry, opened.brain, { limits: { resultBytes: 1024 } });
    const c = await connectClient(small.url);
    try {
      const full = toolJson(await client.callTool({ name: 'graph', arguments: {} }));
      const fullText = JSON.stringify(full);
      expect(new TextEncoder().encode(fullText).length).toBeGreaterThan(1024);

      let result = await c.callTool({ name: 'graph', arguments: {} });
      let text = '';
      let pages = 0;
      for (;;) {
        const parts = result.content as { type: string; text: string }[];
        expect(new TextEncoder().encode(parts[0]!.text).length).toBeLessThanOrEqual(1024);
        text += parts[0]!.text;
        pages++;
        if (parts.length === 1) break;
        const trailer = JSON.parse(parts[1]!.text) as { truncated: boolean; cursor: string };
        expect(trailer.truncated).toBe(true);
        result = await c.callTool({ name: 'continue', arguments: { cursor: trailer.cursor } });
        expect(result.isError).toBeFalsy();
        // A cursor is good for one read.
        if (pages === 1) {
          const again = await c.callTool({ name: 'continue', arguments: { cursor: trailer.cursor } });
          expect(again.isError).toBe(true);
          expect(toolText(again)).toMatch(/unknown or expired cursor/);
        }
      }
      expect(pages).toBeGreaterThan(1);
      expect(JSON.parse(text)).toEqual(full);
    } finally {
      await c.close();
      await small.close();
    }
  });

  it('re-runs the call for the next part, so a vault edited between parts is reported instead of mixed', async () => {
    const small = await startServer(registry, opened.brain, { limits: { resultBytes: 1024 } });
    const c = await connectClient(small.url);
    const added = path.join(v.vault, 'Paging edit.md');
    try {
      const first = (await c.callTool({ name: 'graph', arguments: {} })).content as { type: string; text: string }[];
      const trailer = JSON.parse(first[1]!.text) as { cursor: string };
      await fs.writeFile(added, 'Meets [[Acme Robotics]] and [[Bob Li]].\n');
      await opened.brain.index();
      const next = await c.callTool({ name: 'continue', arguments: { cursor: trailer.cursor } });
      expect(next.isError).toBe(true);
      expect(toolText(next)).toMatch(/changed since the previous part/);
    } finally {
      await fs.rm(added, { force: true });
      await opened.brain.index();
      await c.close();
      await small.close();
    }
  });

  it('lists links in pages: limit, offset and nextOffset walk every backlink once', async () => {
    const all = toolJson(await client.callTool({ name: 'backlinks', arguments: { note: 'Acme Robotics' } })) as { backlinks: unknown[]; nextOffset: number | null };
    expect(all.backlinks.length).toBeGreaterThan(1);
    expect(all.nextOffset).toBeNull();
    const walked: unknown[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = toolJson(await client.callTool({ name: 'backlinks', arguments: { note: 'Acme Robotics', limit: 1, offset } })) as typeof all;
      expect(page.backlinks.length).toBeLessThanOrEqual(1);
      walked.push(...page.backlinks);
      offset = page.nextOffset;
    }
    expect(walked).toEqual(all.backlinks);
  });

  it('times a slow call out with an error result, aborting its signal, and keeps serving', async () => {
    let aborted = false;
    const slow = await startMcpHttpServer({
      backend: {
        ops: () => [{ name: 'slow', description: 'never finishes', scope: 'read', params: { type: 'object', properties: {} } }],
        call: (_name, _params, signal) =>
          new Promise((_, reject) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('aborted'));
            });
          }),
      },
      port: 0,
      token: TOKEN,
      limits: { callTimeoutMs: 300 },
    });
    const c = await connectClient(slow.url);
    try {
      const started = Date.now();
      const r = await c.callTool({ name: 'slow', arguments: {} });
      expect(r.isError).toBe(true);
      expect(toolText(r)).toMatch(/timed out after 0.3 s/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(aborted).toBe(true);
      expect((await c.listTools()).tools.map((t) => t.name)).toEqual(['vault_slow', 'vault_continue']);
    } finally {
      await c.close();
      await slow.close();
    }
  });

  it('never leaks host paths or stacks from unexpected errors', async () => {
    const failing = await startMcpHttpServer({
      backend: {
        ops: () => [{ name: 'boom', description: 'fails', scope: 'read', params: { type: 'object', properties: {} } }],
        call: () => Promise.reject(new Error(`EIO: i/o error, open '${path.join(v.root, 'outside', 'x.md')}'`)),
      },
      port: 0,
      token: TOKEN,
    });
    const c = await connectClient(failing.url);
    try {
      const r = await c.callTool({ name: 'boom', arguments: {} });
      expect(r.isError).toBe(true);
      const text = toolText(r);
      expect(text).not.toContain(v.root);
      expect(text).not.toMatch(/\n\s+at /);
      expect(text).toContain('<path>');
    } finally {
      await c.close();
      await failing.close();
    }
  });

  it('writes an audit entry per call: tool, params summary, duration, size, ok/error', () => {
    const backlinks = audit.find((e) => e.tool === 'backlinks' && e.ok);
    expect(backlinks).toMatchObject({ transport: 'http', params: '{"note":"Acme Robotics"}', ok: true });
    expect(backlinks!.bytes).toBeGreaterThan(100);
    expect(backlinks!.ms).toBeGreaterThanOrEqual(0);
    const failed = audit.find((e) => e.tool === 'backlinks' && !e.ok);
    expect(failed?.error).toMatch(/unknown parameter/);
  });
});

describe('MCP over HTTP: writes enabled', () => {
  let writer: McpHttpServer;
  let wc: Client;
  beforeAll(async () => {
    writer = await startServer(registry, opened.brain, { allowWrites: true, auditLog: (e) => audit.push(e) });
    wc = await connectClient(writer.url);
  });
  afterAll(async () => {
    await wc?.close();
    await writer?.close();
  });

  it('lists create_note, append_to_note and link_mention', async () => {
    const names = (await wc.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['vault_create_note', 'vault_append_to_note', 'vault_link_mention']));
  });

  it('links an unlinked mention it listed, on disk, and the link is indexed at once', async () => {
    await v.write('notes/Lunch.md', '# Lunch\n\nTalked with Bob Li about lidar.\n');
    await opened.brain.indexer.updatePaths(['notes/Lunch.md']);
    const listed = toolJson(await wc.callTool({ name: 'unlinked_mentions', arguments: { note: 'Bob Li' } }));
    const note = (listed.notes as { path: string; mentions: { line: number; column: number; text: string }[] }[]).find((n) => n.path === 'notes/Lunch.md');
    expect(note?.mentions[0]).toMatchObject({ line: 3, text: 'Bob Li' });
    const m = note!.mentions[0]!;
    const r = await wc.callTool({ name: 'link_mention', arguments: { note: 'notes/Lunch.md', target: 'Bob Li', line: m.line, column: m.column, text: m.text } });
    expect(r.isError, toolText(r)).toBeFalsy();
    expect(await fs.readFile(path.join(v.vault, 'notes/Lunch.md'), 'utf8')).toBe('# Lunch\n\nTalked with [[Bob Li]] about lidar.\n');
    const back = toolJson(await wc.callTool({ name: 'backlinks', arguments: { note: 'Bob Li' } }));
    expect(back.backlinks).toContainEqual(expect.objectContaining({ from: 'notes/Lunch.md' }));
    // Listed again: that place is a link now, so it is not offered, and linking it again is refused.
    const again = await wc.callTool({ name: 'link_mention', arguments: { note: 'notes/Lunch.md', target: 'Bob Li', line: m.line, column: m.column, text: m.text } });
    expect(again.isError).toBe(true);
    expect(toolText(again)).toMatch(/no longer there/);
  });

  it('creates a note, indexes it at once, and refuses to overwrite it', async () => {
    const r = await wc.callTool({ name: 'create_note', arguments: { path: 'people/Dana Wu.md', content: '# Dana Wu\n\nDana works at [[Beta Labs]].\n' } });
    expect(r.isError).toBeFalsy();
    expect(await fs.readFile(path.join(v.vault, 'people/Dana Wu.md'), 'utf8')).toContain('Dana works at');
    const back = toolJson(await wc.callTool({ name: 'backlinks', arguments: { note: 'Beta Labs' } }));
    expect(back.backlinks).toContainEqual(expect.objectContaining({ from: 'people/Dana Wu.md', type: 'works_at' }));

    const again = await wc.callTool({ name: 'create_note', arguments: { path: 'people/Dana Wu.md', content: 'overwritten' } });
    expect(again.isError).toBe(true);
    expect(toolText(again)).toMatch(/already exists/);
    expect(await fs.readFile(path.join(v.vault, 'people/Dana Wu.md'), 'utf8')).toContain('Dana works at');
    const audited = audit.find((e) => e.tool === 'create_note' && e.ok);
    expect(audited?.params).toContain('<');
    expect(audited?.params).not.toContain('Dana works at');
  });

  it('appends to an existing note on a new line', async () => {
    const r = await wc.callTool({ name: 'append_to_note', arguments: { note: 'Beta Labs', content: 'Raised a seed round.' } });
    expect(r.isError).toBeFalsy();
    const text = await fs.readFile(path.join(v.vault, 'companies/Beta Labs.md'), 'utf8');
    expect(text).toBe(`${NOTES['companies/Beta Labs.md']}Raised a seed round.`);
  });

  it('refuses writes outside the vault, to other file types, hidden or excluded folders, and oversized content', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ path: '../escape.md', content: 'x' }, /"\.\." is not allowed/],
      [{ path: '/tmp/abs.md', content: 'x' }, /absolute paths are not allowed/],
      [{ path: 'notes/evil.js', content: 'x' }, /only Markdown notes/],
      [{ path: '.config/plugins/x.md', content: 'x' }, /hidden files/],
      [{ path: 'notes/.hidden.md', content: 'x' }, /hidden files/],
      [{ path: 'private/New.md', content: 'x' }, /excluded/],
      [{ path: 'big.md', content: 'x'.repeat(100_001) }, /longer than 100000/],
    ];
    for (const [args, message] of cases) {
      const r = await wc.callTool({ name: 'create_note', arguments: args });
      expect(r.isError, JSON.stringify(args).slice(0, 80)).toBe(true);
      expect(toolText(r)).toMatch(message);
    }
    await expect(fs.stat(path.join(v.root, 'escape.md'))).rejects.toThrow();
    await expect(fs.stat(path.join(v.vault, 'private/New.md'))).rejects.toThrow();
    const hidden = await wc.callTool({ name: 'append_to_note', arguments: { note: 'private/Secret Plan.md', content: 'x' } });
    expect(hidden.isError).toBe(true);
    expect(toolText(hidden)).toMatch(/no note named/);
  });

  it('refuses to create a note through a symlinked folder that points outside the vault', async () => {
    await fs.symlink(path.dirname(v.outsideFile), path.join(v.vault, 'linked'));
    const r = await wc.callTool({ name: 'create_note', arguments: { path: 'linked/planted.md', content: 'x' } });
    expect(r.isError).toBe(true);
    expect(toolText(r)).toMatch(/outside the vault/);
    const nested = await wc.callTool({ name: 'create_note', arguments: { path: 'linked/deeper/planted.md', content: 'x' } });
    expect(nested.isError).toBe(true);
    await expect(fs.stat(path.join(path.dirname(v.outsideFile), 'planted.md'))).rejects.toThrow();
    await expect(fs.stat(path.join(path.dirname(v.outsideFile), 'deeper'))).rejects.toThrow();
  });
});
