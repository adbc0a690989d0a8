// Argument parsing shared by every command: global flags plus the command's own, so a value after a flag
// (`--limit 5`) is never mistaken for a positional argument. Parsing is strict: a misspelt flag (`--ful`) is a
// usage error with a suggestion, never silently ignored (clig.dev).
import { parseArgs } from 'node:util';
import { editDistance } from '../core/util/edit-distance';
import { errorMessage } from '../core/errors';
import { CliError, EXIT } from './errors';

export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** One line for `--help`. */
  description?: string;
  /** Placeholder shown after a string flag in `--help` (`--port <n>`). */
  value?: string;
}

export type FlagSpecs = Record<string, FlagSpec>;

export const GLOBAL_OPTIONS: FlagSpecs = {
  vault: { type: 'string', value: 'dir', description: 'The vault folder (default: the current folder)' },
  db: {
    type: 'string',
    value: 'dir|url',
    description: `The database: a folder, or postgres://user:pass@host/db for a server (else $VAULT_BRAIN_DATABASE_URL, else "database" in .vault-brain/config.json, else <vault>/.vault-brain/db)`,
  },
  source: {
    type: 'string',
    value: 'name',
    description: 'This vault\'s name in a database several vaults share (default: "source" in .vault-brain/config.json, else the vault folder\'s name)',
  },
  json: { type: 'boolean', description: 'Print JSON (the stable contract) instead of text' },
  help: { type: 'boolean', short: 'h', description: 'Show help (for a command: every flag it takes)' },
  version: { type: 'boolean', description: 'Print the version' },
};

export interface ParsedCommandLine {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  /** Positionals after the command name. */
  positionals: string[];
}

export function parseCommandLine(argv: string[], options: FlagSpecs = {}, config: { strict?: boolean } = {}): ParsedCommandLine {
  const all = { ...GLOBAL_OPTIONS, ...options };
  const parseOptions = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.short ? { type: v.type, short: v.short } : { type: v.type }]));
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: config.strict ?? true, options: parseOptions });
    return { values, positionals: positionals.slice(1) };
  } catch (e) {
    throw usageErrorFor(e, Object.keys(all));
  }
}

/** Turns node:util's parse errors into usage errors, with "did you mean" for an unknown flag. */
function usageErrorFor(e: unknown, known: string[]): unknown {
  const code = (e as { code?: unknown }).code;
  const message = errorMessage(e);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'([^']+)'/.exec(message)?.[1] ?? message;
    const near = closestName(flag.replace(/^-+/, '').split('=')[0] ?? '', known);
    return new CliError(`unknown flag ${flag}${near ? ` (did you mean --${near}?)` : ''}; see --help`, EXIT.usage);
  }
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
    return new CliError(`${message.replace(/\. To specify.*$/s, '').trim()}; see --help`, EXIT.usage);
  }
  return e;
}

export function closestName(typed: string, known: string[]): string | undefined {
  const max = Math.max(1, Math.floor(typed.length / 3));
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = name.startsWith(typed) && typed.length >= 2 ? 0.5 : editDistance(typed, name, max);
    if (d <= max && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** The `--help` text for one command: usage, what it does, its own flags, then the global ones. */
export function formatCommandHelp(name: string, usage: string, summary: string, options: FlagSpecs): string {
  const left = (flag: string, spec: FlagSpec): string => `${spec.short ? `-${spec.short}, ` : ''}--${flag}${spec.type === 'string' ? ` <${spec.value ?? 'value'}>` : ''}`;
  const own = Object.fromEntries(Object.entries(options).filter(([k]) => !(k in GLOBAL_OPTIONS)));
  const width = Math.min(34, Math.max(...Object.entries({ ...own, ...GLOBAL_OPTIONS }).map(([f, s]) => left(f, s).length)) + 2);
  const rows = (specs: FlagSpecs): string[] => Object.entries(specs).map(([f, s]) => `  ${left(f, s).padEnd(width)}${s.description ?? ''}`.trimEnd());
  const lines = [`Usage: vault-brain ${usage}`, '', summary, ''];
  if (Object.keys(own).length > 0) lines.push('Flags:', ...rows(own), '');
  lines.push('Global flags:', ...rows(GLOBAL_OPTIONS), '');
  return `${lines.join('\n')}\n`;
}
