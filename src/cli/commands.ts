// The CLI's command table. Commands backed by an operation are generated from the operations registry, so
// the CLI, plugin and MCP surfaces cannot drift; the rest (index, parse, ...) are CLI-only workflows.
import { parseCommandLine, type FlagSpecs } from './args';
import type { OpDefinition } from '../core/ops/registry';
import type { Brain } from '../core/brain';
import { createRegistry } from '../core/ops';
import { openNodeBrain } from '../node/open-brain';
import { createNodeRegistry } from '../node/node-registry';
import type { CliCommand } from './cli-command';
import { formatOpResult } from './format';
import { styleFor } from './style';
import { indexCommand } from './commands/index-command';
import { evalCommand } from './commands/eval-command';
import { parseCommand } from './commands/parse-command';
import { mcpCommand } from './commands/mcp-command';
import { serveCommand } from './commands/serve-command';
import { mcpConfigCommand } from './commands/mcp-config-command';
import { migrateCommand } from './commands/migrate-command';

function opCommand(op: OpDefinition<Brain, never, unknown>): CliCommand {
  const positional = op.cli?.positional ?? [];
  const options = opFlags(op);
  return {
    summary: op.description,
    usage: [op.name.replace(/_/g, '-'), ...positional.map((p) => `<${p}>`), '[flags]'].join(' '),
    options,
    async run(argv, flags) {
      const params = cliParams(op, argv);
      const opened = await openNodeBrain({ vault: flags.vault, db: flags.db, source: flags.source });
      try {
        const registry = createNodeRegistry(opened.vault, () => opened.config);
        const result = await opened.brain.guard(() => registry.callByName(op.name, params, { brain: opened.brain, remote: false }));
        process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatOpResult(op.name, result, styleFor(process.stdout)));
        return 0;
      } finally {
        await opened.close();
      }
    },
  };
}

/** The op's params as kebab-case flags (positional ones too: `--query x` works), described for `--help`. */
function opFlags(op: OpDefinition<Brain, never, unknown>): FlagSpecs {
  const options: FlagSpecs = {};
  for (const [name, prop] of Object.entries(op.params.properties)) {
    const notes = [
      prop.default !== undefined && prop.type !== 'boolean' ? `default ${JSON.stringify(prop.default)}` : '',
      prop.type === 'string' && prop.enum ? `one of ${prop.enum.join(', ')}` : '',
      prop.type === 'array' ? 'comma-separated' : '',
    ].filter(Boolean);
    const description = `${prop.description ?? name}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    const value = prop.type === 'integer' || prop.type === 'number' ? 'n' : prop.type === 'array' ? 'a,b' : 'text';
    options[kebab(name)] = prop.type === 'boolean' ? { type: 'boolean', description } : { type: 'string', value, description };
  }
  return options;
}

/** Maps `--max-chars 10` / `--maxChars=10` / positionals onto the op's params; the op validates types. */
export function cliParams(op: OpDefinition<Brain, never, unknown>, argv: string[]): Record<string, unknown> {
  const props = op.params.properties;
  const options = opFlags(op);
  // The camelCase spelling is accepted too (not listed in --help): `--maxChars` was documented once.
  for (const [name, prop] of Object.entries(props)) options[name] ??= { type: prop.type === 'boolean' ? 'boolean' : 'string' };
  const { values, positionals } = parseCommandLine(argv, options);
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (['vault', 'db', 'json', 'help', 'version'].includes(key)) continue;
    const name = Object.keys(props).find((k) => k === key || kebab(k) === key);
    if (!name) continue; // Strict parsing already refused any flag the op does not declare.
    const prop = props[name]!;
    params[name] = prop.type === 'array' && typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value;
  }
  const wanted = op.cli?.positional ?? [];
  wanted.forEach((name, i) => {
    // The last positional takes the rest, so `search who works at Acme` needs no quotes.
    const value = i === wanted.length - 1 ? positionals.slice(i).join(' ') : positionals[i];
    if (value) params[name] = value;
  });
  return params;
}

function kebab(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-');
}

function buildCommands(): Record<string, CliCommand> {
  const commands: Record<string, CliCommand> = {
    index: indexCommand,
    eval: evalCommand,
    parse: parseCommand,
    mcp: mcpCommand,
    serve: serveCommand,
    'mcp-config': mcpConfigCommand,
    migrate: migrateCommand,
  };
  for (const op of createRegistry().list()) {
    const command = opCommand(op);
    commands[op.name] = command;
    commands[op.name.replace(/_/g, '-')] = command;
  }
  return commands;
}

export const COMMANDS = buildCommands();

export function usage(): string {
  const seen = new Set<CliCommand>();
  const lines = ['Usage: vault-brain <command> [flags]   (vault-brain <command> --help lists its flags)', '', 'Commands:'];
  for (const [name, cmd] of Object.entries(COMMANDS)) {
    if (seen.has(cmd)) continue;
    seen.add(cmd);
    lines.push(`  ${name.padEnd(12)} ${cmd.summary}`);
  }
  lines.push('', 'The vault defaults to the current folder; the database lives in <vault>/.vault-brain/ unless --db, $VAULT_BRAIN_DATABASE_URL or "database" in .vault-brain/config.json names a postgres:// server.', '');
  return lines.join('\n');
}
