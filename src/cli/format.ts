// Human-readable output for operation results (the --json form is the contract; this is for people).

type Json = Record<string, unknown>;

const formatters: Record<string, (r: Json) => string[]> = {
  backlinks: (r) => [
    `${(r.backlinks as Json[]).length} backlinks to ${String(r.note)}`,
    ...(r.backlinks as Json[]).map((b) => `  ${String(b.from)}:${String(b.line)} [${String(b.type)}]  ${String(b.context)}`),
  ],
  links: (r) => [
    `${(r.links as Json[]).length} links from ${String(r.note)}`,
    ...(r.links as Json[]).map((l) => `  ${String(l.line)}: ${String(l.raw)} -> ${l.to === null ? '(missing note)' : String(l.to)} [${String(l.type)}]`),
  ],
  graph: (r) => (r.edges as Json[]).map((e) => `${String(e.from)} -[${String(e.type)}]-> ${e.to === null ? '(missing)' : String(e.to)}`),
  stats: (r) =>
    Object.entries(r).map(([k, v]) => `${k.padEnd(16)} ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`),
  status: (r) => [
    `last indexed  ${r.lastIndexedAt === null ? 'never' : String(r.lastIndexedAt)}`,
    `indexed ${String(r.indexed)}, skipped ${String(r.skipped)}, failed ${String(r.failed)}, with warnings ${String(r.withWarnings)}`,
    ...(r.files as Json[]).map((f) => `  ${String(f.status).padEnd(8)} ${String(f.path)}: ${String(f.reason)}`),
  ],
};

export function formatOpResult(op: string, result: unknown): string {
  const f = formatters[op];
  if (!f || typeof result !== 'object' || result === null) return `${JSON.stringify(result, null, 2)}\n`;
  return `${f(result as Json).join('\n')}\n`;
}
