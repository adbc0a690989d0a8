// How often the worker asks the main thread for something (issue 16 item 6): a change batch carries its files'
// stats and bytes, so applying N file events asks nothing back (it was 2 + 4N messages); a full index asks for
// reads in bursts, not per file; append_to_note indexes the note the plugin sends back after writing it.
// The plugin's BrainClient drives the worker's BrainHost over a MessageChannel, as in the app.
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { READ_AHEAD } from '../../src/core/index/read-ahead';
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';
import type { MentionPlace, NoteWriter } from '../../src/core/ops/write-ops';
import { linkMention } from '../../src/core/links/unlinked-mentions';
import { BrainClient, type WorkerLike } from '../../src/obsidian/bridge/brain-client';
import { connectToMain, type WorkerSettings } from '../../src/obsidian/protocol/worker-api';
import type { RpcPort } from '../../src/obsidian/protocol/rpc';
import { BrainHost } from '../../src/obsidian/worker/brain-host';

class MemoryVault implements VaultSource, NoteWriter {
  readonly files = new Map<string, { text: string; mtime: number }>();
  reads = 0;
  stats = 0;
  set(path: string, text: string, mtime = 1_000): void {
    this.files.set(path, { text, mtime });
  }
  list(): Promise<VaultFile[]> {
    return Promise.resolve([...this.files].map(([path, f]) => this.toFile(path, f)));
  }
  read(path: string): Promise<Uint8Array> {
    this.reads++;
    const f = this.files.get(path);
    return f ? Promise.resolve(new TextEncoder().encode(f.text)) : Promise.reject(new Error(`ENOENT ${path}`));
  }
  stat(path: string): Promise<VaultFile | null> {
    this.stats++;
    const f = this.files.get(path);
    return Promise.resolve(f ? this.toFile(path, f) : null);
  }
  create(path: string, text: string): Promise<void> {
    this.set(path, text, 5_000);
    return Promise.resolve();
  }
  append(path: string, text: string): Promise<void> {
    const f = this.files.get(path)!;
    this.set(path, f.text + text, f.mtime + 1);
    return Promise.resolve();
  }
  linkMention(path: string, at: MentionPlace, linktext: string): Promise<void> {
    const f = this.files.get(path)!;
    this.set(path, linkMention(f.text, at, linktext), f.mtime + 1);
    return Promise.resolve();
  }
  private toFile(path: string, f: { text: string; mtime: number }): VaultFile {
    return { path, mtime: f.mtime, size: new TextEncoder().encode(f.text).byteLength };
  }
}

const SETTINGS: WorkerSettings = { include: [], exclude: [], configDir: '.obsidian', embedder: 'none', codeChunking: false };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A client and worker host over one channel; `asked` lists every call the worker made to the main thread. */
async function connect(vault: MemoryVault, options: { accepts?: (path: string) => boolean; writer?: boolean } = {}) {
  const channel = new MessageChannel();
  const asked: string[] = [];
  const workerPort: RpcPort = {
    postMessage(message, transfer) {
      const m = message as { t?: string; m?: string };
      if (m.t === 'req' && m.m) asked.push(m.m);
      channel.port2.postMessage(message, transfer ?? []);
    },
    addEventListener: (type, listener) => channel.port2.addEventListener(type, listener),
    removeEventListener: (type, listener) => channel.port2.removeEventListener(type, listener),
    start: () => channel.port2.start(),
  };
  const host = new BrainHost({ openEngine: async () => ({ engine: await PGliteEngine.open({}) }) });
  const workerSide = connectToMain(workerPort, host.handlers());
  host.attach(workerSide);
  // Worker errors are the Worker's own events: a MessagePort has none, so only messages are wired.
  const worker = {
    postMessage: (message: unknown, transfer?: Transferable[]) => channel.port1.postMessage(message, transfer ?? []),
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') channel.port1.addEventListener('message', listener);
    },
    removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => channel.port1.removeEventListener(type, listener),
    start: () => channel.port1.start(),
    terminate: () => channel.port1.close(),
  } as WorkerLike;
  const client = await BrainClient.start({ source: vault, writer: options.writer ? vault : undefined, accepts: options.accepts, createWorker: () => worker });
  cleanups.push(async () => {
    await client.close().catch(() => undefined);
    workerSide.close();
    channel.port2.close();
  });
  await client.open('crossings', SETTINGS);
  return { client, asked };
}

const count = (asked: string[], method: string): number => asked.filter((m) => m === method).length;

describe('worker <-> main thread crossings', () => {
  it('a full index asks for reads in bursts (about N / (READ_AHEAD/2) calls), each file read once', async () => {
    const vault = new MemoryVault();
    const n = 120;
    for (let i = 0; i < n; i++) vault.set(`notes/n${i}.md`, `# Note ${i}\n\nLinks [[n${(i + 1) % n}]] and says word${i}.\n`);
    const { client, asked } = await connect(vault);
    asked.length = 0;
    const summary = await client.index();
    expect(summary.indexed).toBe(n);
    expect(count(asked, 'vault.list')).toBe(1);
    expect(count(asked, 'vault.read') + count(asked, 'vault.stat')).toBe(0);
    expect(count(asked, 'vault.readMany')).toBeLessThanOrEqual(Math.ceil(n / (READ_AHEAD / 2)) + 1);
    expect(vault.reads).toBe(n);
  });

  it('a batch of N file events asks nothing back, and what it indexes is what the main thread sent', async () => {
    const vault = new MemoryVault();
    for (let i = 0; i < 40; i++) vault.set(`notes/n${i}.md`, `# Note ${i}\n\nFirst text ${i}.\n`);
    const { client, asked } = await connect(vault);
    await client.index();
    const changed: string[] = [];
    for (let i = 0; i < 30; i++) {
      vault.set(`notes/n${i}.md`, `# Note ${i}\n\nEdited with zqxedit${i}.\n`, 2_000);
      changed.push(`notes/n${i}.md`);
    }
    vault.set('notes/new.md', '# New\n\nA new note zqxnew.\n', 2_000);
    vault.files.delete('notes/n39.md');
    asked.length = 0;
    const summary = await client.update([...changed, 'notes/new.md', 'notes/n39.md']);
    expect(asked).toEqual([]);
    expect(summary).toMatchObject({ indexed: 31, deleted: 1, failed: 0 });
    const hits = (await client.op('search', { query: 'zqxedit7', limit: 3 }, { remote: false })) as { results: { path: string }[] };
    expect(hits.results.map((r) => r.path)).toEqual(['notes/n7.md']);
    const fresh = (await client.op('search', { query: 'zqxnew', limit: 3 }, { remote: false })) as { results: { path: string }[] };
    expect(fresh.results.map((r) => r.path)).toEqual(['notes/new.md']);
    // A rename carries both ends too.
    vault.set('archive/n3.md', vault.files.get('notes/n3.md')!.text, 3_000);
    vault.files.delete('notes/n3.md');
    asked.length = 0;
    expect((await client.rename('notes/n3.md', 'archive/n3.md')).renamed).toBe(1);
    expect(asked).toEqual([]);
  });

  it('a file sent without its bytes (excluded by the rules in force now) is read by the worker itself', async () => {
    const vault = new MemoryVault();
    vault.set('a.md', '# A\n');
    vault.set('Private/b.md', '# B\n');
    const { client, asked } = await connect(vault, { accepts: (p) => !p.startsWith('Private/') });
    await client.index();
    vault.set('a.md', '# A\n\nzqxa\n', 2_000);
    vault.set('Private/b.md', '# B\n\nzqxb\n', 2_000);
    const readsBefore = vault.reads;
    asked.length = 0;
    // The worker was opened without that exclusion, so it still indexes the note: with a read of its own.
    expect((await client.update(['a.md', 'Private/b.md'])).indexed).toBe(2);
    expect(asked).toEqual(['vault.readMany']);
    expect(vault.reads - readsBefore).toBe(2);
  });

  it('append_to_note writes, then indexes the note the plugin sent back (no stat or read after the write)', async () => {
    const vault = new MemoryVault();
    vault.set('Dana.md', '# Dana\n\nWorks at Acme.');
    const { client, asked } = await connect(vault, { writer: true });
    await client.index();
    asked.length = 0;
    await client.op('append_to_note', { note: 'Dana', content: 'Moved to zqxglobex.' }, { remote: false });
    // One read to know whether a newline is needed, then the append; nothing after it.
    expect(asked).toEqual(['vault.readMany', 'vault.append']);
    expect(vault.files.get('Dana.md')?.text).toBe('# Dana\n\nWorks at Acme.\nMoved to zqxglobex.');
    const hits = (await client.op('search', { query: 'zqxglobex', limit: 3 }, { remote: false })) as { results: { path: string }[] };
    expect(hits.results.map((r) => r.path)).toEqual(['Dana.md']);
    // The write's copy is gone once the op ends: a later edit is read again, not served stale.
    vault.set('Dana.md', '# Dana\n\nzqxlater\n', 9_000);
    asked.length = 0;
    await client.index();
    expect(asked).toEqual(['vault.list', 'vault.readMany']);
    const later = (await client.op('search', { query: 'zqxlater', limit: 3 }, { remote: false })) as { results: { path: string }[] };
    expect(later.results.map((r) => r.path)).toEqual(['Dana.md']);
  });

  it('link_mention (the pane\'s "Link it") rewrites the note on the plugin side and indexes the link it made', async () => {
    const vault = new MemoryVault();
    vault.set('people/Dana Wu.md', '# Dana Wu\n\nWorks at Acme.');
    vault.set('Meeting.md', '# Meeting\n\nMet dana wu about zqxplans.');
    const { client, asked } = await connect(vault, { writer: true });
    await client.index();
    const listed = (await client.op('unlinked_mentions', { note: 'Dana Wu' }, { remote: false })) as { notes: { path: string; mentions: { line: number; column: number; text: string }[] }[] };
    const m = listed.notes[0]!.mentions[0]!;
    expect([listed.notes[0]!.path, m.line, m.text]).toEqual(['Meeting.md', 3, 'dana wu']);
    asked.length = 0;
    const done = await client.op('link_mention', { note: 'Meeting.md', target: 'Dana Wu', line: m.line, column: m.column, text: m.text }, { remote: false });
    expect(done).toMatchObject({ path: 'Meeting.md', target: 'people/Dana Wu.md', linked: true });
    // One crossing: the plugin reads, rewrites and sends the note back; the op indexes that copy. (Obsidian
    // resolves link text in any case, so the words themselves become the link.)
    expect(asked).toEqual(['vault.linkMention']);
    expect(vault.files.get('Meeting.md')?.text).toBe('# Meeting\n\nMet [[dana wu]] about zqxplans.');
    const back = await client.op('backlinks', { note: 'Dana Wu' }, { remote: false });
    expect(JSON.stringify(back)).toContain('Meeting.md');
    // The same place again: no longer an unlinked mention, so it is refused and the note is left as it is.
    await expect(client.op('link_mention', { note: 'Meeting.md', target: 'Dana Wu', line: m.line, column: m.column, text: m.text }, { remote: false })).rejects.toThrow(/no longer there/);
    // Words that are not a name of the target are never made its link.
    await expect(client.op('link_mention', { note: 'Meeting.md', target: 'Dana Wu', line: 3, column: 31, text: 'zqxplans' }, { remote: false })).rejects.toThrow(/not a name of/);
    expect(vault.files.get('Meeting.md')?.text).toBe('# Meeting\n\nMet [[dana wu]] about zqxplans.');
  });
});
