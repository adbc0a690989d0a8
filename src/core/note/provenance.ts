// Notes an agent writes through MCP say so in their frontmatter: `created_by: mcp:<client name>`, `created_at`,
// and the tag `agent_written`, which the index keeps like any tag. Search results and think read that tag, so an
// agent's note is never mistaken for the user's own words. What the agent wrote in those fields is replaced: an
// agent cannot claim another author.
import { Document, isMap, parseDocument } from 'yaml';
import type { BrainEngine } from '../engine/brain-engine';

export { mcpAgent } from './agent-name';

export const AGENT_WRITTEN_TAG = 'agent_written';

const FRONTMATTER = /^---[^\S\n]*\r?\n([\s\S]*?)\r?\n?---[^\S\n]*(?:\r?\n|$)/;

/** The note text with provenance fields set in its frontmatter (made when it has none, or none that parses). */
export function withProvenance(content: string, agent: string, at: Date): string {
  const match = FRONTMATTER.exec(content);
  let doc: Document | null = null;
  let body = content;
  if (match) {
    const parsed = parseDocument(match[1] ?? '');
    if (parsed.errors.length === 0 && (parsed.contents === null || isMap(parsed.contents))) {
      doc = parsed;
      body = content.slice(match[0].length);
    }
  }
  doc ??= new Document({});
  if (doc.contents === null) doc.contents = doc.createNode({});
  const tags = doc.toJS() as { tags?: unknown; tag?: unknown };
  const own = [tags.tags, tags.tag]
    .flatMap((t): unknown[] => (Array.isArray(t) ? (t as unknown[]) : typeof t === 'string' ? t.split(/[\s,]+/) : []))
    .map(String)
    .filter((t) => t !== '');
  doc.delete('tag');
  doc.set('tags', [...new Set([...own.map((t) => t.replace(/^#/, '')), AGENT_WRITTEN_TAG])]);
  doc.set('created_by', agent);
  doc.set('created_at', at.toISOString());
  return `---\n${doc.toString()}---\n${body}`;
}

/** Which of `paths` are agent-written notes (one query). */
export async function agentWrittenAmong(engine: Pick<BrainEngine, 'listPages'>, paths: string[]): Promise<Set<string>> {
  const unique = [...new Set(paths)];
  if (unique.length === 0) return new Set();
  const pages = await engine.listPages({ paths: unique, tag: AGENT_WRITTEN_TAG, limit: unique.length });
  return new Set(pages.map((p) => p.path));
}
