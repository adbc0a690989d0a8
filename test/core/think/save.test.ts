// `think --save`: the op computes the note, a Node writer confined to the vault creates it (never overwriting),
// the new note is indexed, and remote callers cannot save.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brain } from '../../../src/core/brain';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { defaultRules, PathFilter } from '../../../src/core/index/path-rules';
import { createRegistry } from '../../../src/core/ops';
import { normalizeLlmSettings } from '../../../src/core/think/settings';
import { FsNoteWriter } from '../../../src/node/fs-note-writer';
import { readVaultConfig } from '../../../src/node/config';
import { FsVaultSource } from '../../../src/node/fs-vault-source';

let root: string;
let engine: PGliteEngine;
let brain: Brain;
let source: FsVaultSource;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-think-save-'));
  await fs.mkdir(path.join(root, 'people'));
  await fs.writeFile(path.join(root, 'people/Alice Chen.md'), '# Alice Chen\n\nAlice Chen founded [[Acme Robotics]] in 2019.\n');
  await fs.writeFile(path.join(root, 'people/Bob.md'), '# Bob\n\nBob works at [[Acme Robotics]].\n');
  engine = await PGliteEngine.open({});
  const filter = new PathFilter({ include: [], exclude: [...defaultRules('.obsidian').exclude, 'private'] });
  source = new FsVaultSource(root);
  brain = new Brain({ engine, source, filter, embedder: null });
  await brain.index();
}, 60_000);

afterAll(async () => {
  await engine.close();
  await fs.rm(root, { recursive: true, force: true });
});

const registry = (saveFolder: string) =>
  createRegistry({ writer: new FsNoteWriter(source), llm: () => normalizeLlmSettings({ saveFolder }), now: () => new Date('2025-05-01T00:00:00Z') });

describe('think --save', () => {
  it('writes the answer as a synthesis note, indexes it, and refuses to overwrite it', async () => {
    const reg = registry('Syntheses');
    const r = await reg.call('think', { question: 'Who founded Acme Robotics?', save: true }, { brain, remote: false });
    expect(r.savedTo).toBe('Syntheses/2025-05-01 Who founded Acme Robotics.md');
    const text = await fs.readFile(path.join(root, r.savedTo!), 'utf8');
    expect(text).toMatch(/^---\ntype: synthesis\n/);
    expect(text).toContain('[[people/Alice Chen|Alice Chen]]');
    expect(text).toContain('No model was used');
    expect(await engine.getPage(r.savedTo!)).not.toBeNull();
    await expect(reg.call('think', { question: 'Who founded Acme Robotics?', save: true }, { brain, remote: false })).rejects.toThrow(/already exists/);
  });

  it('refuses an excluded save folder, and remote callers', async () => {
    await expect(registry('private').call('think', { question: 'Who founded Acme?', save: true }, { brain, remote: false })).rejects.toThrow(/excluded/);
    await expect(registry('Syntheses').call('think', { question: 'Who founded Acme?', save: true }, { brain, remote: true })).rejects.toThrow(/remote/);
    await expect(fs.stat(path.join(root, 'private'))).rejects.toThrow();
  });
});

describe('vault config llm section', () => {
  it('reads and validates it, defaulting to no provider', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-cfg-'));
    try {
      expect((await readVaultConfig(dir)).llm.provider).toBe('none');
      await fs.writeFile(path.join(dir, 'config.json'), JSON.stringify({ llm: { provider: 'anthropic', model: 'claude-x', apiKey: 'k', maxNotes: 5 } }));
      expect((await readVaultConfig(dir)).llm).toEqual({ provider: 'anthropic', model: 'claude-x', apiKey: 'k', maxNotes: 5, timeoutMs: 60_000, saveFolder: 'Syntheses' });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
