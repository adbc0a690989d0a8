// Turns a file's bytes into note text, or a reason not to index it. Never throws.

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export type DecodedFile =
  | { ok: true; text: string; warnings: { code: string; message: string }[] }
  | { ok: false; reason: 'binary' | 'too-large'; message: string };

const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');

/** A read refused because the file is over the size limit (the size is from the open file, not a listing). */
export class FileTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(tooLargeMessage(size, maxBytes));
    this.name = 'FileTooLargeError';
  }
}

function tooLargeMessage(size: number, maxBytes: number): string {
  return `file is ${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit`;
}

export function decodeFile(bytes: Uint8Array, maxBytes = DEFAULT_MAX_FILE_BYTES): DecodedFile {
  if (bytes.byteLength > maxBytes) {
    return {
      ok: false,
      reason: 'too-large',
      message: tooLargeMessage(bytes.byteLength, maxBytes),
    };
  }
  if (looksBinary(bytes)) return { ok: false, reason: 'binary', message: 'file contains binary data (NUL bytes)' };
  try {
    return { ok: true, text: strictDecoder.decode(bytes), warnings: [] };
  } catch {
    // Keep the note findable: bad sequences become U+FFFD and the user is told.
    return {
      ok: true,
      text: lenientDecoder.decode(bytes),
      warnings: [{ code: 'invalid-utf8', message: 'file is not valid UTF-8; undecodable bytes were replaced' }],
    };
  }
}

/** Git's heuristic: a NUL byte in the first 8 KB means binary. */
function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.byteLength, 8192);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
