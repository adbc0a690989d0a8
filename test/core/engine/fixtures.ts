// Builds ParsedNote values for engine tests without running the markdown pipeline.
import { contentHash } from '../../../src/core/util/hash';
import type { Chunk, ParsedNote, ResolvedLink, TimelineEntry } from '../../../src/core/types';

export interface LinkSpec {
  to: string | null;
  text?: string;
  type?: string;
  direction?: 'out' | 'in';
  line?: number;
  source?: ResolvedLink['source'];
  field?: string;
}

export function chunk(text: string, ord: number, heading = ''): Chunk {
  return {
    ord,
    heading,
    headingPath: heading ? heading.split(' > ') : [],
    text,
    charStart: ord * 100,
    charEnd: ord * 100 + text.length,
    startLine: ord * 3 + 1,
    endLine: ord * 3 + 2,
    kind: 'prose',
    tokenEstimate: text.split(/\s+/).length,
    hash: contentHash(text),
  };
}

export function link(spec: LinkSpec): ResolvedLink {
  const targetText = spec.text ?? (spec.to ?? 'missing').replace(/\.md$/, '');
  return {
    raw: `[[${targetText}]]`,
    targetText,
    source: spec.source ?? 'wikilink',
    type: spec.type ?? 'mentions',
    direction: spec.direction ?? 'out',
    line: spec.line ?? 1,
    offset: 0,
    context: `context of ${targetText}`,
    target: spec.to,
    ...(spec.field !== undefined ? { field: spec.field } : {}),
  };
}

export function note(
  path: string,
  options: {
    title?: string;
    type?: string;
    aliases?: string[];
    tags?: string[];
    chunks?: string[];
    headings?: string[];
    links?: LinkSpec[];
    timeline?: TimelineEntry[];
    frontmatter?: Record<string, unknown>;
  } = {},
): ParsedNote {
  const texts = options.chunks ?? [`Body of ${path}`];
  return {
    path,
    title: options.title ?? path.replace(/^.*\//, '').replace(/\.md$/, ''),
    type: options.type ?? 'note',
    aliases: options.aliases ?? [],
    tags: options.tags ?? [],
    frontmatter: options.frontmatter ?? {},
    warnings: [],
    compiledTruth: texts.join('\n\n'),
    timelineText: '',
    timeline: options.timeline ?? [],
    links: (options.links ?? []).map(link),
    chunks: texts.map((t, i) => chunk(t, i, options.headings?.[i] ?? '')),
    contentHash: contentHash(JSON.stringify([path, texts, options.links ?? [], options.title ?? ''])),
  };
}

export const META = { mtime: 1_700_000_000_000, size: 123 };
