// One database per vault, keyed by the app's id for it; when the app has none, by a hash of the vault name.
import type { App } from 'obsidian';

export function vaultIdOf(app: App): string {
  // `appId` is not in the public typings; `in` first, so a strict stand-in app is not asked for it.
  const appId = 'appId' in app ? (app as App & { appId?: unknown }).appId : undefined;
  if (typeof appId === 'string' && /[A-Za-z0-9]/.test(appId)) return appId;
  const name = app.vault.getName();
  return `vault-${fnv1a(name)}-${name.replace(/[^A-Za-z0-9]/g, '').slice(0, 24) || 'x'}`;
}

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
