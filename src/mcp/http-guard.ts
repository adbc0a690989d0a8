// The checks every HTTP request passes before the MCP transport sees it: loopback Host with our port and an
// allowed Origin (DNS-rebinding defence, as the MCP spec requires of local servers), and the bearer token.
import { BrainError } from '../core/errors';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export class NonLoopbackHostError extends BrainError {
  constructor(host: string) {
    super('non_loopback_host', `refusing to listen on "${host}": the MCP server binds to the loopback interface only (127.0.0.1, ::1 or localhost)`);
    this.name = 'NonLoopbackHostError';
  }
}

/** The address to bind for a host option; throws for anything that is not loopback. */
export function loopbackBindAddress(host: string): string {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === '127.0.0.1' || h === 'localhost') return '127.0.0.1';
  if (h === '::1') return '::1';
  throw new NonLoopbackHostError(host);
}

/** `Host` must name a loopback host AND our port: a rebinding attacker's page sends its own host name. */
export function hostAllowed(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const h = hostHeader.trim().toLowerCase();
  return h === `127.0.0.1:${port}` || h === `localhost:${port}` || h === `[::1]:${port}`;
}

const LOOPBACK_ORIGIN = /^https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/;
/** Obsidian's renderer sends this origin (the plugin's own pages). */
export const OBSIDIAN_ORIGIN = 'app://obsidian.md';

/** No Origin (native clients) is fine; a browser origin must be loopback or Obsidian itself. */
export function originAllowed(origin: string | undefined, extra: readonly string[] = []): boolean {
  if (origin === undefined) return true;
  const o = origin.trim().toLowerCase();
  return LOOPBACK_ORIGIN.test(o) || o === OBSIDIAN_ORIGIN || extra.includes(o);
}

export const MIN_TOKEN_LENGTH = 16;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares a presented `Authorization` header with the token in constant time (hashes make lengths equal). */
export function createTokenCheck(token: string): (authorization: string | undefined) => boolean {
  if (token.length < MIN_TOKEN_LENGTH) throw new Error(`the bearer token must be at least ${MIN_TOKEN_LENGTH} characters`);
  const expected = digest(token);
  return (authorization) => {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
    // Always hash and compare, even without a token, so timing says nothing about why a request failed.
    const presented = digest(m?.[1] ?? '');
    return timingSafeEqual(presented, expected) && m !== null;
  };
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}
