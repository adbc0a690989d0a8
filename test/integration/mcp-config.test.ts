// `vault-brain mcp-config`: what each client is given, and `--write` merging into a real config file under a
// temporary HOME without touching the user's other servers. The printed launch command is then run for real.
import { beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { assertBuilt, CLI, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';

let vault: string;
let home: string;

interface Launch {
  command: string;
  args: string[];
}

function homeEnv(): Record<string, string> {
  return { HOME: home, XDG_CONFIG_HOME: '', CODEX_HOME: '', APPDATA: '' };
}

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-mcpcfg vault '));
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-mcpcfg-home-'));
  await writeVaultFile(vault, '.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'none' } }));
  await writeVaultFile(vault, 'Acme.md', '# Acme\n\nA robotics company.\n');
  expect((await runCli(['index', '--vault', vault])).code).toBe(0);
});

describe('vault-brain mcp-config', () => {
  it('prints an mcpServers entry with absolute paths to node and the launcher, and no npx', async () => {
    const r = await runCli(['mcp-config', '--vault', vault]);
    expect(r.code).toBe(0);
    const cfg = JSON.parse(r.stdout) as { mcpServers: Record<string, Launch> };
    const entry = cfg.mcpServers['vault-brain']!;
    expect(entry.command).toBe(process.execPath);
    expect(entry.args).toEqual([CLI, 'mcp', '--vault', vault]);
    expect(r.stdout).not.toContain('npx');
    for (const client of ['claude-desktop', 'cursor']) {
      const c = await runCli(['mcp-config', '--client', client, '--vault', vault, '--allow-writes']);
      expect((JSON.parse(c.stdout) as { mcpServers: Record<string, Launch> }).mcpServers['vault-brain']!.args).toEqual([CLI, 'mcp', '--vault', vault, '--allow-writes']);
    }
    const codex = await runCli(['mcp-config', '--client', 'codex', '--vault', vault]);
    expect(codex.stdout).toBe(`[mcp_servers.vault-brain]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${[CLI, 'mcp', '--vault', vault].map((a) => JSON.stringify(a)).join(', ')}]\n`);
    const bad = await runCli(['mcp-config', '--client', 'emacs', '--vault', vault]);
    expect(bad.code).toBe(2);
    const missing = await runCli(['mcp-config', '--vault', path.join(vault, 'nope')]);
    expect(missing.code).toBe(3);
  });

  it('the printed command starts a working MCP server over stdio', async () => {
    const r = await runCli(['mcp-config', '--vault', vault]);
    const entry = (JSON.parse(r.stdout) as { mcpServers: Record<string, Launch> }).mcpServers['vault-brain']!;
    const client = new Client({ name: 'mcp-config-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'ignore' }));
    try {
      const tools = await client.listTools();
      expect(tools.tools.length).toBeGreaterThan(5);
      const stats = await client.callTool({ name: 'stats', arguments: {} });
      expect(JSON.stringify(stats.content)).toMatch(/pages|notes/);
    } finally {
      await client.close();
    }
  });

  it('--write merges into Claude Desktop\'s file, keeping other servers and settings, with a diff and a backup', async () => {
    const file = path.join(home, '.config', 'Claude', 'claude_desktop_config.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    const other = { command: 'other-server', args: ['--x'] };
    await fs.writeFile(file, JSON.stringify({ globalShortcut: 'Ctrl+Space', mcpServers: { other, 'vault-brain': { command: 'npx', args: ['-y', 'vault-brain'] } } }, null, 4));
    const r = await runCli(['mcp-config', '--client', 'claude-desktop', '--vault', vault, '--write'], homeEnv());
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`Changing ${file}`);
    expect(r.stderr).toMatch(/^- .*"npx"/m);
    expect(r.stderr).toContain(`+ ${' '.repeat(12)}"command": ${JSON.stringify(process.execPath)}`);
    const after = JSON.parse(await fs.readFile(file, 'utf8')) as { globalShortcut: string; mcpServers: Record<string, Launch> };
    expect(after.globalShortcut).toBe('Ctrl+Space');
    expect(after.mcpServers.other).toEqual(other);
    expect(after.mcpServers['vault-brain']).toEqual({ command: process.execPath, args: [CLI, 'mcp', '--vault', vault] });
    expect(await fs.readFile(`${file}.bak`, 'utf8')).toContain('"npx"');
    const again = await runCli(['mcp-config', '--client', 'claude-desktop', '--vault', vault, '--write'], homeEnv());
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to change');
  });

  it('--write creates Cursor\'s file when there is none, and refuses to touch a file that is not JSON', async () => {
    const file = path.join(home, '.cursor', 'mcp.json');
    const r = await runCli(['mcp-config', '--client', 'cursor', '--vault', vault, '--write'], homeEnv());
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`Creating ${file}`);
    expect((JSON.parse(await fs.readFile(file, 'utf8')) as { mcpServers: Record<string, Launch> }).mcpServers['vault-brain']!.command).toBe(process.execPath);
    await fs.writeFile(file, '{ "mcpServers": { broken');
    const broken = await runCli(['mcp-config', '--client', 'cursor', '--vault', vault, '--write'], homeEnv());
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('not valid JSON');
    expect(await fs.readFile(file, 'utf8')).toBe('{ "mcpServers": { broken');
    const generic = await runCli(['mcp-config', '--vault', vault, '--write'], homeEnv());
    expect(generic.code).toBe(2);
  });

  it('--write replaces only our table in Codex\'s config.toml', async () => {
    const file = path.join(home, '.codex', 'config.toml');
    await fs.mkdir(path.dirname(file), { recursive: true });
    const mine = 'model = "o3"\n\n[mcp_servers.other]\ncommand = "other"\n\n[mcp_servers.vault-brain]\ncommand = "npx"\nargs = ["-y", "vault-brain"]\n\n[mcp_servers.vault-brain.env]\nX = "1"\n\n[profiles.fast]\nmodel = "o4-mini"\n';
    await fs.writeFile(file, mine);
    const r = await runCli(['mcp-config', '--client', 'codex', '--vault', vault, '--write'], homeEnv());
    expect(r.code).toBe(0);
    const after = await fs.readFile(file, 'utf8');
    expect(after).toContain('model = "o3"\n\n[mcp_servers.other]\ncommand = "other"\n');
    expect(after).toContain('[profiles.fast]\nmodel = "o4-mini"');
    expect(after).not.toContain('npx');
    expect(after).not.toContain('X = "1"');
    expect(after.match(/\[mcp_servers\.vault-brain\]/g)).toHaveLength(1);
    expect(after).toContain(`command = ${JSON.stringify(process.execPath)}`);
  });
});
