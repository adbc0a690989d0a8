// What the plugin's main thread bundles (main.js outside the worker string): it is plain JavaScript in main.js,
// not compressed, so every dependency counts in full (issue 17: main.js <= 6 MB). The main thread needs the MCP SDK's
// protocol layer and zod; it must not pull ajv (the validator the SDK's `Server` builds; our tools-only server sits
// on the SDK's `Protocol` base, src/mcp/tools-server.ts), the YAML parser (the worker parses notes), the LLM SDKs,
// PGlite or pg. One deliberate exception: the driver for "Use a server database" (desktop only), which
// bridge/serve-postgres.ts imports lazily from node/pg-pool.ts (about 84 KB of main.js); it is left out below, so
// pg reached any other way still fails the check.
import esbuild from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBSIDIAN_EXTERNALS } from '../../scripts/esbuild-plugins.mjs';

const root = join(__dirname, '../..');

async function mainThreadInputs(entry: { entryPoints: string[] } | { stdin: esbuild.StdinOptions } = { entryPoints: ['src/main.ts'] }): Promise<{ packages: Set<string>; bytes: number }> {
  const result = await esbuild.build({
    absWorkingDir: root,
    ...entry,
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
      // The server database's driver, loaded on first use only (see above).
      { name: 'no-server-driver', setup: (b) => b.onLoad({ filter: /[\\/]node[\\/]pg-pool\.ts$/ }, () => ({ contents: 'export {};', loader: 'js' })) },
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

  it("would pull ajv through the SDK's Server (so the check above can fail)", async () => {
    const { packages } = await mainThreadInputs({
      stdin: { contents: "import { Server } from '@modelcontextprotocol/sdk/server/index.js'; console.log(new Server({ name: 'x', version: '1' }));", resolveDir: root, loader: 'ts' },
    });
    expect(packages.has('ajv')).toBe(true);
  }, 60_000);
});
