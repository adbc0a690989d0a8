// What the plugin shows the user for a failure: the error's message, plus what to do about it when its code
// (core/errors.ts) says the user can act. Panes and notices use this one function.
import { errorCode, errorMessage, type ErrorCode } from '../../core/errors';

const WHAT_TO_DO: Partial<Record<ErrorCode, string>> = {
  brain_not_open: 'run "Vault Brain: Rebuild index" to try again',
  worker_unavailable: 'reload Vault Brain to try again',
  missing_asset: 'reinstall Vault Brain',
  bad_asset: 'reinstall Vault Brain',
};

export function errorText(e: unknown): string {
  const code = errorCode(e);
  const hint = code ? WHAT_TO_DO[code] : undefined;
  return hint ? `${errorMessage(e)} (${hint})` : errorMessage(e);
}
