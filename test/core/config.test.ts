// One settings shape: the plugin's data.json, the CLI's .vault-brain/config.json and the worker's open message all
// become core/config.ts's BrainSettings, and one assembleBrain builds the brain from it.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleBrain } from '../../src/core/assemble-brain';
import { checkedEmbedder, normalizeBrainSettings, pathFilter } from '../../src/core/config';
import { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import type { VaultSource } from '../../src/core/index/vault-source';
import { readVaultConfig } from '../../src/node/config';
import { FsVaultSource } from '../../src/node/fs-vault-source';
import { mergeSettings, toBrainSettings } from '../../src/obsidian/plugin/settings';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-config-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function configFile(name: string, json: unknown): Promise<string> {
  const brainDir = path.join(dir, name);
  await fs.mkdir(brainDir, { recursive: true });
  await fs.writeFile(path.join(brainDir, 'config.json'), typeof json === 'string' ? json : JSON.stringify(json));
  return brainDir;
}

describe('.vault-brain/config.json', () => {
  it('keeps loading the shapes written before the one settings shape', async () => {
    const old = await configFile('old', {
      include: ['Notes', 3],
      exclude: ['Archive', ' Drafts '],
      maxFileMB: 2,
      embedder: { kind: 'openai', baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic', dims: 64, apiKey: 'k', timeoutMs: 500, maxRetries: 0 },
      llm: { provider: 'anthropic', model: 'claude-x', apiKey: 'k2', maxNotes: 5 },
    });
    expect(await readVaultConfig(old)).toEqual({
      include: ['Notes'],
      exclude: ['Archive', 'Drafts'],
      maxFileMB: 2,
      embedder: { kind: 'openai', baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic', dims: 64, apiKey: 'k', timeoutMs: 500, maxRetries: 0 },
      codeChunking: true,
      llm: { provider: 'anthropic', model: 'claude-x', apiKey: 'k2', maxNotes: 5, timeoutMs: 60_000, saveFolder: 'Syntheses' },
    });
    // An embedder without a kind was merged over the built-in default; a bare kind is read as that kind.
    expect((await readVaultConfig(await configFile('nokind', { embedder: { model: 'x' } }))).embedder).toEqual({ kind: 'builtin' });
    expect((await readVaultConfig(await configFile('bare', { embedder: 'none', maxFileMB: -1 }))).embedder).toEqual({ kind: 'none' });
    expect((await readVaultConfig(await configFile('bare', { embedder: 'none', maxFileMB: -1 }))).maxFileMB).toBe(5);
    expect(await readVaultConfig(path.join(dir, 'absent'))).toMatchObject({ include: [], exclude: [], maxFileMB: 5, embedder: { kind: 'builtin' } });
    await expect(readVaultConfig(await configFile('broken', '{ nope'))).rejects.toThrow(/config\.json is not valid JSON/);
  });
});

describe('the plugin data.json', () => {
  it('keeps loading a saved data.json and stands for the same brain settings the CLI reads', async () => {
    // data.json as the plugin saved it before this change (flat fields, one per control).
    const saved = {
      include: [],
      exclude: ['Private'],
      embedder: 'none',
      embedderBaseUrl: 'https://api.openai.com/v1',
      embedderModel: 'text-embedding-3-small',
      embedderApiKey: 'sk-unused',
      embedderDims: 0,
      llmProvider: 'none',
      llmMaxNotes: 8,
      llmTimeoutSeconds: 60,
      codeChunking: false,
      debounceMs: 2000,
      mcpEnabled: true,
      mcpPort: 27182,
      mcpToken: 'tok',
      mcpAllowWrites: false,
    };
    const plugin = toBrainSettings(mergeSettings(saved));
    // The plugin's own default cap on notes sent to a model (8) is not the core's (12): written out here.
    const cli = await readVaultConfig(await configFile('same', { exclude: ['Private'], embedder: { kind: 'none' }, codeChunking: false, llm: { maxNotes: 8 } }));
    const { maxFileMB: _mb, ...cliBrain } = cli;
    expect(plugin).toEqual(cliBrain);
    // What crossed postMessage is normalised to the same again.
    expect(normalizeBrainSettings(JSON.parse(JSON.stringify(plugin)))).toEqual(plugin);
    const filter = pathFilter(plugin, '.obsidian');
    expect(filter.accepts('Private/a.md')).toBe(false);
    expect(filter.accepts('.obsidian/workspace.md')).toBe(false);
    expect(filter.accepts('Notes/a.md')).toBe(true);
  });
});

describe('the embedder setting', () => {
  it('is checked before it reaches the factory (it may have crossed postMessage)', () => {
    expect(checkedEmbedder({ kind: 'none' })).toEqual({ kind: 'none' });
    expect(checkedEmbedder('builtin')).toEqual({ kind: 'builtin' });
    expect(checkedEmbedder({ kind: 'bogus' })).toEqual({ kind: 'builtin' });
    expect(checkedEmbedder({ kind: 'openai', baseURL: ' http://h/v1 ', model: ' m ', dims: 1.5, apiKey: '  ' })).toEqual({ kind: 'openai', baseURL: 'http://h/v1', model: 'm' });
    expect(checkedEmbedder({ kind: 'openai', baseURL: 'http://h/v1', model: 'm', dims: 64, apiKey: 'k' })).toEqual({
      kind: 'openai',
      baseURL: 'http://h/v1',
      model: 'm',
      dims: 64,
      apiKey: 'k',
    });
    expect(() => checkedEmbedder({ kind: 'openai', baseURL: 42, model: 'm' })).toThrow(/needs a base URL and a model/);
    expect(() => checkedEmbedder({ kind: 'openai' })).toThrow(/needs a base URL and a model/);
  });
});

describe('assembleBrain', () => {
  it('builds the brain with the merged rules; a bad embedder is a warning when the surface asks for one, else an error', async () => {
    const engine = await PGliteEngine.open({});
    try {
      const settings = normalizeBrainSettings({ exclude: ['Private'], embedder: { kind: 'openai', baseURL: ' ', model: 'm' }, codeChunking: false });
      let filtered: ((rel: string) => boolean) | null = null;
      const source = (filter: { excludesFolder(rel: string): boolean }): VaultSource => {
        filtered = (rel) => filter.excludesFolder(rel);
        return new FsVaultSource(dir);
      };
      const warnings: string[] = [];
      const { brain, embedder, codeChunker } = await assembleBrain({ engine, settings, configDir: '.obsidian', source, onWarning: (m) => warnings.push(m) });
      expect(embedder).toBeNull();
      expect(codeChunker).toBeNull();
      expect(warnings).toEqual(['embedder unavailable, vector search is off: the OpenAI-compatible embedder needs a base URL and a model']);
      expect(brain.filter.accepts('Private/x.md')).toBe(false);
      expect(brain.filter.accepts('.trash/x.md')).toBe(false);
      expect(filtered!('Private')).toBe(true);
      await expect(assembleBrain({ engine, settings, configDir: '.obsidian', source })).rejects.toThrow(/needs a base URL and a model/);
    } finally {
      await engine.close();
    }
  });
});
