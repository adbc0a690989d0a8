// The path rules for calls from outside the app (MCP): a note path must be a plain vault-relative path.
// Symlink escapes are checked by the vault source itself (it knows the real file system).
import { BrainError } from '../errors';

export class PathRefusedError extends BrainError {
  constructor(message: string) {
    super('path_refused', message);
    this.name = 'PathRefusedError';
  }
}

/** Normalizes a vault-relative path; throws on absolute paths, `..`, drive letters, NUL and empty names. */
export function confineVaultPath(input: string): string {
  if (input.includes('\u0000')) throw new PathRefusedError('path contains a NUL character');
  const p = input.normalize('NFC').replace(/\\/g, '/').trim();
  if (p === '') throw new PathRefusedError('path is empty');
  if (p.startsWith('/') || /^[a-zA-Z]:/.test(p) || p.startsWith('~')) {
    throw new PathRefusedError('absolute paths are not allowed; use a vault-relative path');
  }
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') throw new PathRefusedError('".." is not allowed in paths');
    parts.push(seg);
  }
  if (parts.length === 0) throw new PathRefusedError('path is empty');
  return parts.join('/');
}
