// The CLI over an Obsidian vault honours Obsidian's "Excluded files" (.obsidian/app.json userIgnoreFilters) as
// the plugin does: a note the user hid from Obsidian's search is not indexed, so `search` and `mcp` never show
// it; `"obsidianExcluded": false` in .vault-brain/config.json opts out.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVaultConfig } from '../../src/node/config';
import { assertBuilt, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

async function obsidianVault(config?: unknown): Promise<string> {
  const vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-obs-excluded-'));
  dirs.push(vault);
  await writeVaultFile(vault, '.obsidian/app.json', JSON.stringify({ userIgnoreFilters: ['Private/', '/\\.draft\\.md$/'], alwaysUpdateLinks: true }));
  if (config !== undefined) await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify(config));
  await writeVaultFile(vault, 'Notes/Plan.md', '# Plan\n\nThe quarterly plan mentions the zeppelin budget.\n');
  await writeVaultFile(vault, 'Private/Diary.md', '# Diary\n\nMy zeppelin secret lives here.\n');
  await writeVaultFile(vault, 'Notes/Idea.draft.md', '# Idea\n\nA zeppelin draft.\n');
  return vault;
}

const found = async (vault: string): Promise<string[]> => {
  const r = await runCli(['search', 'zeppelin', '--vault', vault, '--json']);
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout) as { results: { path: string }[] }).results.map((x) => x.path).sort();
};

beforeAll(() => assertBuilt());

describe("the CLI and Obsidian's excluded files", () => {
  it('reads them from .obsidian/app.json, joined with the config ignore list, unless opted out', async () => {
    const plain = await obsidianVault();
    expect((await readVaultConfig(path.join(plain, '.vault-brain'))).ignore).toEqual(['Private/', '/\\.draft\\.md$/']);
    const both = await obsidianVault({ ignore: ['Archive/'], embedder: { kind: 'none' } });
    expect((await readVaultConfig(path.join(both, '.vault-brain'))).ignore).toEqual(['Archive/', 'Private/', '/\\.draft\\.md$/']);
    const off = await obsidianVault({ obsidianExcluded: false });
    expect((await readVaultConfig(path.join(off, '.vault-brain'))).ignore).toBeUndefined();
    const broken = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-obs-broken-'));
    dirs.push(broken);
    await writeVaultFile(broken, '.obsidian/app.json', '{ not json');
    expect((await readVaultConfig(path.join(broken, '.vault-brain'))).ignore).toBeUndefined();
  });

  it('keeps excluded notes out of the index and search, and indexes them when opted out', async () => {
    const vault = await obsidianVault({ embedder: { kind: 'none' } });
    expect((await runCli(['index', '--vault', vault])).code).toBe(0);
    expect(await found(vault)).toEqual(['Notes/Plan.md']);
    const off = await obsidianVault({ embedder: { kind: 'none' }, obsidianExcluded: false });
    expect((await runCli(['index', '--vault', off])).code).toBe(0);
    expect(await found(off)).toEqual(['Notes/Idea.draft.md', 'Notes/Plan.md', 'Private/Diary.md']);
  }, 120_000);
});
