// Bundles the panes page like harness-server's buildPage, with this folder's entry.
import esbuild from 'esbuild';
import { join } from 'node:path';
import { workerSourcePlugin } from '../../../scripts/esbuild-plugins.mjs';
import { ROOT } from '../harness-server';

export async function buildPanesPage(): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'test/e2e/panes/page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    charset: 'utf8',
    minify: true,
    logLevel: 'warning',
    alias: { obsidian: join(ROOT, 'test/e2e/harness/obsidian-shim.ts') },
    plugins: [workerSourcePlugin({ production: true })],
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('panes page build produced no output');
  return out.text;
}
