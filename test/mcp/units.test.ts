// The MCP bridge's small parts: guards, rate limiter, result paging, error messages, audit summaries, JSON-RPC
// parsing, and the file-system side (symlink escapes on read, create never overwrites).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createJsonlAuditSink, summarizeParams } from '../../src/mcp/audit';
import { publicErrorMessage, redactPaths } from '../../src/mcp/errors';
import { FsNoteWriter } from '../../src/node/fs-note-writer';
import { parseJsonRpc } from '../../src/mcp/http-body';
import { createTokenCheck, hostAllowed, loopbackBindAddress, originAllowed } from '../../src/mcp/http-guard';
import { RateLimiter } from '../../src/mcp/rate-limit';
import { CursorStore, pageAt } from '../../src/mcp/result-pages';
import { exposedOps, toolFor } from '../../src/mcp/tools';
import { NoteNotFoundError } from '../../src/core/brain';
import { ParamError } from '../../src/core/ops/schema';
import { NoteExistsError } from '../../src/core/ops/write-ops';
import { FsVaultSource } from '../../src/node/fs-vault-source';

describe('http guard', () => {
  it('binds loopback only', () => {
    expect(loopbackBindAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(loopbackBindAddress('localhost')).toBe('127.0.0.1');
    expect(loopbackBindAddress('[::1]')).toBe('::1');
    for (const h of ['0.0.0.0', '::', '192.168.0.2', 'example.com', '127.0.0.2', '']) expect(() => loopbackBindAddress(h)).toThrow(/loopback/);
  });

  it('checks Host against loopback names and the port', () => {
    expect(hostAllowed('127.0.0.1:8080', 8080)).toBe(true);
    expect(hostAllowed('localhost:8080', 8080)).toBe(true);
    expect(hostAllowed('[::1]:8080', 8080)).toBe(true);
    for (const h of [undefined, '', '127.0.0.1', '127.0.0.1:8081', 'evil.com:8080', '127.0.0.1:8080.evil.com', 'localhost:8080@evil']) {
      expect(hostAllowed(h, 8080)).toBe(false);
    }
  });

  it('checks Origin when present', () => {
    expect(originAllowed(undefined)).toBe(true);
    expect(originAllowed('http://localhost:3000')).toBe(true);
    expect(originAllowed('https://127.0.0.1')).toBe(true);
    expect(originAllowed('app://obsidian.md')).toBe(true);
    for (const o of ['null', '', 'https://evil.com', 'http://localhost.evil.com', 'http://127.0.0.1.nip.io', 'file://', 'app://obsidian.md.evil.com']) {
      expect(originAllowed(o)).toBe(false);
    }
    expect(originAllowed('https://my.tool', ['https://my.tool'])).toBe(true);
  });

  it('token check: exact bearer token only; short tokens refused', () => {
    const check = createTokenCheck('abcdefghijklmnop-123');
    expect(check('Bearer abcdefghijklmnop-123')).toBe(true);
    expect(check('bearer   abcdefghijklmnop-123')).toBe(true);
    for (const a of [undefined, '', 'Bearer', 'Bearer abcdefghijklmnop-12', 'Bearer abcdefghijklmnop-1234', 'abcdefghijklmnop-123', 'Basic abcdefghijklmnop-123']) {
      expect(check(a)).toBe(false);
    }
    expect(() => createTokenCheck('short')).toThrow(/at least 16/);
  });
});

describe('rate limiter', () => {
  it('allows the burst, then refills at the sustained rate', () => {
    let now = 0;
    const limiter = new RateLimiter({ perSecond: 10, burst: 5 }, () => now);
    for (let i = 0; i < 5; i++) expect(limiter.take('t').ok).toBe(true);
    const denied = limiter.take('t');
    expect(denied).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('other').ok).toBe(true);
    now += 100;
    expect(limiter.take('t').ok).toBe(true);
    expect(limiter.take('t').ok).toBe(false);
    now += 60_000;
    for (let i = 0; i < 5; i++) expect(limiter.take('t').ok).toBe(true);
    expect(limiter.take('t').ok).toBe(false);
  });
});

describe('result paging', () => {
  it('cuts at a byte cap without splitting characters, and the pages join exactly', () => {
    const text = JSON.stringify({ s: '日本語のテキスト😀'.repeat(400), a: 'x'.repeat(3000) });
    let page = pageAt(text, 0, 1000);
    let joined = '';
    let pages = 0;
    for (;;) {
      expect(new TextEncoder().encode(page.text).length).toBeLessThanOrEqual(1000);
      expect(page.text.length).toBeGreaterThan(0);
      joined += page.text;
      pages++;
      if (!page.more) break;
      expect(page.more.returnedBytes).toBe(new TextEncoder().encode(page.text).length);
      page = pageAt(text, page.more.offset, 1000);
    }
    expect(joined).toBe(text);
    expect(pages).toBeGreaterThan(10);
  });

  it('small results are returned whole', () => {
    expect(pageAt('{"a":1}', 0, 1000)).toEqual({ text: '{"a":1}' });
  });

  it('cursors expire, are single-use, a client keeps only a few, and the store is bounded', () => {
    let now = 0;
    const store = new CursorStore({ ttlMs: 1000, perClient: 2, maxEntries: 3, now: () => now });
    const held = (rest: string) => ({ kind: 'held' as const, tool: 't', rest });
    const a = store.put('c1', held('a'));
    now = 1001;
    expect(store.take(a)).toBeNull();
    // One client's third cursor drops its own oldest, not another client's.
    const other = store.put('c2', held('other'));
    const ids = ['1', '2', '3'].map((t) => store.put('c1', held(t)));
    expect(store.take(ids[0]!)).toBeNull();
    expect(store.size).toBe(3);
    expect(store.take(other)).toEqual(held('other'));
    // The global cap holds when many clients each keep a few.
    for (let i = 0; i < 10; i++) store.put(`k${i}`, held(String(i)));
    expect(store.size).toBe(3);
    expect(store.take(ids[2]!)).toBeNull();
    expect(store.take('made-up')).toBeNull();
  });
});

describe('error messages', () => {
  it('passes caller errors through and redacts host paths from others, never stacks', () => {
    expect(publicErrorMessage(new ParamError('unknown parameter "x"'))).toBe('unknown parameter "x"');
    expect(publicErrorMessage(new NoteNotFoundError('Bob', ['people/Bob Li.md']))).toBe('no note named "Bob"; did you mean: people/Bob Li.md?');
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, open '/home/me/vault/a.md'"), { code: 'ENOENT' });
    expect(publicErrorMessage(enoent)).not.toContain('/home');
    const other = new Error('failed reading /home/me/.ssh/id_rsa and C:\\Users\\me\\x.md (file:///etc/passwd) and a/b');
    const msg = publicErrorMessage(other);
    expect(msg).not.toMatch(/home|Users|etc/);
    expect(msg).toContain('a/b');
    expect(msg).not.toContain('\n');
    expect(publicErrorMessage('a string')).toBe('the operation failed');
    expect(publicErrorMessage(new Error('x'.repeat(5000))).length).toBeLessThan(600);
    expect(redactPaths('see /var/lib/x')).toBe('see <path>');
  });
});

describe('audit', () => {
  it('summarizes params without note content', () => {
    expect(summarizeParams({ note: 'Bob', depth: 2, types: ['a', 'b'] })).toBe('{"note":"Bob","depth":2,"types":"<array of 2>"}');
    expect(summarizeParams({ path: 'x.md', content: 'secret text' })).toBe('{"path":"x.md","content":"<11 chars>"}');
    expect(summarizeParams(undefined)).toBe('{}');
    expect(summarizeParams({ q: 'y'.repeat(1000) }).length).toBeLessThan(120);
    expect(summarizeParams(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'v'.repeat(50)]))).length).toBeLessThanOrEqual(401);
  });

  it('appends JSON lines to a file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-audit-'));
    const file = path.join(dir, 'nested', 'audit.jsonl');
    const sink = createJsonlAuditSink(file);
    sink({ at: 'now', transport: 'stdio', tool: 'a', params: '{}', ms: 1, bytes: 2, ok: true });
    sink({ at: 'now', transport: 'http', tool: 'b', params: '{}', ms: 1, bytes: 0, ok: false, error: 'x' });
    await sink.flush();
    const lines = (await fs.readFile(file, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { tool: string });
    expect(lines.map((l) => l.tool)).toEqual(['a', 'b']);
    await fs.rm(dir, { recursive: true, force: true });
  });
});

describe('JSON-RPC parsing', () => {
  it('separates parse errors from invalid requests and echoes a usable id', () => {
    expect(parseJsonRpc('{')).toMatchObject({ ok: false, code: -32700 });
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":7,"params":{}}')).toMatchObject({ ok: false, code: -32600, id: 7 });
    expect(parseJsonRpc('null')).toMatchObject({ ok: false, code: -32600 });
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toMatchObject({ ok: true });
    expect(parseJsonRpc('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({ ok: true });
  });
});

describe('tools from ops', () => {
  const op = (name: string, scope: 'read' | 'write') => ({ name, description: name, scope, params: { type: 'object' as const, properties: {} } });
  it('exposes write ops only when writes are enabled, and adds continue', () => {
    const ops = [op('a', 'read'), op('w', 'write')];
    expect(exposedOps(ops, false).map((o) => o.name)).toEqual(['a', 'continue']);
    expect(exposedOps(ops, true).map((o) => o.name)).toEqual(['a', 'w', 'continue']);
    expect(() => exposedOps([op('continue', 'read')], false)).toThrow(/reserves/);
    expect(toolFor(op('w', 'write')).inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });
});

describe('file system side', () => {
  let root: string;
  let vault: string;
  let source: FsVaultSource;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-fs-'));
    vault = path.join(root, 'vault');
    await fs.mkdir(path.join(vault, 'notes'), { recursive: true });
    await fs.mkdir(path.join(root, 'outside'));
    await fs.writeFile(path.join(root, 'outside', 'secret.md'), 'OUTSIDE');
    await fs.writeFile(path.join(vault, 'notes', 'real.md'), 'inside');
    await fs.symlink(path.join(root, 'outside', 'secret.md'), path.join(vault, 'notes', 'escape.md'));
    await fs.symlink(path.join(root, 'outside'), path.join(vault, 'outdir'));
    await fs.symlink(path.join(vault, 'notes', 'real.md'), path.join(vault, 'notes', 'alias.md'));
    source = new FsVaultSource(vault);
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('read refuses a symlink (file or folder) whose target is outside the vault; inside links still work', async () => {
    await expect(source.read('notes/escape.md')).rejects.toThrow(/resolves outside the vault/);
    await expect(source.read('outdir/secret.md')).rejects.toThrow(/resolves outside the vault/);
    await expect(source.read('../outside/secret.md')).rejects.toThrow(/escapes the vault/);
    expect(new TextDecoder().decode(await source.read('notes/alias.md'))).toBe('inside');
    expect(new TextDecoder().decode(await source.read('notes/real.md'))).toBe('inside');
    const err = await source.read('notes/escape.md').catch((e: Error) => e);
    expect((err as Error).message).not.toContain(root);
  });

  it('the writer creates new files only, and never through an escaping symlink', async () => {
    const writer = new FsNoteWriter(source);
    await writer.create('notes/new/deep.md', 'hello');
    expect(await fs.readFile(path.join(vault, 'notes/new/deep.md'), 'utf8')).toBe('hello');
    await expect(writer.create('notes/real.md', 'x')).rejects.toBeInstanceOf(NoteExistsError);
    await expect(writer.create('notes/escape.md', 'x')).rejects.toThrow();
    await expect(writer.create('outdir/planted.md', 'x')).rejects.toThrow(/outside the vault/);
    await expect(writer.append('notes/escape.md', 'x')).rejects.toThrow(/outside the vault/);
    await writer.append('notes/real.md', '\nmore');
    expect(await fs.readFile(path.join(vault, 'notes/real.md'), 'utf8')).toBe('inside\nmore');
    expect(await fs.readFile(path.join(root, 'outside', 'secret.md'), 'utf8')).toBe('OUTSIDE');
    await expect(fs.stat(path.join(root, 'outside', 'planted.md'))).rejects.toThrow();
  });

  it('the writer links a mention in place, and never through an escaping symlink', async () => {
    const writer = new FsNoteWriter(source);
    await fs.writeFile(path.join(vault, 'notes', 'mention.md'), 'Met Dana Wu.\nDana Wu again.\n');
    await writer.linkMention('notes/mention.md', { line: 2, column: 0, text: 'Dana Wu' }, 'people/Dana Wu');
    expect(await fs.readFile(path.join(vault, 'notes', 'mention.md'), 'utf8')).toBe('Met Dana Wu.\n[[people/Dana Wu|Dana Wu]] again.\n');
    // A place that moved is refused and the note is left as it was.
    await expect(writer.linkMention('notes/mention.md', { line: 2, column: 0, text: 'Dana Wu' }, 'Dana Wu')).rejects.toThrow(/no longer there/);
    expect(await fs.readFile(path.join(vault, 'notes', 'mention.md'), 'utf8')).toBe('Met Dana Wu.\n[[people/Dana Wu|Dana Wu]] again.\n');
    await expect(writer.linkMention('notes/escape.md', { line: 1, column: 0, text: 'OUTSIDE' }, 'x')).rejects.toThrow(/outside the vault/);
    await expect(writer.linkMention('outdir/secret.md', { line: 1, column: 0, text: 'OUTSIDE' }, 'x')).rejects.toThrow(/outside the vault/);
    expect(await fs.readFile(path.join(root, 'outside', 'secret.md'), 'utf8')).toBe('OUTSIDE');
  });
});
