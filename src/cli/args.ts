// Argument parsing shared by every command: global flags plus the command's own, so a value after a flag
// (`--limit 5`) is never mistaken for a positional argument.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_OPTIONS: Options = {
  vault: { type: 'string' },
  db: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
};

export interface ParsedCommandLine {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  /** Positionals after the command name. */
  positionals: string[];
}

export function parseCommandLine(argv: string[], options: Options = {}): ParsedCommandLine {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { ...GLOBAL_OPTIONS, ...options },
  });
  return { values, positionals: positionals.slice(1) };
}
