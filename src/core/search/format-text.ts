// Plain-text rendering of search results for people (CLI). The JSON form is the contract; this is for reading.
import type { SearchResponse } from './types';

/** Optional emphasis (the CLI passes terminal styling when colour is on). */
export interface TextStyle {
  bold(s: string): string;
  dim(s: string): string;
}

const PLAIN_TEXT: TextStyle = { bold: (s) => s, dim: (s) => s };

export function formatSearchText(r: SearchResponse, style: TextStyle = PLAIN_TEXT): string[] {
  const lines: string[] = [];
  if (r.intent?.kind === 'relation') {
    lines.push(`(${r.intent.relation.replace(/_/g, ' ')} · ${r.intent.want === 'subjects' ? 'who/what →' : '→ what'} ${r.intent.entity.title})`);
  } else if (r.intent?.kind === 'connects') {
    lines.push(`(connections between ${r.intent.entities[0].title} and ${r.intent.entities[1].title})`);
  } else if (r.intent?.kind === 'temporal') {
    lines.push(`(${r.intent.event ? 'events' : 'notes'} dated ${r.intent.window.since} to ${r.intent.window.until})`);
  }
  if (r.create_safety && r.create_safety !== 'unknown') {
    const names = (r.create_safety_matches ?? []).slice(0, 3).map((m) => m.title).join(', ');
    lines.push(style.dim(`(a note for this ${r.create_safety === 'exists' ? 'exists' : 'probably exists'}: ${names})`));
  }
  if (r.pipeline) lines.push(style.dim(`pipeline (${r.pipeline.mode}): ${Object.entries(r.pipeline.stages).map(([k, v]) => `${k} ${v}`).join('; ')}`));
  if (r.budget && (r.budget.textsTrimmed > 0 || r.budget.resultsDropped > 0)) {
    lines.push(style.dim(`(token budget ${r.budget.tokenBudget}: ${r.budget.textsTrimmed} texts shortened, ${r.budget.resultsDropped} results left out)`));
  }
  if (r.results.length === 0) return [...lines, `No results for "${r.query}".`];
  r.results.forEach((x, i) => {
    lines.push(`${String(i + 1).padStart(2)}. ${style.bold(x.title)}  ${style.dim(`${x.source !== undefined ? `${x.source}: ` : ''}${x.path}:${x.startLine}`)}${x.heading ? `  § ${x.heading}` : ''}`);
    if (x.snippet) lines.push(`    ${x.snippet}`);
    lines.push(style.dim(`    [${x.why.join('] [')}]${x.evidence.length > 0 ? `  evidence ${x.evidence.join(', ')}` : ''}  score ${x.score.toFixed(4)}`));
    if (x.explain) {
      const arms = x.explain.arms.map((a) => `${a.arm} #${a.rank}${a.weight !== 1 ? ` ×${a.weight}` : ''}`).join(', ');
      const boosts = x.explain.boosts.map((b) => `${b.name} ×${b.factor.toFixed(2)}`).join(', ');
      lines.push(`    explain: rrf ${x.explain.rrf.toFixed(4)} from ${arms}${boosts ? `; boosts ${boosts}` : ''}`);
      if (x.explain.augmented) {
        const a = x.explain.augmented;
        lines.push(`      linked ${a.hop} hop(s) from ${a.anchor} by ${a.edge.type} (${a.edge.note}:${a.edge.line}), weight ${a.weight.toFixed(4)}`);
      }
      if (x.explain.dated) lines.push(`      dated ${x.explain.dated.date} (${x.explain.dated.source})`);
      for (const e of x.explain.edges.slice(0, 5)) {
        lines.push(`      edge ${e.subject} -[${e.type}${e.past ? ', past' : ''}]-> ${e.object}  (${e.note}:${e.line}${e.evidence ? `, ${e.evidence}` : ''})`);
      }
    }
  });
  return lines;
}
