// Decodes binary data embedded in the bundle as string-literal text (format: scripts/asset-codec.mjs).
// Denser than base64 in a UTF-8 main.js, and every character is <= U+00FF so the source stays a one-byte string.
import { BrainError } from '../../core/errors';

/** 7-bit values that are written as an escape character (must equal ESCAPED in scripts/asset-codec.mjs). */
export const ESCAPED: readonly number[] = [0x00, 0x0a, 0x0d, 0x22, 0x5c];
/** Bits of the following stream carried by an escape character (EXTRA_BITS in scripts/asset-codec.mjs). */
export const EXTRA_BITS = 4;

const ESCAPE_BASE = 0x80;
const ESCAPE_LIMIT = ESCAPE_BASE + (ESCAPED.length << EXTRA_BITS);

export class BinaryTextError extends BrainError {
  constructor(message: string) {
    super('bad_asset', message);
    this.name = 'BinaryTextError';
  }
}

/** Decodes `text` into exactly `byteLength` bytes; throws when the text is too short or holds foreign characters. */
export function decodeBinaryText(text: string, byteLength: number): Uint8Array {
  if (!Number.isInteger(byteLength) || byteLength < 0) throw new BinaryTextError(`invalid length ${byteLength}`);
  const out = new Uint8Array(byteLength);
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length && o < byteLength; i++) {
    const c = text.charCodeAt(i);
    if (c < ESCAPE_BASE) {
      acc = (acc << 7) | c;
      bits += 7;
    } else if (c < ESCAPE_LIMIT) {
      const x = c - ESCAPE_BASE;
      acc = (acc << (7 + EXTRA_BITS)) | (ESCAPED[x >> EXTRA_BITS]! << EXTRA_BITS) | (x & ((1 << EXTRA_BITS) - 1));
      bits += 7 + EXTRA_BITS;
    } else {
      throw new BinaryTextError(`unexpected character U+${c.toString(16)} at ${i}`);
    }
    while (bits >= 8 && o < byteLength) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  if (o < byteLength) throw new BinaryTextError(`text holds ${o} bytes, expected ${byteLength}`);
  return out;
}
