// The CLI against an embedder on a closed local port: `index` still indexes the notes but exits with its own
// code and says why; `search` answers from keywords and says the vector arm was skipped.
import { createServer } from 'node:net';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/errors';
import { assertBuilt, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';

let vault: string;

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-dead-embedder-'));
  const port = await closedPort();
  await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'openai', baseURL: `http://127.0.0.1:${port}/v1`, model: 'm', backoffBaseMs: 1, backoffMaxMs: 2 } }));
  await writeVaultFile(vault, 'Nimbus.md', '# Nimbus\n\nNimbus builds weather sensors in Oslo.\n');
});

afterAll(async () => {
  await fs.rm(vault, { recursive: true, force: true });
});

describe('a dead embedder', () => {
  it('index exits with the embeddings-failed code and names the reason', async () => {
    const r = await runCli(['index', '--vault', vault, '--json']);
    expect(r.code).toBe(EXIT.embeddingsFailed);
    expect(r.stderr).toMatch(/embeddings failed, semantic search is incomplete: .*ECONNREFUSED/);
    const out = JSON.parse(r.stdout) as { indexed: number; embeddingsFailed: string | null };
    expect(out.indexed).toBe(1);
    expect(out.embeddingsFailed).toMatch(/ECONNREFUSED/);
  }, 60_000);

  it('search answers from keywords and says the vector arm was skipped', async () => {
    const r = await runCli(['search', 'weather sensors', '--vault', vault, '--json', '--explain']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { path: string }[]; skipped?: { vector?: string }; pipeline?: { stages: Record<string, string> } };
    expect(out.results[0]?.path).toBe('Nimbus.md');
    expect(out.skipped?.vector).toMatch(/embedder failed: .*ECONNREFUSED/);
    expect(out.pipeline?.stages.vector).toMatch(/^skipped: embedder failed/);
  }, 60_000);
});
