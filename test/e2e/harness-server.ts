// Builds the e2e page bundle and serves it, the production main.js and styles.css on 127.0.0.1 (random port).
import esbuild from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { workerSourcePlugin } from '../../scripts/esbuild-plugins.mjs';

export const ROOT = resolve(__dirname, '../..');
// VAULT_BRAIN_MAIN_JS serves another build of the plugin (the benches compare two builds in one session).
export const MAIN_JS = process.env.VAULT_BRAIN_MAIN_JS ?? join(ROOT, 'main.js');
const HARNESS = join(ROOT, 'test/e2e/harness');

/**
 * The page script: an entry (default: the harness page.ts) with 'obsidian' bound to the stand-in and the real
 * worker (assets included).
 */
export async function buildPage(entry: string = join(HARNESS, 'page.ts')): Promise<string> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    // As main.js: ASCII code (the worker's payload, Latin-1, is put in after esbuild), a one-byte string in the page.
    charset: 'ascii',
    minify: true,
    logLevel: 'warning',
    alias: { obsidian: join(HARNESS, 'obsidian-shim.ts') },
    plugins: [
      workerSourcePlugin({ production: true }),
      // The server database's driver (pg) is Node code the app's `require` provides in production (main.js keeps
      // Node's modules external); a browser page has none, and the harness never turns a server database on.
      {
        name: 'no-server-driver',
        setup: (b) =>
          b.onLoad({ filter: /[\\/]node[\\/]pg-pool\.ts$/ }, () => ({
            contents: "export function createPool() { throw new Error('no server database in the browser harness'); }",
            loader: 'js',
          })),
      },
    ],
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('page build produced no output');
  return out.text;
}

/**
 * The shim's `requestUrl` (obsidian-shim.ts): the request the page describes, sent from Node as Obsidian sends it
 * from Electron, so the browser's CORS checks do not apply; redirects are followed, the whole body returned.
 */
async function proxyRequestUrl(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const r = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { url: string; method: string; headers: Record<string, string>; body?: string; binary: boolean };
    const body = r.body === undefined ? undefined : r.binary ? Buffer.from(r.body, 'base64') : r.body;
    const answer = await fetch(r.url, { method: r.method, headers: r.headers, ...(body !== undefined ? { body } : {}) });
    const bytes = Buffer.from(await answer.arrayBuffer());
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: answer.status, headers: Object.fromEntries(answer.headers), body: bytes.toString('base64') }));
  } catch (err) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`requestUrl failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export interface HarnessServer {
  url: string;
  close(): Promise<void>;
}

export async function startHarnessServer(pageJs: string): Promise<HarnessServer> {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` before the e2e tests`);
  const files: Record<string, { type: string; body: () => Buffer | string }> = {
    '/': { type: 'text/html', body: () => readFileSync(join(HARNESS, 'index.html')) },
    '/page.js': { type: 'text/javascript', body: () => pageJs },
    '/main-wrapped.js': {
      type: 'text/javascript',
      body: () => `window.__vbMainModule = function (module, exports, require) {\n${readFileSync(MAIN_JS, 'utf8')}\n};\n`,
    },
    '/styles.css': { type: 'text/css', body: () => (existsSync(join(ROOT, 'styles.css')) ? readFileSync(join(ROOT, 'styles.css')) : '') },
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/__request-url' && req.method === 'POST') {
      void proxyRequestUrl(req, res);
      return;
    }
    const file = files[path];
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (!file || req.method !== 'GET') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': `${file.type}; charset=utf-8`, 'cache-control': 'no-store' });
    res.end(file.body());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
