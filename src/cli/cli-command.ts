// The shape of a CLI command and the global flags it receives. Its own module so the command table
// (commands.ts), the commands (commands/*) and the entry point (main.ts) import it without importing each other.
import type { FlagSpecs } from './args';

export interface GlobalFlags {
  vault: string;
  db?: string;
  /** `--source`: the vault's name in a database several vaults share. */
  source?: string;
  json: boolean;
}

export interface CliCommand {
  summary: string;
  usage: string;
  /** The command's own flags (the global ones are added by the parser); `--help` lists them all. */
  options: FlagSpecs;
  /**
   * Runs long or heavy enough (indexing, serving) that Postgres' wasm is worth optimizing. Other commands run
   * Liftoff code only (see main.ts, `quickWasm`).
   */
  longRunning?: boolean;
  run(argv: string[], flags: GlobalFlags): Promise<number>;
}
