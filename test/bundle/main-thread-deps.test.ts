// What the plugin's main thread bundles (main.js outside the worker string): it is plain JavaScript in main.js,
// not compressed, so every dependency counts in full (issue 17: main.js <= 6 MB). The main thread needs the MCP SDK
// protocol and zod; it must not pull ajv (the SDK Server's default validator: src/mcp/tools-server.ts avoids it),
// the YAML parser (the worker parses notes), the LLM SDKs, PGlite or pg.
import esbuild from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBSIDIAN_EXTERNALS } from '../../scripts/esbuild-plugins.mjs';

const root = join(__dirname, '../..');

async function mainThreadInputs(): Promise<{ packages: Set<string>; bytes: number }> {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/main.ts'],
    bundle: true,
    external: OBSIDIAN_EXTERNALS,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: join(root, 'out-main-thread.js'),
    plugins: [
      // The worker string is not main-thread code.
      { name: 'no-worker', setup: (b) => b.onLoad({ filter: /[\\/]bridge[\\/]worker-source\.ts$/ }, () => ({ contents: 'export const WORKER_SOURCE = "";', loader: 'js' })) },
    ],
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const packages = new Set<string>();
  for (const [file, info] of Object.entries(output.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    if (m && info.bytesInOutput > 0) packages.add(m[1]!);
  }
  return { packages, bytes: output.bytes };
}

describe('main thread bundle', () => {
  it('leaves out ajv, yaml, the LLM SDKs and the database', async () => {
    const { packages } = await mainThreadInputs();
    expect(packages.has('@modelcontextprotocol/sdk')).toBe(true);
    for (const banned of ['ajv', 'ajv-formats', 'fast-uri', 'yaml', '@anthropic-ai/sdk', 'openai', '@electric-sql/pglite', 'pg', 'web-tree-sitter']) {
      expect(packages.has(banned), banned).toBe(false);
    }
  }, 60_000);
});
