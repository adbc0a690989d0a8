// A live brain: `vault-brain mcp` (stdio) and `vault-brain serve` (Streamable HTTP) watch the vault, so an agent
// connected through the real SDK client to the built CLI sees notes edited, renamed, deleted and added in a new
// folder within 2 s, and never a note in an excluded folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, CLI, startCli } from '../helpers/run-cli';
import { serveAddress } from '../helpers/serve-address';
import { writeVaultFile } from '../helpers/vault-files';
import { toolJson } from './fixture';
import { connectClient } from './helpers';

const WITHIN_MS = 2000;

interface ListedNotes {
  notes: { path: string }[];
}

/** One transport's server and its client, started on a vault of its own. */
interface Connected {
  client: Client;
  log: () => string;
  stop: () => Promise<void>;
}

async function startStdio(vault: string): Promise<Connected> {
  let stderr = '';
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--vault', vault], stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'live-watch-test', version: '1' });
  await client.connect(transport);
  return { client, log: () => stderr, stop: () => client.close() };
}

async function startServe(vault: string): Promise<Connected> {
  const child: ChildProcess = startCli(['serve', '--port', '0', '--vault', vault]);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const { url, token } = await serveAddress(child);
  const client = await connectClient(url, token);
  return {
    client,
    log: () => stderr,
    stop: async () => {
      await client.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

describe.each([
  ['mcp (stdio)', startStdio],
  ['serve (HTTP)', startServe],
])('vault-brain %s follows the vault as it changes', (_name, start) => {
  let vault: string;
  let server: Connected;

  const notePaths = async (): Promise<string[]> => {
    const r = await server.client.callTool({ name: 'vault_list_notes', arguments: {} });
    return (toolJson(r) as unknown as ListedNotes).notes.map((n) => n.path).sort();
  };

  const found = async (word: string): Promise<string[]> => {
    const r = await server.client.callTool({ name: 'vault_search', arguments: { query: word } });
    return (toolJson(r) as unknown as { results: { path: string; snippet: string }[] }).results
      .filter((x) => x.snippet.toLowerCase().includes(word))
      .map((x) => x.path);
  };

  /** Polls until `check` holds; returns how long after the change it first held. */
  const within = async <T>(changedAt: number, probe: () => Promise<T>, check: (v: T) => boolean): Promise<number> => {
    let last: T | undefined;
    while (Date.now() - changedAt < 15_000) {
      last = await probe();
      if (check(last)) return Date.now() - changedAt;
      await sleep(50);
    }
    throw new Error(`not seen after 15 s; last answer ${JSON.stringify(last)}; server log:\n${server.log()}`);
  };

  beforeAll(async () => {
    assertBuilt();
    vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-live-'));
    await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'none' }, exclude: ['Private'] }));
    await writeVaultFile(vault, 'people/Alice.md', '# Alice\n\nAlice works at [[Acme]].\n');
    await writeVaultFile(vault, 'Acme.md', '# Acme\n\nA robotics company.\n');
    server = await start(vault);
    // The first index runs after the handshake; tools answer "still indexing" until it is done.
    for (;;) {
      const r = await server.client.callTool({ name: 'vault_stats', arguments: {} }, undefined, { timeout: 120_000 });
      if (!r.isError) break;
      await sleep(100);
    }
  });

  afterAll(async () => {
    await server?.stop();
    if (vault) await fs.rm(vault, { recursive: true, force: true });
  });

  it('sees an edit, a rename, a delete, a note in a new folder within 2 s each, and never an excluded one', async () => {
    const timings: Record<string, number> = {};
    expect(await notePaths()).toEqual(['Acme.md', 'people/Alice.md']);

    let t = Date.now();
    await fs.appendFile(path.join(vault, 'Acme.md'), '\nAcme also builds zebracorn drones.\n');
    timings.edit = await within(t, () => found('zebracorn'), (paths) => paths.includes('Acme.md'));

    t = Date.now();
    await fs.rename(path.join(vault, 'people/Alice.md'), path.join(vault, 'people/Alice Chen.md'));
    timings.rename = await within(t, notePaths, (p) => p.includes('people/Alice Chen.md') && !p.includes('people/Alice.md'));

    t = Date.now();
    await fs.rm(path.join(vault, 'Acme.md'));
    timings.delete = await within(t, notePaths, (p) => !p.includes('Acme.md'));
    expect(await found('zebracorn')).toEqual([]);

    t = Date.now();
    await writeVaultFile(vault, 'projects/2026/Quokka.md', '# Quokka\n\nThe quokkaplan project.\n');
    timings.newFolder = await within(t, notePaths, (p) => p.includes('projects/2026/Quokka.md'));

    await writeVaultFile(vault, 'Private/Secret.md', '# Secret\n\nThe nebulith plan.\n');
    await writeVaultFile(vault, 'Marker.md', '# Marker\n');
    await within(Date.now(), notePaths, (p) => p.includes('Marker.md'));
    expect(await notePaths()).not.toContain('Private/Secret.md');
    expect(await found('nebulith')).toEqual([]);

    for (const [change, ms] of Object.entries(timings)) expect(ms, `${change} seen after ${ms} ms`).toBeLessThan(WITHIN_MS);
  });
});
