// Binary -> JavaScript string literal text, ~6.9 bits per UTF-8 byte (1.16x; base64 is 1.33x).
// The bit stream is cut into 7-bit groups. A group is written as the ASCII character of the same code, except
// the groups a double-quoted string literal cannot hold raw (NUL is escaped too, so the file stays text):
// such a group is written together with the next 4 bits as one character U+0080 + index * 16 + bits.
// Every character is <= U+00FF, so the engine keeps main.js as a one-byte string (a two-byte source compiles
// several times slower and takes twice the memory). The text is placed into the output after esbuild ran
// (scripts/esbuild-plugins.mjs), between double quotes.
// The decoder is src/obsidian/assets/binary-text.ts; keep ESCAPED and EXTRA_BITS identical in both.

export const ESCAPED = [0x00, 0x0a, 0x0d, 0x22, 0x5c];
export const EXTRA_BITS = 4;

/** @param {Uint8Array} bytes @returns {string} */
export function encodeBinaryText(bytes) {
  const escapeIndex = new Int8Array(128).fill(-1);
  ESCAPED.forEach((code, i) => (escapeIndex[code] = i));
  const totalBits = bytes.length * 8;
  let pos = 0;
  // Reads n bits (n <= 8) from the stream, zero-padded past the end.
  const read = (n) => {
    let v = 0;
    for (let k = 0; k < n; k++, pos++) {
      const bit = pos < totalBits ? (bytes[pos >> 3] >> (7 - (pos & 7))) & 1 : 0;
      v = (v << 1) | bit;
    }
    return v;
  };
  const chars = new Uint8Array(Math.ceil(totalBits / 7) + 1);
  let n = 0;
  while (pos < totalBits) {
    const v = read(7);
    const esc = escapeIndex[v];
    chars[n++] = esc < 0 ? v : 0x80 + (esc << EXTRA_BITS) + read(EXTRA_BITS);
  }
  // Buffer's latin1 is ISO-8859-1 (TextDecoder's 'latin1' label means windows-1252).
  return Buffer.from(chars.buffer, 0, n).toString('latin1');
}
