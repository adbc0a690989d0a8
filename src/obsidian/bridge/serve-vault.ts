// The plugin side of the worker's vault calls: reads from any VaultSource (the Obsidian one in the app, an
// in-memory one in tests) and writes through a NoteWriter when the plugin gave one. Bytes are copied by
// postMessage, never transferred: a source may keep or share the buffer it returned.
import type { VaultSource } from '../../core/index/vault-source';
import { WriteRefusedError, type NoteWriter } from '../../core/ops/write-ops';
import type { VaultApi } from '../protocol/worker-api';
import type { Handlers } from '../protocol/rpc';

export function vaultHandlers(source: VaultSource, writer?: NoteWriter): Handlers<VaultApi> {
  const writing = (): NoteWriter => {
    if (!writer) throw new WriteRefusedError('writing notes is not available here');
    return writer;
  };
  return {
    'vault.list': () => source.list(),
    'vault.read': ({ path }) => source.read(path),
    'vault.stat': ({ path }) => source.stat(path),
    'vault.create': ({ path, text }) => writing().create(path, text),
    'vault.append': ({ path, text }) => writing().append(path, text),
  };
}
