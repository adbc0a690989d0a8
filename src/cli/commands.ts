// The CLI's command table. Commands backed by an operation are generated from the operations registry, so
// the CLI, plugin and MCP surfaces cannot drift; the rest (index, parse, ...) are CLI-only workflows.
import { parseCommandLine } from './args';
import type { OpDefinition } from '../core/ops/registry';
import type { Brain } from '../core/brain';
import { createRegistry } from '../core/ops';
import { openNodeBrain } from '../node/open-brain';
import { createNodeRegistry } from '../node/node-registry';
import type { GlobalFlags } from './main';
import { formatOpResult } from './format';
import { indexCommand } from './commands/index-command';
import { evalCommand } from './commands/eval-command';
import { parseCommand } from './commands/parse-command';
import { mcpCommand } from './commands/mcp-command';
import { serveCommand } from './commands/serve-command';

export interface CliCommand {
  summary: string;
  usage?: string;
  run(argv: string[], flags: GlobalFlags): Promise<number>;
}

function opCommand(op: OpDefinition<Brain, never, unknown>): CliCommand {
  const positional = op.cli?.positional ?? [];
  return {
    summary: op.description,
    usage: `${op.name.replace(/_/g, '-')} ${positional.map((p) => `<${p}>`).join(' ')} ${Object.keys(op.params.properties)
      .filter((k) => !positional.includes(k))
      .map((k) => `[--${kebab(k)} …]`)
      .join(' ')} [--json]`,
    async run(argv, flags) {
      const params = cliParams(op, argv);
      const opened = await openNodeBrain({ vault: flags.vault, db: flags.db });
      try {
        const registry = createNodeRegistry(opened.vault, () => opened.config);
        const result = await registry.call(op.name, params, { brain: opened.brain, remote: false });
        process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatOpResult(op.name, result));
        return 0;
      } finally {
        await opened.close();
      }
    },
  };
}

/** Maps `--max-chars 10` / `--maxChars=10` / positionals onto the op's params; the op validates types. */
export function cliParams(op: OpDefinition<Brain, never, unknown>, argv: string[]): Record<string, unknown> {
  const props = op.params.properties;
  const options: Parameters<typeof parseCommandLine>[1] = {};
  for (const [name, prop] of Object.entries(props)) {
    const type = prop.type === 'boolean' ? 'boolean' : 'string';
    options[name] = { type };
    options[kebab(name)] = { type };
  }
  const { values, positionals } = parseCommandLine(argv, options);
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (['vault', 'db', 'json', 'help', 'version'].includes(key)) continue;
    const name = Object.keys(props).find((k) => k === key || kebab(k) === key);
    if (!name) {
      params[key] = value; // Let validation reject it with the list of known params.
      continue;
    }
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
  const lines = ['Usage: vault-brain <command> [--vault <dir>] [--db <dir>] [--json]', '', 'Commands:'];
  for (const [name, cmd] of Object.entries(COMMANDS)) {
    if (seen.has(cmd)) continue;
    seen.add(cmd);
    lines.push(`  ${name.padEnd(12)} ${cmd.summary}`);
  }
  lines.push('', 'The vault defaults to the current folder; the database lives in <vault>/.vault-brain/.', '');
  return lines.join('\n');
}
