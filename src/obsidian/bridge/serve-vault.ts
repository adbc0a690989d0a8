// The plugin side of the VaultSource: answers the worker's vault calls from any VaultSource (the Obsidian one
// in the app, an in-memory one in tests). Bytes are copied by postMessage, never transferred: a source may
// keep or share the buffer it returned.
import type { VaultSource } from '../../core/index/vault-source';
import type { VaultApi } from '../protocol/worker-api';
import type { Handlers } from '../protocol/rpc';

export function vaultHandlers(source: VaultSource): Handlers<VaultApi> {
  return {
    'vault.list': () => source.list(),
    'vault.read': ({ path }) => source.read(path),
    'vault.stat': ({ path }) => source.stat(path),
  };
}
