// `vault-brain parse <file> [--vault <dir>] --json`: what the brain sees in one note, without a database.
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { createCodeChunker } from '../../core/chunk/code-chunker';
import { decodeFile } from '../../core/index/decode-file';
import { defaultRules, PathFilter } from '../../core/index/path-rules';
import { HEADLESS_CONFIG_DIR } from '../../node/open-brain';
import { buildVaultResolver } from '../../core/index/vault-resolver';
import { LinkResolver } from '../../core/links/resolver';
import { parseNote } from '../../core/note/parse-note';
import { FsVaultSource } from '../../node/fs-vault-source';
import { nodeWasmLoader } from '../../node/tree-sitter-wasm';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';
import { CliError, EXIT } from '../errors';

export const parseCommand: CliCommand = {
  summary: 'Show what the brain extracts from one note: title, type, links (resolved), timeline, chunks.',
  usage: 'parse <file> [flags]',
  options: {},
  async run(argv, flags) {
    const { positionals, values } = parseCommandLine(argv);
    const file = positionals.join(' ');
    if (!file) throw new CliError('parse needs a file: vault-brain parse <file> [--vault <dir>] --json', EXIT.usage);
    const vaultGiven = typeof values.vault === 'string';
    const abs = path.resolve(vaultGiven && !path.isAbsolute(file) && !(await exists(file)) ? path.join(flags.vault, file) : file);
    const bytes = await fs.readFile(abs).catch(() => {
      throw new CliError(`cannot read ${file}`, EXIT.missingVault);
    });
    const vault = path.resolve(flags.vault);
    const rel = abs.startsWith(vault + path.sep) ? path.relative(vault, abs).split(path.sep).join('/') : path.basename(abs);

    const decoded = decodeFile(bytes, Number.MAX_SAFE_INTEGER);
    if (!decoded.ok) throw new CliError(`${file}: ${decoded.message}`, EXIT.failure);
    const source = new FsVaultSource(vault);
    const filter = new PathFilter(defaultRules(HEADLESS_CONFIG_DIR));
    // With --vault, links resolve against the vault's file list; other notes are never read (one unreadable or
    // huge file elsewhere must not stop this one), so aliases defined in them are not known here. Without
    // --vault only the note itself is known.
    const resolver = vaultGiven ? await buildVaultResolver(source, filter, { aliases: false }) : new LinkResolver([{ path: rel }]);
    const codeChunker = await createCodeChunker({ loadWasm: nodeWasmLoader });
    const note = parseNote(rel, decoded.text, { resolver, codeChunker });
    note.warnings.push(...decoded.warnings);
    const out = {
      path: note.path,
      title: note.title,
      type: note.type,
      aliases: note.aliases,
      tags: note.tags,
      frontmatter: note.frontmatter,
      warnings: note.warnings,
      links: note.links.map((l) => ({
        raw: l.raw,
        target: l.target,
        targetText: l.targetText,
        type: l.type,
        source: l.source,
        line: l.line,
        context: l.context,
        subpath: l.subpath ?? null,
        alias: l.alias ?? null,
        field: l.field ?? null,
        direction: l.direction,
        evidence: l.evidence ?? null,
      })),
      timeline: note.timeline.map((t) => ({ date: t.date, summary: t.summary, line: t.line })),
      chunks: note.chunks.map((c) => ({
        heading: c.heading,
        text: c.text,
        startLine: c.startLine,
        endLine: c.endLine,
        kind: c.kind,
        language: c.language ?? null,
        symbol: c.symbol ?? null,
      })),
    };
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else {
      const lines = [`${out.title}  (${out.type})  ${out.path}`];
      if (out.aliases.length) lines.push(`aliases: ${out.aliases.join(', ')}`);
      if (out.tags.length) lines.push(`tags: ${out.tags.map((t) => `#${t}`).join(' ')}`);
      for (const w of out.warnings) lines.push(`warning${w.line ? ` (line ${w.line})` : ''}: ${w.message}`);
      lines.push(`links (${out.links.length}):`);
      for (const l of out.links) lines.push(`  ${l.line}: ${l.raw} -> ${l.target ?? '(dangling)'} [${l.type}]`);
      if (out.timeline.length) lines.push(`timeline (${out.timeline.length}):`, ...out.timeline.map((t) => `  ${t.date} ${t.summary}`));
      lines.push(`chunks: ${out.chunks.length}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return 0;
  },
};

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}
