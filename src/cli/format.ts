// Human-readable output for operation results (the --json form is the contract; this is for people).
import { frontmatterEntryText } from '../core/links/frontmatter-entry';
import { formatSearchText } from '../core/search/format-text';
import type { SearchResponse } from '../core/search/types';
import { PLAIN, type Style } from './style';

type Json = Record<string, unknown>;

function str(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? `${v}` : JSON.stringify(v);
}

/** A link's words for a person: a frontmatter link's one `key: value` entry, not the YAML folded around it. */
function linkContext(link: Json): string {
  const context = str(link.context);
  if (link.source !== 'frontmatter') return context;
  return frontmatterEntryText(context, typeof link.raw === 'string' ? [link.raw] : [], typeof link.field === 'string' ? link.field : null);
}

const formatters: Record<string, (r: Json, style: Style) => string[]> = {
  think: (r) => [
    str(r.markdown ?? r.answer),
    '',
    `Model: ${str(r.model) || 'none'}${Array.isArray(r.sentToProvider) && r.sentToProvider.length > 0 ? `; sent to it: ${r.sentToProvider.map(str).join(', ')}` : ''}`,
  ],
  search: (r, style) => formatSearchText(r as unknown as SearchResponse, style),
  backlinks: (r) => [
    `${(r.backlinks as Json[]).length} backlinks to ${str(r.note)}`,
    ...(r.backlinks as Json[]).map((b) => `  ${str(b.from)}:${str(b.line)} [${str(b.type)}]  ${linkContext(b)}`),
  ],
  links: (r) => [
    `${(r.links as Json[]).length} links from ${str(r.note)}`,
    ...(r.links as Json[]).map((l) => `  ${str(l.line)}: ${str(l.raw)} -> ${l.to === null ? '(missing note)' : str(l.to)} [${str(l.type)}]`),
  ],
  graph: (r) => (r.edges as Json[]).map((e) => `${str(e.from)} -[${str(e.type)}]-> ${e.to === null ? '(missing)' : str(e.to)}`),
  stats: (r) =>
    Object.entries(r).map(([k, v]) => `${k.padEnd(16)} ${typeof v === 'object' && v !== null ? JSON.stringify(v) : str(v)}`),
  doctor: (r) => [
    `${r.healthy ? 'healthy' : 'PROBLEMS REMAIN'}: ${(r.checks as string[]).length} checks run`,
    ...(r.checks as string[]).map((c) => `  check     ${c}`),
    ...(r.problems as Json[]).map((p) => `  found     [${str(p.kind)}] ${str(p.message)}`),
    ...(r.repaired as string[]).map((x) => `  repaired  ${x}`),
    ...(r.remaining as Json[]).map((p) => `  remaining [${str(p.kind)}] ${str(p.message)}`),
    ...(r.lastRecovery ? [`  last recovery ${str((r.lastRecovery as Json).at)}: ${str((r.lastRecovery as Json).reason)}`] : []),
  ],
  status: (r) => [
    ...(r.engine ? [`database      ${str((r.engine as Json).kind)}${(r.engine as Json).location ? ` ${str((r.engine as Json).location)}` : ''}`] : []),
    ...(r.engine && (r.engine as Json).source ? [`source        ${str((r.engine as Json).source)}`] : []),
    `last indexed  ${r.lastIndexedAt === null ? 'never' : str(r.lastIndexedAt)}`,
    `indexed ${str(r.indexed)}, skipped ${str(r.skipped)}, failed ${str(r.failed)}, with warnings ${str(r.withWarnings)}`,
    ...(r.files as Json[]).map((f) => `  ${str(f.status).padEnd(8)} ${str(f.path)}: ${str(f.reason)}`),
  ],
};

export function formatOpResult(op: string, result: unknown, style: Style = PLAIN): string {
  const f = formatters[op];
  if (!f || typeof result !== 'object' || result === null) return `${JSON.stringify(result, null, 2)}\n`;
  return `${f(result as Json, style).join('\n')}\n`;
}
