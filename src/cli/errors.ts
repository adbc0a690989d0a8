// Errors the CLI reports without a stack trace, each with its own exit code so scripts can react.

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  missingVault: 3,
  unknownNote: 4,
  locked: 5,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
