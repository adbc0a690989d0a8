// The check-then-open race: one loop flips a vault folder between a real folder and a symlink to a folder
// outside the vault while notes are created in it through FsNoteWriter, the file-system side of the MCP
// create_note tool and of `think --save` (the same code path the server runs). Not one note may land outside. VAULT_BRAIN_RACE_SECONDS sets the duration (the 40 s run:
// `VAULT_BRAIN_RACE_SECONDS=40 npx vitest run test/mcp/write-race.test.ts`); CI runs a shorter bounded one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FsNoteWriter } from '../../src/node/fs-note-writer';
import { FsVaultSource } from '../../src/node/fs-vault-source';

const SECONDS = Number(process.env.VAULT_BRAIN_RACE_SECONDS ?? 6);

let tmp: string;
let vault: string;
let outside: string;
let writer: FsNoteWriter;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-race-'));
  vault = path.join(tmp, 'vault');
  outside = path.join(tmp, 'outside');
  await fs.mkdir(path.join(vault, 'inbox'), { recursive: true });
  await fs.mkdir(outside);
  await fs.writeFile(path.join(vault, 'Home.md'), '# Home\n');
  writer = new FsNoteWriter(new FsVaultSource(vault));
});

afterAll(async () => {
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
      try {
        await writer.create(`inbox/note-${n++}.md`, 'hello\n');
        created++;
      } catch {
        refused++;
      }
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
