// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, a devDependency) against
// `vault-brain serve` over the sample vault, and fails when a scenario that applies to our server fails.
//   node scripts/mcp-conformance.mjs [--all] [--verbose] [--json] [--scenario a,b] [--url http://127.0.0.1:…/mcp]
// --all also runs the scenarios that do not apply (capabilities we do not offer, or the reference "everything"
// server's own tools) and prints how they end, for the record; they never fail the run. --verbose prints every check.
// --scenario runs only the named scenarios. --url judges a server that is already running instead of starting
// `vault-brain serve` (test/mcp/conformance-gate.test.ts points it at a server that breaks the protocol, to
// show that a failing scenario fails the run, and so CI).
//
// The suite's client cannot send our bearer token, so it talks to a small loopback proxy that adds the token and
// passes everything else through as it came. The Host header is only rewritten when it names the proxy itself:
// the DNS-rebinding scenario's forged Host and Origin headers reach the server untouched.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONFORMANCE = path.join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/**
 * What a server with our capabilities (tools over streamable HTTP; no prompts, resources, logging, completion,
 * sampling or elicitation) must pass.
 */
export const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-error',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

/** The rest of the server suite, and why each does not apply to us (what the suite looks for). */
export const NOT_APPLICABLE = {
  'json-schema-2020-12': "looks for the reference server's json_schema_2020_12_tool",
  'logging-set-level': 'logging/setLevel: we declare no logging capability',
  'completion-complete': 'completion/complete: we offer no prompts or resource templates to complete',
  'tools-call-image': 'wants a tool that returns image content; ours return text',
  'tools-call-audio': 'wants a tool that returns audio content',
  'tools-call-embedded-resource': 'wants a tool that returns an embedded resource',
  'tools-call-mixed-content': 'wants a tool that returns text, image and resource content together',
  'tools-call-with-logging': 'wants log notifications during a tool call: no logging capability',
  'tools-call-with-progress': 'wants progress notifications from a tool call: our tools answer in one response',
  'tools-call-sampling': 'wants the server to ask the client for a model (sampling): we never do',
  'tools-call-elicitation': 'wants the server to ask the user through the client (elicitation): we never do',
  'elicitation-sep1034-defaults': 'elicitation',
  'elicitation-sep1330-enums': 'elicitation',
  'resources-list': 'resources/list: we offer no resources',
  'resources-read-text': 'we offer no resources',
  'resources-read-binary': 'we offer no resources',
  'resources-templates-read': 'we offer no resources',
  'resources-subscribe': 'we offer no resources',
  'resources-unsubscribe': 'we offer no resources',
  'prompts-list': 'prompts/list: we offer no prompts',
  'prompts-get-simple': 'we offer no prompts',
  'prompts-get-with-args': 'we offer no prompts',
  'prompts-get-embedded-resource': 'we offer no prompts',
  'prompts-get-with-image': 'we offer no prompts',
};

const TOKEN = 'conformance-token-0123456789abcdef';

function startServe(vault, db) {
  const child = spawn(process.execPath, [path.join(root, 'bin/vault-brain.cjs'), 'serve', '--vault', vault, '--db', db, '--port', '0', '--rate-limit', '0'], {
    env: { ...process.env, VAULT_BRAIN_MCP_TOKEN: TOKEN, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The banner (with the URL) goes to stderr: stdout is kept for --json.
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout.resume();
    child.stderr.on('data', (d) => {
      err += d;
      const m = /URL\s+http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(err);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('close', (code) => reject(new Error(`serve ended (${code}) before it listened:\n${err}`)));
  });
}

/** The port a listening server was given. */
const portOf = (/** @type {http.Server} */ server) => /** @type {import('node:net').AddressInfo} */ (server.address()).port;

/** A loopback proxy that adds the bearer token; the Host header naming the proxy becomes the server's. */
function startProxy(serverPort) {
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${TOKEN}` };
    const own = `127.0.0.1:${portOf(server)}`;
    if (headers.host === own) headers.host = `127.0.0.1:${serverPort}`;
    if (headers.origin === `http://${own}`) headers.origin = `http://127.0.0.1:${serverPort}`;
    const upstream = http.request({ host: '127.0.0.1', port: serverPort, method: req.method, path: req.url, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs one scenario; returns its checks (from the suite's checks.json) and whether it passed. */
function runScenario(url, scenario, outDir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONFORMANCE, 'server', '--url', url, '--scenario', scenario, '-o', outDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const checks = readChecks(outDir, scenario);
      const failed = checks.filter((c) => c.status !== 'SUCCESS' && c.status !== 'INFO' && c.status !== 'WARNING');
      resolve({ scenario, passed: code === 0 && checks.length > 0 && failed.length === 0, checks, failed, output });
    });
  });
}

function readChecks(outDir, scenario) {
  for (const dir of readdirSync(outDir)) {
    if (!dir.startsWith(`server-${scenario}-`)) continue;
    try {
      return JSON.parse(readFileSync(path.join(outDir, dir, 'checks.json'), 'utf8'));
    } catch {
      return [];
    }
  }
  return [];
}

/** The value after `flag` on the command line, or undefined. */
function flagValue(flag) {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const all = process.argv.includes('--all');
  const json = process.argv.includes('--json');
  const verbose = process.argv.includes('--verbose');
  const only = flagValue('--scenario')?.split(',').filter(Boolean);
  const external = flagValue('--url');
  const unknown = (only ?? []).filter((s) => !APPLICABLE.includes(s) && !(s in NOT_APPLICABLE));
  if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}`);
  const tmp = mkdtempSync(path.join(tmpdir(), 'vb-conformance-'));
  let child = null;
  let proxy = null;
  let url = external;
  if (!url) {
    const vault = path.join(tmp, 'vault');
    cpSync(path.join(root, 'examples/vault'), vault, { recursive: true });
    const served = await startServe(vault, path.join(tmp, 'db'));
    child = served.child;
    proxy = await startProxy(served.port);
    url = `http://127.0.0.1:${portOf(proxy)}/mcp`;
  }
  const scenarios = only ?? [...APPLICABLE, ...(all ? Object.keys(NOT_APPLICABLE) : [])];
  const results = [];
  try {
    for (const scenario of scenarios) {
      const r = { ...(await runScenario(url, scenario, path.join(tmp, 'results'))), applies: APPLICABLE.includes(scenario) };
      results.push(r);
      if (!json) {
        // A scenario that does not apply never fails the run, whatever it found: 'n/a', not 'FAIL'.
        const mark = r.passed ? 'pass' : r.applies ? 'FAIL' : 'n/a ';
        console.log(`${mark}  ${scenario}${APPLICABLE.includes(scenario) ? '' : ` (does not apply: ${NOT_APPLICABLE[scenario]})`}`);
        if (verbose || (!r.passed && APPLICABLE.includes(scenario))) {
          for (const c of r.failed.length > 0 && !verbose ? r.failed : r.checks) console.log(`      ${c.status} ${c.name ?? c.id}: ${c.errorMessage ?? c.description ?? ''}`);
          if (r.checks.length === 0) console.log(r.output.slice(-2000));
        }
      }
    }
  } finally {
    proxy?.close();
    if (child && child.exitCode === null && child.signalCode === null) {
      // The server writes its clean-close mark while it exits: removing its folder before then races it.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    rmSync(tmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
  const failing = results.filter((r) => APPLICABLE.includes(r.scenario) && !r.passed).map((r) => r.scenario);
  const applicable = results.filter((r) => APPLICABLE.includes(r.scenario)).length;
  if (json) console.log(JSON.stringify({ results: results.map(({ scenario, passed, checks }) => ({ scenario, passed, applies: APPLICABLE.includes(scenario), checks: checks.length })), failing }));
  else console.log(`${applicable - failing.length}/${applicable} applicable scenarios pass`);
  process.exitCode = failing.length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
