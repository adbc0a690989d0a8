// Bounded memory under big answers (issue 15): one generated note holds 20,000 links to one target; three real
// SDK clients at once walk every page of the target's backlinks (offset pages, each split into vault_continue
// parts) and search, against the spawned `vault-brain serve`, while /proc/<pid>/status is sampled. Paging re-runs
// the read from an offset instead of holding the serialized remainder, so the server's peak RSS stays bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { assertBuilt, CLI, runCli } from '../helpers/run-cli';
import { connectClient } from './helpers';
import { serveAddress } from '../helpers/serve-address';

const HUB_LINKS = 20_000;
const OTHER_NOTES = 20;
const CLIENTS = 3;
const RSS_BUDGET_MB = 600;

let root: string;
let vault: string;
let child: ChildProcess;
let url = '';
let token = '';

/** VmRSS and VmHWM (peak RSS over the process's life) in MB, from the kernel's view of the server process. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
}

/** One tool call's whole JSON: the first part, then every vault_continue part its trailers point to. */
async function callWhole(client: Client, name: string, args: Record<string, unknown>): Promise<{ json: Record<string, unknown>; parts: number }> {
  let r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 })) as ToolResult;
  let text = '';
  let parts = 0;
  for (;;) {
    if (r.isError) throw new Error(`${name} failed: ${r.content.map((c) => c.text).join(' ')}`);
    text += r.content[0]?.text ?? '';
    parts++;
    const trailer = r.content[1]?.text;
    if (trailer === undefined) break;
    const { cursor } = JSON.parse(trailer) as { cursor: string };
    r = (await client.callTool({ name: 'vault_continue', arguments: { cursor } }, undefined, { timeout: 60_000 })) as ToolResult;
  }
  return { json: JSON.parse(text) as Record<string, unknown>, parts };
}

interface Walk {
  links: { from: string; line: number }[];
  pages: number;
  parts: number;
  searchHits: number;
}

/**
 * Every backlink of Target through offset pages of the default size (1000 links, about 370 KB of JSON, so each
 * page comes in several vault_continue parts), then a search: what one agent would do.
 */
async function walkTarget(client: Client): Promise<Walk> {
  const walk: Walk = { links: [], pages: 0, parts: 0, searchHits: 0 };
  let offset: number | null = 0;
  while (offset !== null) {
    const { json, parts } = await callWhole(client, 'vault_backlinks', { note: 'Target', offset });
    walk.links.push(...(json.backlinks as Walk['links']));
    walk.pages++;
    walk.parts += parts;
    offset = json.nextOffset as number | null;
  }
  const { json } = await callWhole(client, 'vault_search', { query: 'lidar target' });
  walk.searchHits = (json.results as unknown[]).length;
  return walk;
}

beforeAll(async () => {
  assertBuilt();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-big-answer-'));
  vault = path.join(root, 'vault');
  await fs.mkdir(vault);
  const hub = ['# Hub', '', ...Array.from({ length: HUB_LINKS }, (_, i) => `- item ${i} mentions [[Target]] here`)];
  await fs.writeFile(path.join(vault, 'Hub.md'), `${hub.join('\n')}\n`);
  await fs.writeFile(path.join(vault, 'Target.md'), '# Target\n\nThe target note, about lidar sensors.\n');
  for (let i = 0; i < OTHER_NOTES; i++) {
    await fs.writeFile(path.join(vault, `Note ${i}.md`), `# Note ${i}\n\nNote ${i} links to [[Target]] and [[Note ${(i + 1) % OTHER_NOTES}]]. Lidar.\n`);
  }
  // Indexed first by its own process, so the server's peak is what serving costs (opening included).
  const indexed = await runCli(['index', '--vault', vault]);
  expect(indexed.code, indexed.stderr).toBe(0);

  child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--vault', vault], { stdio: ['ignore', 'ignore', 'pipe'] });
  ({ url, token } = await serveAddress(child));
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('big answers, three clients at once', () => {
  it(`answers every call and keeps the server under ${RSS_BUDGET_MB} MB RSS`, async () => {
    const pid = child.pid!;
    let sampledPeak = 0;
    const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss)), 25);
    const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connectClient(url, token)));
    let walks: Walk[];
    try {
      walks = await Promise.all(clients.map((c) => walkTarget(c)));
    } finally {
      clearInterval(sampler);
      await Promise.all(clients.map((c) => c.close()));
    }
    const { hwm } = memoryOf(pid);

    for (const walk of walks) {
      // Every link exactly once: 20,000 from the hub (one per line) and one from each other note.
      expect(walk.links).toHaveLength(HUB_LINKS + OTHER_NOTES);
      const hubLines = new Set(walk.links.filter((l) => l.from === 'Hub.md').map((l) => l.line));
      expect(hubLines.size).toBe(HUB_LINKS);
      // Big enough that both paging mechanisms were used: several offset pages, each cut into parts.
      expect(walk.pages).toBeGreaterThan(1);
      expect(walk.parts).toBeGreaterThan(walk.pages);
      expect(walk.searchHits).toBeGreaterThan(0);
    }
    expect(sampledPeak).toBeGreaterThan(0);
    console.log(`big-answer memory: VmHWM ${hwm.toFixed(0)} MB, sampled VmRSS peak ${sampledPeak.toFixed(0)} MB, ${walks[0]!.pages} pages in ${walks[0]!.parts} parts per client`);
    expect(hwm).toBeLessThan(RSS_BUDGET_MB);
    expect(child.exitCode).toBeNull();
    // About 360 calls, each part re-running its page's query; slow on a shared machine, so a generous timeout.
  }, 180_000);
});
