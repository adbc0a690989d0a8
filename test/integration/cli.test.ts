// The CLI as users run it: a real child process over a real folder.
import { beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertBuilt, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';

let vault: string;

function write(rel: string, content: string | Uint8Array): Promise<void> {
  return writeVaultFile(vault, rel, content);
}

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-cli-'));
  await write('.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'none' } }));
  await write('people/alice-chen.md', '---\ntitle: Alice Chen\naliases: [Alice]\n---\nAlice works at [[Acme Robotics]] as CTO.\n');
  await write('companies/Acme Robotics.md', '# Acme Robotics\n\n[[people/alice-chen|Alice]] founded it. Investors: [[Northwind Capital]].\n');
  await write('meetings/2024-05-01 Board.md', '---\ntype: meeting\n---\n# Board\n\nWith [[Alice]] and [[Bob]].\n');
  await write('bad.md', '\u0000\u0001binary');
  const index = await runCli(['index', '--vault', vault]);
  expect(index.stderr).toBe('');
  expect(index.code).toBe(0);
  expect(index.stdout).toMatch(/notes\s+3/);
});

describe('vault-brain CLI', () => {
  it('prints backlinks as JSON with the contract shape, naming a note by alias', async () => {
    const r = await runCli(['backlinks', 'Alice', '--vault', vault, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { note: string; backlinks: { from: string; type: string; context: string; line: number }[] };
    expect(out.note).toBe('people/alice-chen.md');
    const byFrom = Object.fromEntries(out.backlinks.map((b) => [b.from, b]));
    expect(byFrom['companies/Acme Robotics.md']?.type).toBe('founded');
    expect(byFrom['meetings/2024-05-01 Board.md']?.type).toBe('attended');
    expect(byFrom['companies/Acme Robotics.md']?.line).toBe(3);
    expect(byFrom['companies/Acme Robotics.md']?.context).toContain('founded it');
  });

  it('prints outgoing links with dangling targets as null', async () => {
    const r = await runCli(['links', 'companies/Acme Robotics', '--vault', vault, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { links: { to: string | null; raw: string; type: string; source: string; line: number; context: string }[] };
    const northwind = out.links.find((l) => l.raw === '[[Northwind Capital]]');
    expect(northwind).toMatchObject({ to: null, source: 'wikilink', line: 3 });
  });

  it('prints the whole graph and the status with skipped files', async () => {
    const g = JSON.parse((await runCli(['graph', '--vault', vault, '--json'])).stdout) as { edges: { from: string; to: string | null; type: string; source: string }[] };
    // One edge per related pair, the strongest relation stated for it ("works at" on her page, "founded it" on the
    // company's); edges gained `past` and an `evidence` count, the shape is otherwise unchanged.
    expect(g.edges).toContainEqual(
      expect.objectContaining({ from: 'companies/Acme Robotics.md', to: 'people/alice-chen.md', type: 'founded', source: 'wikilink', direction: 'in', past: false, evidence: 2 }),
    );
    expect(g.edges.filter((e) => e.type === 'works_at')).toEqual([]);
    expect(g.edges.some((e) => e.to === null)).toBe(true);
    const s = JSON.parse((await runCli(['status', '--vault', vault, '--json'])).stdout) as { files: { path: string; status: string; reason: string }[] };
    expect(s.files).toEqual([expect.objectContaining({ path: 'bad.md', status: 'skipped', reason: expect.stringMatching(/binary/) as unknown })]);
  });

  it('fails clearly on an unknown note, suggesting close names', async () => {
    const r = await runCli(['backlinks', 'Alice Chn', '--vault', vault]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no note named "Alice Chn"');
    expect(r.stderr).toContain('people/alice-chen.md');
  });

  it('fails clearly on a missing vault and on bad usage', async () => {
    const missing = await runCli(['stats', '--vault', path.join(vault, 'nope')]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/vault folder not found/);
    const unknown = await runCli(['frobnicate', '--vault', vault]);
    expect(unknown.code).toBe(2);
    const badParam = await runCli(['traverse', 'Alice', '--depth', 'x', '--vault', vault]);
    expect(badParam.code).toBe(2);
    expect(badParam.stderr).toContain('"depth" must be a number');
  });
});
