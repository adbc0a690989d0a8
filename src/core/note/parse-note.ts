// One note in, everything the brain stores about it out: markdown parts, typed and resolved links, chunks.
import type { Chunk, ParsedNote } from '../types';
import { parseMarkdown } from '../markdown/parse-markdown';
import { extractLinks } from '../links/extract-links';
import { resolveLinks, type LinkResolver } from '../links/resolver';
import { typeResolvedLinks, type PageTypeOf } from '../links/target-typing';
import { chunkNote, type ChunkOptions, type CodeChunker } from '../chunk/chunk-note';
import { contentHash } from '../util/hash';
import { extensionOf } from '../index/path-rules';
import { resolveNoteType } from '../markdown/note-type';
import { fileStem } from '../markdown/title';

export interface NoteParserDeps {
  resolver: LinkResolver;
  /** Types of other notes, when known: a link's relation depends on what its target is. */
  typeOf?: PageTypeOf;
  codeChunker?: CodeChunker;
  chunkOptions?: ChunkOptions;
}

/** Code files are indexed as code: titled by file name, chunked by symbol, with no links. */
export const CODE_FILE_LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
};

/**
 * A note before it is read: its file name as title (a code file's name), the type its folder gives, and one empty
 * chunk, whose full-text vector holds the title. A first index writes these for every note at once
 * (index/indexer.ts), so keyword search finds a note by its name before its batch is parsed; the parse writes
 * over it (BrainEngine.putProvisionalPages stores it with no content hash and mtime -1, so an interrupted run
 * parses it next time).
 */
export function provisionalNote(path: string): ParsedNote {
  const code = CODE_FILE_LANGUAGES[extensionOf(path)] !== undefined;
  const title = code ? path.slice(path.lastIndexOf('/') + 1) : fileStem(path);
  const chunk: Chunk = { ord: 0, heading: '', headingPath: [], text: '', charStart: 0, charEnd: 0, startLine: 1, endLine: 1, kind: 'prose', tokenEstimate: 0, hash: contentHash('') };
  return {
    path,
    title,
    type: code ? 'code' : resolveNoteType(path, {}),
    aliases: [],
    tags: [],
    frontmatter: {},
    warnings: [],
    compiledTruth: '',
    timelineText: '',
    timeline: [],
    links: [],
    chunks: [chunk],
    contentHash: '',
  };
}

export function parseNote(path: string, text: string, deps: NoteParserDeps): ParsedNote {
  const language = CODE_FILE_LANGUAGES[extensionOf(path)];
  return language ? parseCodeFile(path, text, language, deps) : parseMarkdownNote(path, text, deps);
}

function parseMarkdownNote(path: string, text: string, deps: NoteParserDeps): ParsedNote {
  const md = parseMarkdown(path, text);
  const extracted = extractLinks({
    path,
    text,
    frontmatter: md.frontmatter,
    frontmatterText: md.frontmatterText,
    frontmatterStartLine: md.frontmatterStartLine,
    bodyStart: md.bodyStart,
    pageType: md.type,
    maskedBody: md.maskedBody,
    pageNames: [md.title, ...md.aliases],
  });
  const chunks = chunkNote({
    path,
    text,
    compiledRange: md.compiledRange,
    timelineRange: md.timelineRange,
    codeChunker: deps.codeChunker,
    options: deps.chunkOptions,
  });
  const links = resolveLinks(extracted, deps.resolver, path);
  typeResolvedLinks(links, md.type, deps.typeOf ?? (() => undefined));
  return {
    path,
    title: md.title,
    type: md.type,
    aliases: md.aliases,
    tags: md.tags,
    frontmatter: md.frontmatter,
    warnings: md.warnings,
    compiledTruth: md.compiledTruth,
    timelineText: md.timelineText,
    timeline: md.timeline,
    links,
    chunks,
    contentHash: contentHash(text),
  };
}

function parseCodeFile(path: string, text: string, language: string, deps: NoteParserDeps): ParsedNote {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const chunks = chunkNote({
    path,
    text,
    compiledRange: [0, text.length],
    timelineRange: [text.length, text.length],
    fileLanguage: language,
    codeChunker: deps.codeChunker,
    options: deps.chunkOptions,
  });
  return {
    path,
    title: base,
    type: 'code',
    aliases: [],
    tags: [],
    frontmatter: { language },
    warnings: [],
    compiledTruth: text,
    timelineText: '',
    timeline: [],
    links: [],
    chunks,
    contentHash: contentHash(text),
  };
}
