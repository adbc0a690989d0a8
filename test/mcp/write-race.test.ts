// The check-then-open race: one loop flips a vault folder between a real folder and a symlink to a folder
// outside the vault while an MCP client (the real SDK client over HTTP against our server) creates notes in
// it. Not one note may land outside. VAULT_BRAIN_RACE_SECONDS sets the duration (the 40 s run:
// `VAULT_BRAIN_RACE_SECONDS=40 npx vitest run test/mcp/write-race.test.ts`); CI runs a shorter bounded one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectClient, openTestBrain, startServer, type TestBrain } from './helpers';
import type { McpHttpServer } from '../../src/mcp/http-server';

const SECONDS = Number(process.env.VAULT_BRAIN_RACE_SECONDS ?? 6);

let tmp: string;
let vault: string;
let outside: string;
let brain: TestBrain;
let server: McpHttpServer;
let client: Client;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-race-'));
  vault = path.join(tmp, 'vault');
  outside = path.join(tmp, 'outside');
  await fs.mkdir(path.join(vault, 'inbox'), { recursive: true });
  await fs.mkdir(outside);
  await fs.writeFile(path.join(vault, 'Home.md'), '# Home\n');
  brain = await openTestBrain(vault, { index: false });
  server = await startServer(brain.registry, brain.brain, { allowWrites: true });
  client = await connectClient(server.url);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
  await brain?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('note writes under a folder/symlink flip', () => {
  it(`lands 0 notes outside the vault in ${SECONDS} s of flipping`, async () => {
    const folder = path.join(vault, 'inbox');
    const parked = path.join(vault, '.parked');
    let flipping = true;
    let flips = 0;
    // The attacker: swap the folder for a link to `outside` and back, as fast as it can.
    const flipper = (async () => {
      while (flipping) {
        await fs.rename(folder, parked).catch(() => undefined);
        await fs.symlink(outside, folder).catch(() => undefined);
        await new Promise((r) => setImmediate(r));
        await fs.unlink(folder).catch(() => undefined);
        await fs.rename(parked, folder).catch(() => undefined);
        flips++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    let created = 0;
    let refused = 0;
    let n = 0;
    const deadline = Date.now() + SECONDS * 1000;
    while (Date.now() < deadline) {
      const r = await client.callTool({ name: 'create_note', arguments: { path: `inbox/note-${n++}.md`, content: 'hello\n' } });
      if (r.isError) refused++;
      else created++;
    }
    flipping = false;
    await flipper;

    const escaped = (await fs.readdir(outside)).filter((f) => f.endsWith('.md'));
    // The writer may have made a fresh folder while the real one was parked: count notes anywhere in the vault.
    const inside = (await fs.readdir(vault, { recursive: true })).filter((f) => path.basename(f).startsWith('note-'));
    expect(escaped).toEqual([]);
    // The race was real: both outcomes happened, and every note reported created is inside the vault.
    expect(flips).toBeGreaterThan(20);
    expect(created).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(inside.length).toBe(created);
  }, 60_000 + SECONDS * 2000);
});
