// The bearer token MCP clients must send. Web Crypto, not node:crypto: this runs while the plugin loads settings,
// on every platform, before anything Node-only is reached.

/** Random bytes in a token: 256 bits, as base64url (43 characters). */
export const TOKEN_BYTES = 32;

export function generateMcpToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A stored token is used only if it looks like one we generated; anything else is replaced. */
export function isUsableToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{32,200}$/.test(token);
}
