// The plugin side of the worker's vault calls: reads from any VaultSource (the Obsidian one in the app, an
// in-memory one in tests) and writes through a NoteWriter when the plugin gave one. Bytes are copied by
// postMessage, never transferred: a source may keep or share the buffer it returned.
import type { VaultSource } from '../../core/index/vault-source';
import { WriteRefusedError, type NoteWriter } from '../../core/ops/note-writer';
import type { PushedFile, ReadReply, VaultApi } from '../protocol/worker-api';
import { serializeError, type Handlers } from '../protocol/rpc';
import { pushWritten, type PushOptions } from './push-files';

export function vaultHandlers(source: VaultSource, writer?: NoteWriter, push?: () => PushOptions): Handlers<VaultApi> {
  const writing = (): NoteWriter => {
    if (!writer) throw new WriteRefusedError('writing notes is not available here');
    return writer;
  };
  // The note as written goes back with the answer, so the write op indexes it without reading it again.
  const written = (path: string): Promise<PushedFile | null> => (push ? pushWritten(source, path, push()) : Promise.resolve(null));
  return {
    'vault.list': () => source.list(),
    'vault.read': ({ path }) => source.read(path),
    'vault.readMany': ({ paths }) =>
      Promise.all(paths.map((path) => source.read(path).then((bytes): ReadReply => ({ bytes }), (err: unknown): ReadReply => ({ error: serializeError(err) })))),
    'vault.stat': ({ path }) => source.stat(path),
    'vault.create': async ({ path, text }) => {
      await writing().create(path, text);
      return written(path);
    },
    'vault.append': async ({ path, text }) => {
      await writing().append(path, text);
      return written(path);
    },
    'vault.linkMention': async ({ path, at, linktext }) => {
      await writing().linkMention(path, at, linktext);
      return written(path);
    },
  };
}
