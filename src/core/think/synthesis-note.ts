// The note `think --save` writes: core decides its path and text; a surface's writer (confined to the vault,
// never overwriting) does the writing.
import { noteLink } from './render';
import type { ThinkResult } from './types';

export interface SynthesisNote {
  path: string;
  text: string;
}

export function synthesisNote(result: ThinkResult, folder: string, now: Date, gapsMarkdown: string): SynthesisNote {
  const day = now.toISOString().slice(0, 10);
  const name = result.question
    .replace(/[\\/:*?"<>|#^[\]]/g, ' ')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .replace(/[.\s]+$/, '');
  const safeFolder = folder
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '.' && s !== '..' && !s.startsWith('.'))
    .join('/');
  const file = `${day} ${name || 'Answer'}.md`;
  const sources = [...new Map(result.citations.map((c) => [c.path, noteLink(c.path, c.title)])).values()];
  const frontmatter = [
    '---',
    'type: synthesis',
    `question: ${JSON.stringify(result.question)}`,
    `created: ${day}`,
    `model: ${JSON.stringify(result.model ?? 'none (extractive)')}`,
    ...(sources.length > 0 ? ['sources:', ...sources.map((s) => `  - ${JSON.stringify(s)}`)] : []),
    '---',
  ];
  const body = [`# ${name || 'Answer'}`, '', result.answer, ...(gapsMarkdown ? ['', gapsMarkdown] : []), ''];
  return { path: safeFolder ? `${safeFolder}/${file}` : file, text: [...frontmatter, '', ...body].join('\n') };
}
