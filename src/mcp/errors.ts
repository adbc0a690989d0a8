// What an MCP client is told when a call fails: a clear sentence, never a stack trace, never a path on the
// host outside the vault. Errors about the request are recognised by their code (core/errors.ts).
import { BrainError, isCallerError } from '../core/errors';

/** An error raised by the MCP layer itself (timeouts, unknown tools, expired cursors, brain not ready). */
export class McpCallError extends BrainError {
  constructor(code: 'not_ready' | 'open_failed' | 'unknown_tool' | 'expired_cursor' | 'changed_result' | 'timeout' | 'cancelled', message: string) {
    super(code, message);
    this.name = 'McpCallError';
  }
}

const MAX_MESSAGE = 500;

export function publicErrorMessage(e: unknown): string {
  if (!(e instanceof Error)) return 'the operation failed';
  if (isCallerError(e)) return clip(e.message);
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return 'the note file is missing on disk (the index may be out of date; re-index the vault)';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied reading or writing the note';
  if (e.name === 'AbortError') return 'the operation was cancelled';
  return clip(redactPaths(e.message)) || 'the operation failed';
}

/** Replaces absolute file-system paths (POSIX, Windows drive, UNC, file://) with `<path>`. */
export function redactPaths(message: string): string {
  return message
    .replace(/file:\/\/\S+/gi, '<path>')
    .replace(/(?<![\w.:/-])(?:[A-Za-z]:[\\/]|\\\\|\/)[^\s'"`,;)]+/g, '<path>');
}

function clip(s: string): string {
  const oneLine = s.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE)}…` : oneLine;
}
