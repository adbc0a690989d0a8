// `vault-brain`: the brain over any folder of Markdown, from the command line.
import { formatCommandHelp, parseCommandLine, closestName } from './args';
import type { GlobalFlags } from './cli-command';
import { VERSION } from '../core/version';
import { styleFor } from './style';
import { errorMessage } from '../core/errors';
import { CliError, EXIT, exitCodeFor } from './errors';
import { COMMANDS, usage } from './commands';
import { setFlagsFromString } from 'node:v8';

/**
 * V8 compiles pglite.wasm (9 MB) with its baseline compiler (Liftoff) and then, in background threads, recompiles
 * the hot functions with its optimizing one: ~1.5 s of CPU on every command, competing with the command itself for
 * the 2 cores. A short command (stats, search, links...) is over before the optimized code pays for itself, so it
 * runs the baseline code only. Measured on the 10k bench vault, `vault-brain stats` (load 14-17): CPU of all
 * threads 2.4 -> 1.1-1.3 s, wall 6.4-8.1 -> 2.8-3.6 s. Indexing and the servers (`longRunning`) keep both tiers.
 */
function quickWasm(): void {
  setFlagsFromString('--liftoff-only');
}

async function main(argv: string[]): Promise<number> {
  // Only the global flags are read here (leniently); the command parses everything strictly.
  const { values } = parseCommandLine(argv, {}, { strict: false });
  let name = argv.find((a) => !a.startsWith('-') && !isFlagValue(argv, a));
  let help = values.help === true;
  if (name === 'help') {
    // `vault-brain help search` is `vault-brain search --help`.
    name = argv.slice(argv.indexOf('help') + 1).find((a) => !a.startsWith('-'));
    help = true;
  }
  if (values.version && !name) {
    process.stdout.write(`vault-brain ${VERSION}\n`);
    return EXIT.ok;
  }
  if (!name) {
    process.stdout.write(usage());
    return help ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    const near = closestName(name, Object.keys(COMMANDS));
    throw new CliError(`unknown command "${name}"${near ? ` (did you mean "${near}"?)` : ''}; vault-brain --help lists them`, EXIT.usage);
  }
  if (help) {
    process.stdout.write(formatCommandHelp(name, command.usage, command.summary, command.options));
    return EXIT.ok;
  }
  if (values.version) {
    process.stdout.write(`vault-brain ${VERSION}\n`);
    return EXIT.ok;
  }
  if (!command.longRunning) quickWasm();
  const flags: GlobalFlags = {
    vault: typeof values.vault === 'string' ? values.vault : process.cwd(),
    db: typeof values.db === 'string' ? values.db : undefined,
    source: typeof values.source === 'string' ? values.source : undefined,
    json: values.json === true,
  };
  return command.run(argv, flags);
}

/** True when `arg` is the value of a global string flag (`--vault x`), not the command name. */
function isFlagValue(argv: string[], arg: string): boolean {
  const i = argv.indexOf(arg);
  return i > 0 && (argv[i - 1] === '--vault' || argv[i - 1] === '--db' || argv[i - 1] === '--source');
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    const code = exitCodeFor(e);
    const message = errorMessage(e);
    process.stderr.write(`${styleFor(process.stderr).red('vault-brain:')} ${message}\n`);
    if (code === EXIT.failure && process.env.VAULT_BRAIN_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
    process.exitCode = code;
  },
);
