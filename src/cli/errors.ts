// Exit codes scripts can react to (README documents them), mapped from the stable error codes of core/errors.ts.
import { BrainError, errorCode, type ErrorCode } from '../core/errors';

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  missingVault: 3,
  unknownNote: 4,
  locked: 5,
  /** `index`: the notes were indexed but embeddings were requested and failed (vector search is incomplete). */
  embeddingsFailed: 6,
} as const;

const EXIT_BY_CODE: Partial<Record<ErrorCode, number>> = {
  bad_params: EXIT.usage,
  missing_vault: EXIT.missingVault,
  bad_database: EXIT.usage,
  source_unavailable: EXIT.usage,
  note_not_found: EXIT.unknownNote,
  locked: EXIT.locked,
};

/** A CLI-only failure reported without a stack trace, with the exit code it names. */
export class CliError extends BrainError {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super('cli', message);
    this.name = 'CliError';
  }
}

export function exitCodeFor(e: unknown): number {
  if (e instanceof CliError) return e.exitCode;
  const code = errorCode(e);
  return (code && EXIT_BY_CODE[code]) ?? EXIT.failure;
}
