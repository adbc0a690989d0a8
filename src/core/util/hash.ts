// Content hashing for change detection (not security). Synchronous and dependency-free so the core
// runs unchanged in Node, the Obsidian renderer and a worker.

/** 64-bit FNV-1a over UTF-16 code units, as 16 hex chars. Collisions are astronomically unlikely at vault scale. */
export function contentHash(text: string): string {
  // Two 32-bit lanes with different offsets stand in for a 64-bit state (no BigInt on the hot path).
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x01000193) ^ (h1 >>> 15);
  }
  h1 ^= text.length;
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
