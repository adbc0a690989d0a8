// The plugin's MCP server, end to end in Node: the real SDK client over HTTP -> the plugin's server and backend
// -> BrainService -> BrainClient -> the worker protocol over a MessageChannel -> BrainHost and its registry over
// an in-memory PGlite. Only the Worker itself and the Obsidian vault are stand-ins (a port pair, a memory vault).
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../src/core/index/path-rules';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';
import { NoteExistsError, type NoteWriter } from '../../src/core/ops/write-ops';
import { linkMention } from '../../src/core/links/unlinked-mentions';
import type { AuditEntry } from '../../src/mcp/audit';
import type { McpHttpServer } from '../../src/mcp/http-server';
import { pluginNoteWriter } from '../../src/obsidian/bridge/plugin-note-writer';
import { McpStartError, startPluginMcpServer } from '../../src/obsidian/mcp/plugin-server';
import { generateMcpToken } from '../../src/obsidian/mcp/token';
import { BrainService } from '../../src/obsidian/plugin/brain-service';
import { BrainClient, type WorkerLike } from '../../src/obsidian/bridge/brain-client';
import { BrainHost } from '../../src/obsidian/worker/brain-host';
import { connectToMain, type WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import { NOTES, toolJson, toolText } from './fixture';
import { connectClient, mcpHeaders, rawRequest, rpc, type RawResponse } from './helpers';

class MemoryVault implements VaultSource {
  readonly files = new Map<string, { bytes: Uint8Array; mtime: number }>();
  set(path: string, text: string): void {
    this.files.set(path, { bytes: new TextEncoder().encode(text), mtime: Date.now() });
  }
  text(path: string): string | undefined {
    const f = this.files.get(path);
    return f && new TextDecoder().decode(f.bytes);
  }
  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, f]) => ({ path, mtime: f.mtime, size: f.bytes.length })));
  }
  read(path: string): Promise<Uint8Array> {
    const f = this.files.get(path);
    return f ? Promise.resolve(f.bytes) : Promise.reject(new Error(`no file "${path}" in the vault`));
  }
  stat(path: string): Promise<VaultFile | null> {
    const f = this.files.get(path);
    return Promise.resolve(f ? { path, mtime: f.mtime, size: f.bytes.length } : null);
  }
}

const EXCLUDE = ['private'];
const SETTINGS: WorkerSettings = { include: [], exclude: EXCLUDE, configDir: '.obsidian', embedder: 'none', codeChunking: false };
const TOKEN = generateMcpToken();

/** The worker: a BrainHost on the far side of a MessageChannel, as worker-main.ts sets it up. */
function portWorker(): WorkerLike {
  const channel = new MessageChannel();
  const host = new BrainHost({ openEngine: async () => ({ engine: await PGliteEngine.open({}) }) });
  host.attach(connectToMain(channel.port2, host.handlers()));
  const terminate = (): void => {
    channel.port1.close();
    channel.port2.close();
  };
  return Object.assign(channel.port1, { terminate });
}

/** The vault API as the plugin's main thread writes it (with the plugin's own checks), recording each write. */
function memoryWrites(vault: MemoryVault, vaultRoot?: string): { writer: NoteWriter; writes: string[] } {
  const writes: string[] = [];
  const writer: NoteWriter = {
    create(path, text) {
      if (vault.files.has(path)) return Promise.reject(new NoteExistsError(path));
      writes.push(`create ${path}`);
      vault.set(path, text);
      return Promise.resolve();
    },
    append(path, text) {
      writes.push(`append ${path}`);
      vault.set(path, (vault.text(path) ?? '') + text);
      return Promise.resolve();
    },
    linkMention(path, at, linktext) {
      writes.push(`link ${path}`);
      vault.set(path, linkMention(vault.text(path) ?? '', at, linktext));
      return Promise.resolve();
    },
  };
  const filter = new PathFilter({ include: [], exclude: [...defaultRules('.obsidian').exclude, ...EXCLUDE] });
  return { writer: pluginNoteWriter({ writer, accepts: (p) => filter.accepts(p), vaultRoot: () => vaultRoot ?? null }), writes };
}

/** A BrainService over the worker protocol, opened and indexed; `writer` is what the main thread writes with. */
async function startBrain(vaultId: string, writer?: NoteWriter): Promise<BrainService> {
  const service = new BrainService({
    createClient: () => BrainClient.start({ source: vault, writer, createWorker: portWorker }),
    vaultId: () => vaultId,
    workerSettings: () => SETTINGS,
    notify: () => undefined,
  });
  const ready = new Promise<void>((resolve, reject) => {
    service.onState((s) => {
      if (s.kind === 'ready') resolve();
      if (s.kind === 'error') reject(new Error(s.message));
    });
  });
  await service.start();
  await ready;
  return service;
}

/** A raw POST with full control of the headers. */
function post(port: number, body: string, headers: Record<string, string>): Promise<RawResponse> {
  return rawRequest(port, { headers, body });
}

const headers = (port: number, extra: Record<string, string> = {}) => mcpHeaders(port, extra, TOKEN);

let vault: MemoryVault;
let brain: BrainService;
let readOnly: McpHttpServer;
let writable: McpHttpServer;
let client: Client;
let writer: Client;
let writes: ReturnType<typeof memoryWrites>;
const audit: AuditEntry[] = [];

beforeAll(async () => {
  vault = new MemoryVault();
  for (const [path, text] of Object.entries(NOTES)) vault.set(path, text);
  vault.set('.obsidian/app.json', '{}');
  writes = memoryWrites(vault);
  brain = await startBrain('plugin-mcp-test', writes.writer);
  readOnly = await startPluginMcpServer({ brain, allowWrites: false, port: 0, token: TOKEN, auditLog: (e) => audit.push(e) });
  writable = await startPluginMcpServer({ brain, allowWrites: true, port: 0, token: TOKEN });
  client = await connectClient(readOnly.url, TOKEN);
  writer = await connectClient(writable.url, TOKEN);
});

afterAll(async () => {
  await client?.close();
  await writer?.close();
  await readOnly?.close();
  await writable?.close();
  await brain?.close();
});

describe('the plugin MCP server over the worker', () => {
  it('binds loopback and lists the worker registry ops as tools, without write tools unless writes are on', async () => {
    expect(readOnly.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const names = (await client.listTools()).tools.map((t) => t.name);
    const readOps = brain.ops.filter((o) => o.scope === 'read').map((o) => o.name);
    expect(readOps).toEqual(expect.arrayContaining(['search', 'get_note', 'backlinks', 'traverse']));
    expect(names.sort()).toEqual([...readOps, 'continue'].map((n) => `vault_${n}`).sort());
    const writeNames = (await writer.listTools()).tools.map((t) => t.name);
    expect(writeNames).toEqual(expect.arrayContaining(['vault_create_note', 'vault_append_to_note', 'vault_search']));
    // A write tool called on the read-only server is an unknown tool, and nothing is written.
    const refused = await client.callTool({ name: 'create_note', arguments: { path: 'x.md', content: 'x' } });
    expect(refused.isError).toBe(true);
    expect(toolText(refused)).toContain('unknown tool');
    expect(vault.files.has('x.md')).toBe(false);
  });

  it('search and get_note answer from the vault', async () => {
    const found = toolJson(await client.callTool({ name: 'search', arguments: { query: 'warehouse robots' } }));
    const paths = (found.results as { path: string }[]).map((r) => r.path);
    expect(paths).toContain('companies/Acme Robotics.md');
    const note = toolJson(await client.callTool({ name: 'get_note', arguments: { note: 'Alice' } }));
    expect(note).toMatchObject({ path: 'people/Alice Chen.md', title: 'Alice Chen', type: 'person' });
    expect(note.content).toBe(NOTES['people/Alice Chen.md']);
    const back = toolJson(await client.callTool({ name: 'backlinks', arguments: { note: 'Acme Robotics' } }));
    expect(back.backlinks).toContainEqual(expect.objectContaining({ from: 'people/Bob Li.md', type: 'works_at' }));
  });

  it('runs calls as remote: excluded notes are invisible and paths are confined', async () => {
    const byPath = await client.callTool({ name: 'get_note', arguments: { note: 'private/Secret Plan.md' } });
    expect(byPath.isError).toBe(true);
    expect(toolText(byPath)).toMatch(/no note named/);
    expect(toolText(byPath)).not.toContain('SECRET-MARKER');
    const byTitle = await client.callTool({ name: 'get_note', arguments: { note: 'Secret Plan' } });
    expect(byTitle.isError).toBe(true);
    expect(toolText(byTitle)).not.toContain('private/');
    // Words found only in the excluded note.
    const search = toolJson(await client.callTool({ name: 'search', arguments: { query: 'acquire quietly codename' } }));
    expect(JSON.stringify(search.results)).not.toContain('private/');
    expect(JSON.stringify(search.results)).not.toContain('SECRET-MARKER');
    const back = toolJson(await client.callTool({ name: 'backlinks', arguments: { note: 'Acme Robotics' } }));
    expect(JSON.stringify(back)).not.toContain('private/');
    // Only remote calls refuse these (a local caller's names are not confined).
    for (const note of ['../outside/passwords.md', '/etc/passwd']) {
      const r = await client.callTool({ name: 'get_note', arguments: { note } });
      expect(r.isError, note).toBe(true);
    }
  });

  it('refuses a wrong or missing token (401) and a foreign Origin (403), and keeps serving the real client', async () => {
    const port = readOnly.port;
    const wrong = await post(port, rpc('tools/list'), headers(port, { Authorization: `Bearer ${generateMcpToken()}` }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
    const { Authorization: _omit, ...noAuth } = headers(port);
    expect((await post(port, rpc('tools/list'), noAuth)).status).toBe(401);
    await expect(connectClient(readOnly.url, generateMcpToken())).rejects.toThrow();

    const foreign = await post(port, rpc('tools/list'), headers(port, { Origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await post(port, rpc('tools/list'), headers(port, { Origin: 'app://obsidian.md' }))).status).toBe(200);
    expect((await post(port, rpc('tools/list'), headers(port, { Host: `evil.example:${port}` }))).status).toBe(403);

    expect((await client.listTools()).tools.length).toBeGreaterThan(3);
  });

  it('records every call in the audit sink (tool, params summary, size), never note text', async () => {
    const calls = audit.map((e) => e.tool);
    expect(calls).toEqual(expect.arrayContaining(['search', 'get_note', 'backlinks']));
    const ok = audit.find((e) => e.tool === 'get_note' && e.ok)!;
    expect(ok).toMatchObject({ transport: 'http', ok: true });
    expect(ok.bytes).toBeGreaterThan(100);
    const failed = audit.find((e) => e.tool === 'get_note' && !e.ok)!;
    expect(failed.error).toBeTruthy();
    // get_note returned Alice's note; the audit has its size, not its words.
    expect(JSON.stringify(audit)).not.toContain('still leads it');
  });
});

describe('the plugin MCP server with writes on', () => {
  it('create_note writes through the plugin writer and the note is searchable right away', async () => {
    const content = '# Delta Drones\n\nDelta Drones builds quadcopters for orchard surveys.\n';
    const r = toolJson(await writer.callTool({ name: 'create_note', arguments: { path: 'companies/Delta Drones.md', content } }));
    expect(r).toMatchObject({ path: 'companies/Delta Drones.md', created: true });
    expect(vault.text('companies/Delta Drones.md')).toBe(content);
    const found = toolJson(await writer.callTool({ name: 'search', arguments: { query: 'orchard quadcopters' } }));
    expect((found.results as { path: string }[]).map((x) => x.path)).toContain('companies/Delta Drones.md');

    const again = await writer.callTool({ name: 'create_note', arguments: { path: 'companies/Delta Drones.md', content: 'x' } });
    expect(again.isError).toBe(true);
    expect(toolText(again)).toContain('already exists');
  });

  it('append_to_note resolves the name in the worker and appends on a new line', async () => {
    const r = toolJson(await writer.callTool({ name: 'append_to_note', arguments: { note: 'Beta Labs', content: 'Beta Labs opened a Berlin office.' } }));
    expect(r).toMatchObject({ path: 'companies/Beta Labs.md', appended: true });
    expect(vault.text('companies/Beta Labs.md')).toBe(`${NOTES['companies/Beta Labs.md']}Beta Labs opened a Berlin office.`);
    const note = toolJson(await writer.callTool({ name: 'get_note', arguments: { note: 'companies/Beta Labs.md' } }));
    expect(note.content).toContain('Berlin office');
  });

  it('refuses writes to excluded, hidden, non-Markdown and escaping paths, and appends to excluded notes', async () => {
    const before = writes.writes.length;
    const attempts: [string, Record<string, unknown>][] = [
      ['create_note', { path: 'private/New Plan.md', content: 'x' }],
      ['create_note', { path: '.obsidian/evil.md', content: 'x' }],
      ['create_note', { path: 'notes/script.js', content: 'x' }],
      ['create_note', { path: '../outside.md', content: 'x' }],
      ['create_note', { path: '/tmp/abs.md', content: 'x' }],
      ['append_to_note', { note: 'private/Secret Plan.md', content: 'x' }],
      ['append_to_note', { note: 'Secret Plan', content: 'x' }],
      ['append_to_note', { note: 'No Such Note', content: 'x' }],
    ];
    for (const [name, args] of attempts) {
      const r = await writer.callTool({ name, arguments: args });
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(toolText(r)).not.toContain('SECRET-MARKER');
    }
    expect(writes.writes.slice(before)).toEqual([]);
    expect(vault.text('private/Secret Plan.md')).toBe(NOTES['private/Secret Plan.md']);
  });
});

describe('starting the plugin server', () => {
  it('reports a port in use as a McpStartError with a clear message', async () => {
    const err = await startPluginMcpServer({ brain, allowWrites: false, port: readOnly.port, token: TOKEN }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpStartError);
    expect((err as Error).message).toContain(`port ${readOnly.port} is already in use`);
    // The running server is unaffected.
    expect((await client.listTools()).tools.length).toBeGreaterThan(3);
  });

  it('refuses writes that would follow a symlink out of the vault folder (vaultRoot given)', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-plugin-mcp-'));
    await fs.mkdir(path.join(root, 'vault', 'people'), { recursive: true });
    await fs.mkdir(path.join(root, 'outside'));
    await fs.writeFile(path.join(root, 'outside', 'Linked Note.md'), '# Linked\n');
    await fs.symlink(path.join(root, 'outside'), path.join(root, 'vault', 'linked'), 'dir');
    // The desktop plugin's writer knows the vault's folder on disk.
    const writes = memoryWrites(vault, path.join(root, 'vault'));
    const rooted = await startBrain('plugin-mcp-rooted', writes.writer);
    const server = await startPluginMcpServer({ brain: rooted, allowWrites: true, port: 0, token: TOKEN });
    try {
      const c = await connectClient(server.url, TOKEN);
      const before = writes.writes.length;
      for (const p of ['linked/Evil.md', 'linked/deeper/Evil.md']) {
        const r = await c.callTool({ name: 'create_note', arguments: { path: p, content: 'x' } });
        expect(r.isError, p).toBe(true);
        expect(toolText(r)).toContain('resolves outside the vault');
        expect(toolText(r)).not.toContain(root);
      }
      // The vault knows this note (indexed from the memory vault), but on disk it lies behind the symlink.
      vault.set('linked/Linked Note.md', '# Linked\n');
      await rooted.update(['linked/Linked Note.md']);
      const append = await c.callTool({ name: 'append_to_note', arguments: { note: 'linked/Linked Note.md', content: 'x' } });
      expect(append.isError).toBe(true);
      expect(toolText(append)).toContain('resolves outside the vault');
      expect(writes.writes.slice(before)).toEqual([]);
      // A note in a real folder of the vault is written.
      const ok = await c.callTool({ name: 'create_note', arguments: { path: 'people/Eve Stone.md', content: '# Eve Stone\n' } });
      expect(ok.isError).toBeFalsy();
      expect(writes.writes.slice(before)).toEqual(['create people/Eve Stone.md']);
      await c.close();
    } finally {
      await server.close();
      await rooted.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('serves no write tools when writes are on but the plugin gave the brain no writer', async () => {
    const readOnlyBrain = await startBrain('plugin-mcp-no-writer');
    const server = await startPluginMcpServer({ brain: readOnlyBrain, allowWrites: true, port: 0, token: TOKEN });
    try {
      expect(readOnlyBrain.ops.map((o) => o.name)).not.toContain('create_note');
      const c = await connectClient(server.url, TOKEN);
      const names = (await c.listTools()).tools.map((t) => t.name);
      await c.close();
      expect(names).not.toContain('vault_create_note');
      expect(names).toContain('vault_search');
    } finally {
      await server.close();
      await readOnlyBrain.close();
    }
  });

  it('tells an agent which note is open (vault_active_note), but never an excluded one', async () => {
    let open: string | null = 'companies/Acme Robotics.md';
    const server = await startPluginMcpServer({ brain, allowWrites: false, port: 0, token: TOKEN, activeNote: () => open });
    try {
      const c = await connectClient(server.url, TOKEN);
      expect((await c.listTools()).tools.map((t) => t.name)).toContain('vault_active_note');
      const active = toolJson(await c.callTool({ name: 'vault_active_note', arguments: {} }));
      expect(active.note).toEqual(expect.objectContaining({ path: 'companies/Acme Robotics.md', title: 'Acme Robotics' }));
      open = 'private/Secret Plan.md';
      expect(toolJson(await c.callTool({ name: 'vault_active_note', arguments: {} })).note).toBeNull();
      open = null;
      expect(toolJson(await c.callTool({ name: 'vault_active_note', arguments: {} })).note).toBeNull();
      await c.close();
    } finally {
      await server.close();
    }
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('vault_active_note');
  });
});
