// `vault-brain mcp-config [--client claude-desktop|cursor|codex|generic] [--vault <dir>] [--write]`: the config an
// MCP client needs to start `vault-brain mcp` from this clone, with absolute paths to node and the launcher.
// `--write` shows the change as a diff, keeps a backup, and merges our entry into the client's file.
import { existsSync, promises as fs, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { MissingVaultError } from '../../node/open-brain';
import {
  clientConfigFile,
  ConfigFileError,
  MCP_CLIENTS,
  mergeClientConfig,
  renderClientConfig,
  stdioLaunch,
  type McpClient,
} from '../../node/client-config';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';
import { chooseDatabase, DATABASE_URL_ENV } from '../../node/database-choice';
import { redactUrl } from '../../node/database-url';
import { CliError, EXIT } from '../errors';
import { lineDiff } from '../line-diff';

export const mcpConfigCommand: CliCommand = {
  summary: 'Print (or --write into the client\'s file) the MCP config that starts `vault-brain mcp` for this vault from this install.',
  usage: 'mcp-config [--client claude-desktop|cursor|codex|generic] [flags]',
  options: {
    client: { type: 'string', value: 'name', description: `Which client: ${MCP_CLIENTS.join(', ')} (default generic: the mcpServers JSON)` },
    write: { type: 'boolean', description: 'Merge the entry into the client\'s config file (shows the diff; other servers are kept)' },
    'config-file': { type: 'string', value: 'file', description: 'Write this file instead of the client\'s usual one (e.g. a project\'s .cursor/mcp.json)' },
    name: { type: 'string', value: 'key', description: 'The server\'s name in the config (default vault-brain; one per vault)' },
    'allow-writes': { type: 'boolean', description: 'Let the agent create notes and append to them' },
  },
  async run(argv, flags) {
    const { values } = parseCommandLine(argv, this.options);
    const client = (typeof values.client === 'string' ? values.client : 'generic') as McpClient;
    if (!MCP_CLIENTS.includes(client)) throw new CliError(`--client must be one of ${MCP_CLIENTS.join(', ')}`, EXIT.usage);
    const name = typeof values.name === 'string' ? values.name : 'vault-brain';
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(name)) throw new CliError('--name may use letters, digits, "_", "-" and "." (up to 64)', EXIT.usage);

    const vault = path.resolve(flags.vault);
    if (!(await fs.stat(vault).catch(() => null))?.isDirectory()) throw new MissingVaultError(vault);
    const launch = stdioLaunch({
      node: process.execPath,
      cli: launcherPath(),
      vault,
      db: launchDb(flags.db),
      allowWrites: values['allow-writes'] === true,
    });

    if (values.write !== true) {
      process.stdout.write(renderClientConfig(client, name, launch));
      return EXIT.ok;
    }
    const file = typeof values['config-file'] === 'string' ? path.resolve(values['config-file']) : clientConfigFile(client);
    if (!file) throw new CliError('--write needs a client with a config file (--client claude-desktop, cursor or codex) or --config-file', EXIT.usage);
    const before = await fs.readFile(file, 'utf8').catch((e: unknown) => {
      if ((e as { code?: unknown }).code === 'ENOENT') return null;
      throw e;
    });
    let after: string;
    try {
      after = mergeClientConfig(client, before, name, launch);
    } catch (e) {
      if (e instanceof ConfigFileError) throw new CliError(`not changing ${file}: ${e.message}`, EXIT.failure);
      throw e;
    }
    if (before === after) {
      process.stderr.write(`${file} already has this "${name}" entry; nothing to change.\n`);
      return EXIT.ok;
    }
    process.stderr.write(`${before === null ? 'Creating' : 'Changing'} ${file}:\n${lineDiff(before ?? '', after)}\n`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (before !== null) await fs.writeFile(`${file}.bak`, before);
    // Write a sibling then rename, so a crash never leaves the client with half a config file.
    const tmp = `${file}.vault-brain-${process.pid}.tmp`;
    await fs.writeFile(tmp, after);
    await fs.rename(tmp, file);
    process.stderr.write(`Wrote ${file}${before !== null ? ` (previous version in ${path.basename(file)}.bak)` : ''}. Restart the client to load it.\n`);
    return EXIT.ok;
  },
};

/** bin/vault-brain.cjs of this install: next to the bundle (dist/cli.cjs), else what was run (an npm link). */
function launcherPath(): string {
  const beside = path.resolve(__dirname, '..', 'bin', 'vault-brain.cjs');
  if (existsSync(beside)) return beside;
  const ran = process.argv[1];
  return ran ? realpathSync(ran) : beside;
}

/**
 * `--db` as the client should pass it: a folder made absolute, a server URL as it is. A URL with a password is
 * refused: a client's config file is no place for it (`database` in .vault-brain/config.json or the
 * VAULT_BRAIN_DATABASE_URL variable keep it out of there).
 */
function launchDb(db: string | undefined): string | undefined {
  if (!db) return undefined;
  const choice = chooseDatabase({ vault: process.cwd(), flag: db });
  if (choice.kind === 'pglite') return choice.dataDir;
  if (new URL(choice.url).password) {
    throw new CliError(`--db ${redactUrl(choice.url)} holds a password, which would be written into the client's config; put the URL in "database" in .vault-brain/config.json (or ${DATABASE_URL_ENV}) instead`, EXIT.usage);
  }
  return choice.url;
}
