// Desktop only (Node's fs): loaded lazily by plugin-note-writer.ts when the vault has a folder on disk, so the
// mobile app never evaluates it. The vault API writes wherever a path leads on disk, symlinked folders included;
// as the CLI's FsNoteWriter does, refuse a write whose real location (nearest existing folder for a new note, the
// file itself for an append) is outside the vault's real folder.
import type { NoteWriter } from '../../core/ops/note-writer';
import { assertWriteInside } from '../../node/fs-note-writer';
import { FsVaultSource } from '../../node/fs-vault-source';

export function confinedToVaultRoot(writer: NoteWriter, vaultRoot: string): NoteWriter {
  const disk = new FsVaultSource(vaultRoot);
  return {
    async create(relPath, text) {
      await assertWriteInside(disk, relPath, 'create');
      await writer.create(relPath, text);
    },
    async append(relPath, text) {
      await assertWriteInside(disk, relPath, 'append');
      await writer.append(relPath, text);
    },
    async linkMention(relPath, at, linktext) {
      await assertWriteInside(disk, relPath, 'append');
      await writer.linkMention(relPath, at, linktext);
    },
  };
}
