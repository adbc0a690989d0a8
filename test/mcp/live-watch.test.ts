// A live brain: `vault-brain mcp` watches the vault, so an agent connected over stdio (the real SDK client,
// spawning the built CLI) sees notes edited, renamed, deleted and added in a new folder within 2 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, CLI } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';
import { toolJson } from './fixture';

const WITHIN_MS = 2000;
let vault: string;
let client: Client;
let stderr = '';

interface ListedNotes {
  notes: { path: string }[];
}

async function notePaths(): Promise<string[]> {
  const r = await client.callTool({ name: 'list_notes', arguments: {} });
  return (toolJson(r) as unknown as ListedNotes).notes.map((n) => n.path).sort();
}

async function found(word: string): Promise<string[]> {
  const r = await client.callTool({ name: 'search', arguments: { query: word } });
  return (toolJson(r) as unknown as { results: { path: string; snippet: string }[] })
    .results.filter((x) => x.snippet.toLowerCase().includes(word))
    .map((x) => x.path);
}

/** Polls until `check` holds; returns how long after the change it first held. */
async function within<T>(changedAt: number, probe: () => Promise<T>, check: (v: T) => boolean): Promise<number> {
  let last: T | undefined;
  while (Date.now() - changedAt < 15_000) {
    last = await probe();
    if (check(last)) return Date.now() - changedAt;
    await sleep(50);
  }
  throw new Error(`not seen after 15 s; last answer ${JSON.stringify(last)}; server log:\n${stderr}`);
}

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-live-'));
  await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'none' }, exclude: ['Private'] }));
  await writeVaultFile(vault, 'people/Alice.md', '# Alice\n\nAlice works at [[Acme]].\n');
  await writeVaultFile(vault, 'Acme.md', '# Acme\n\nA robotics company.\n');
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--vault', vault], stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  client = new Client({ name: 'live-watch-test', version: '1' });
  await client.connect(transport);
  for (;;) {
    const r = await client.callTool({ name: 'stats', arguments: {} }, undefined, { timeout: 120_000 });
    if (!r.isError) break;
  }
});

afterAll(async () => {
  await client?.close();
});

describe('the stdio MCP server follows the vault as it changes', () => {
  it('sees an edit, a rename, a delete, a note in a new folder, and never an excluded one', async () => {
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
