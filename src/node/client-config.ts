// MCP client configuration for the stdio server: where each desktop client keeps its config file, the entry that
// launches `vault-brain mcp` with absolute paths (no `npx` of a name that is not published: someone could claim
// it), and a merge that replaces only our entry, keeping every other server the user has.
import * as os from 'node:os';
import * as path from 'node:path';

export const MCP_CLIENTS = ['claude-desktop', 'cursor', 'codex', 'generic'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

export interface StdioLaunch {
  command: string;
  args: string[];
}

export class ConfigFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigFileError';
  }
}

export interface LaunchOptions {
  /** Absolute path of the node binary (process.execPath). */
  node: string;
  /** Absolute path of bin/vault-brain.cjs. */
  cli: string;
  vault: string;
  db?: string;
  allowWrites?: boolean;
}

export function stdioLaunch(o: LaunchOptions): StdioLaunch {
  const args = [o.cli, 'mcp', '--vault', o.vault];
  if (o.db) args.push('--db', o.db);
  if (o.allowWrites) args.push('--allow-writes');
  return { command: o.node, args };
}

export interface Place {
  platform?: string;
  env?: Record<string, string | undefined>;
  home?: string;
}

/** The client's global config file, or null for `generic` (print only). */
export function clientConfigFile(client: McpClient, place: Place = {}): string | null {
  const platform = place.platform ?? process.platform;
  const env = place.env ?? process.env;
  const home = place.home ?? os.homedir();
  switch (client) {
    case 'claude-desktop':
      if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
      if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
      return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'Claude', 'claude_desktop_config.json');
    case 'cursor':
      return path.join(home, '.cursor', 'mcp.json');
    case 'codex':
      return path.join(env.CODEX_HOME || path.join(home, '.codex'), 'config.toml');
    case 'generic':
      return null;
  }
}

/** What to paste: the `mcpServers` JSON most clients read, or Codex's TOML table. */
export function renderClientConfig(client: McpClient, name: string, launch: StdioLaunch): string {
  if (client === 'codex') return tomlTable(name, launch);
  return `${JSON.stringify({ mcpServers: { [name]: launch } }, null, 2)}\n`;
}

/** The config file's new text with our entry set (added or replaced); everything else is kept. */
export function mergeClientConfig(client: McpClient, existing: string | null, name: string, launch: StdioLaunch): string {
  if (client === 'codex') return mergeToml(existing ?? '', name, launch);
  return mergeJson(existing, name, launch);
}

function mergeJson(existing: string | null, name: string, launch: StdioLaunch): string {
  let doc: Record<string, unknown> = {};
  if (existing !== null && existing.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(existing);
    } catch (e) {
      throw new ConfigFileError(`it is not valid JSON (${(e as Error).message}); fix or move it, then try again`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigFileError('it does not hold a JSON object');
    doc = parsed as Record<string, unknown>;
  }
  const servers = doc.mcpServers ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) throw new ConfigFileError('its "mcpServers" is not an object');
  doc.mcpServers = { ...(servers as Record<string, unknown>), [name]: launch };
  return `${JSON.stringify(doc, null, indentOf(existing))}\n`;
}

/** Keeps the file's own indentation (two spaces when it has none yet). */
function indentOf(text: string | null): string | number {
  const m = /\n([ \t]+)\S/.exec(text ?? '');
  return m ? m[1]! : 2;
}

function tomlTable(name: string, launch: StdioLaunch): string {
  // A JSON string is a valid TOML basic string (same escapes), so paths with spaces or backslashes survive.
  return [`[mcp_servers.${tomlKey(name)}]`, `command = ${JSON.stringify(launch.command)}`, `args = [${launch.args.map((a) => JSON.stringify(a)).join(', ')}]`, ''].join('\n');
}

function tomlKey(name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name);
}

/** Removes our `[mcp_servers.<name>]` table (and its sub-tables) and appends the new one; other text is untouched. */
function mergeToml(existing: string, name: string, launch: StdioLaunch): string {
  const ours = new Set([`mcp_servers.${name}`, `mcp_servers."${name}"`]);
  const lines = existing.split('\n');
  const kept: string[] = [];
  let skipping = false;
  for (const line of lines) {
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      const key = header[1]!.replace(/\s*\.\s*/g, '.');
      skipping = [...ours].some((k) => key === k || key.startsWith(`${k}.`));
    }
    if (!skipping) kept.push(line);
  }
  const body = kept.join('\n').replace(/\n*$/, '');
  return `${body ? `${body}\n\n` : ''}${tomlTable(name, launch)}`;
}
