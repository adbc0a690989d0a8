// Write operations: the only ops that change the vault. Surfaces expose them only when the user enables writes
// (MCP `--allow-writes`). They create new Markdown notes, append to existing ones, or turn one unlinked mention
// into a link (the links pane's "Link it"); they never overwrite a note with other text, never touch excluded or
// hidden folders, and never write anything but `.md` files inside the vault.
import type { Brain } from '../brain';
import { noteParam } from './note-param';
import { defineOp, type OpContext } from './registry';
import { visibilityOf } from './visibility';
import { confineVaultPath, PathRefusedError } from './remote-path';
import { withProvenance } from '../note/provenance';
import { withoutRemoteEmbeds } from '../think/inert-markdown';
import { WriteRefusedError, type NoteWriter } from './note-writer';
import { linktextOf, namesOf } from './note-ops';

export { NoteExistsError, WriteRefusedError, type MentionPlace, type NoteWriter } from './note-writer';

/** Largest text one write call may add, in characters. */
export const MAX_WRITE_CHARS = 100_000;

type Ctx = OpContext<Brain>;

/**
 * The write ops over one writer. Register them only on surfaces where the user enabled writes. A remote caller's
 * text loads nothing from the network when shown (`withoutRemoteEmbeds`), and a note an agent creates carries
 * its provenance (provenance.ts).
 */
export function createWriteOps(writer: NoteWriter, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const createNote = defineOp({
    name: 'create_note',
    description:
      'Create a new Markdown note at a vault-relative path ending in .md. Never overwrites: fails when the note exists. The note is indexed right away.',
    scope: 'write',
    params: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Vault-relative path, e.g. `people/Dana Wu.md`', minLength: 1, maxLength: 500 },
        content: { type: 'string', description: 'Markdown text of the note', maxLength: MAX_WRITE_CHARS },
      },
      required: ['path', 'content'],
    },
    async handler(ctx: Ctx, p: { path: string; content: string }) {
      const path = writablePath(ctx, p.path);
      const safe = ctx.remote ? withoutRemoteEmbeds(p.content) : p.content;
      await writer.create(path, ctx.agent ? withProvenance(safe, ctx.agent, now()) : safe);
      await ctx.brain.indexer.updatePaths([path]);
      return { path, created: true, chars: p.content.length, ...(ctx.agent ? { createdBy: ctx.agent } : {}) };
    },
  });

  const appendToNote = defineOp({
    name: 'append_to_note',
    description: 'Append Markdown text to the end of an existing note (on a new line). The note is re-indexed right away.',
    scope: 'write',
    params: {
      type: 'object',
      properties: {
        note: noteParam,
        content: { type: 'string', description: 'Markdown text to append', minLength: 1, maxLength: MAX_WRITE_CHARS },
      },
      required: ['note', 'content'],
    },
    async handler(ctx: Ctx, p: { note: string; content: string }) {
      // Resolved for this caller: only an indexed, visible note can be appended to.
      const path = writablePath(ctx, await visibilityOf(ctx).note(p.note));
      const current = await ctx.brain.source.read(path);
      const needsNewline = current.length > 0 && current[current.length - 1] !== 0x0a;
      const safe = ctx.remote ? withoutRemoteEmbeds(p.content) : p.content;
      await writer.append(path, needsNewline ? `\n${safe}` : safe);
      await ctx.brain.indexer.updatePaths([path]);
      return { path, appended: true, chars: p.content.length };
    },
  });

  const linkMentionOp = defineOp({
    name: 'link_mention',
    description:
      'Turn one unlinked mention (as unlinked_mentions reported it: note, line, column, words) into a link to the note it names, keeping the prose as it reads. Fails when that place changed since it was listed.',
    scope: 'write',
    params: {
      type: 'object',
      properties: {
        note: { ...noteParam, description: 'The note holding the mention (path, title or alias)' },
        target: { ...noteParam, description: 'The note the words name, which the link will point to' },
        line: { type: 'integer', minimum: 1, description: '1-based line of the mention' },
        column: { type: 'integer', minimum: 0, description: 'UTF-16 offset of the mention within its line' },
        text: { type: 'string', minLength: 1, maxLength: 500, description: 'The words as written at that place' },
      },
      required: ['note', 'target', 'line', 'column', 'text'],
    },
    async handler(ctx: Ctx, p: { note: string; target: string; line: number; column: number; text: string }) {
      const vis = visibilityOf(ctx);
      const path = writablePath(ctx, await vis.note(p.note));
      const target = await vis.note(p.target);
      // Only a name of the target becomes its link: this op links mentions, it does not turn any words into links.
      const spoken = p.text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (!(await namesOf(ctx.brain, target)).some((n) => n.replace(/\s+/g, ' ').toLowerCase() === spoken)) {
        throw new WriteRefusedError(`"${p.text}" is not a name of ${target} (its file name, title or an alias)`);
      }
      const linktext = await linktextOf(ctx.brain, target);
      await writer.linkMention(path, { line: p.line, column: p.column, text: p.text }, linktext);
      await ctx.brain.indexer.updatePaths([path]);
      return { path, target, linked: true, linktext, line: p.line, column: p.column };
    },
  });

  return [createNote, appendToNote, linkMentionOp] as const;
}

/** The rules every write obeys, remote or not. Exclusion is checked before existence so it reveals nothing. */
function writablePath(ctx: Ctx, input: string): string {
  const path = confineVaultPath(input);
  if (!/\.md$/i.test(path)) throw new WriteRefusedError('only Markdown notes (a path ending in .md) can be written');
  if (path.split('/').some((seg) => seg.startsWith('.'))) {
    throw new WriteRefusedError('hidden files and folders (names starting with ".") cannot be written');
  }
  if (!ctx.brain.filter.accepts(path)) throw new PathRefusedError('this path is excluded from the brain and cannot be written');
  return path;
}
