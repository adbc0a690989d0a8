// "Use a server database" (desktop only): the brain lives on a team's PostgreSQL server instead of the embedded
// store. The worker keeps the brain; the main thread holds the connections (bridge/serve-postgres.ts). The URL is
// a setting (data.json, which sync services copy); the password is not: it stays in this device's local storage.
import type { ServerDatabase } from '../bridge/serve-postgres';
import type { VaultBrainSettings } from './settings';

/** Where the server password is kept: the app's local storage on this device, one entry per vault. */
export interface PasswordStore {
  get(): string | null;
  set(password: string | null): void;
}

/**
 * The server password in the app's local storage (never synced, never in data.json), under a key naming the vault
 * (`vaultId`), so two vaults open in one app keep their own.
 */
export function localPasswordStore(vaultId: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage): PasswordStore {
  const key = `vault-brain-server-password:${vaultId}`;
  return {
    get: () => storage.getItem(key),
    set: (password) => (password ? storage.setItem(key, password) : storage.removeItem(key)),
  };
}

/** Why `url` cannot name the brain's server, or null when it can (a postgres:// URL with a host, no password). */
export function serverUrlProblem(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return 'not a URL: expected postgres://user@host:5432/database';
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return 'only postgres:// URLs are supported';
  if (!u.hostname) return 'the URL names no host';
  if (u.password) return 'leave the password out of the URL: enter it in the password field, which stays on this device';
  return null;
}

/** The server the worker's statements go to now, with this device's password, or null (off, mobile, bad URL). */
export function serverDatabaseOf(s: VaultBrainSettings, password: string | null, desktop: boolean): ServerDatabase | null {
  if (!desktop || !s.serverDatabase || serverUrlProblem(s.serverDatabaseUrl) !== null) return null;
  const u = new URL(s.serverDatabaseUrl.trim());
  if (password) u.password = password;
  return { url: u.toString() };
}
