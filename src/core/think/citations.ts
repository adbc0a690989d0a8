// Step 2c: checks every citation a model made against the gathered excerpts. A number that names no excerpt is
// removed and counted; a `[[link]]` in a claim that no excerpt contains is unwrapped to plain text, so the answer
// can only ever point at what was gathered.
import type { RawClaim } from './parse-answer';
import type { Claim, Excerpt } from './types';

export interface VerifiedClaims {
  claims: Claim[];
  /** Citations to excerpt numbers that do not exist. */
  dropped: number;
  /** Links in the model's text to notes that were not gathered (unwrapped). */
  unwrappedLinks: number;
}

const WIKILINK = /!?\[\[([^[\]|#\n]+)(?:#[^[\]|\n]*)?(?:\|([^[\]\n]*))?\]\]/g;

export function verifyClaims(raw: RawClaim[], excerpts: Excerpt[]): VerifiedClaims {
  const byNumber = new Map(excerpts.map((e) => [e.n, e]));
  const known = knownTargets(excerpts);
  let dropped = 0;
  let unwrappedLinks = 0;
  const claims: Claim[] = [];
  for (const c of raw) {
    const citations: Claim['citations'] = [];
    for (const n of c.sources) {
      const e = Number.isInteger(n) ? byNumber.get(n) : undefined;
      if (!e) {
        dropped++;
        continue;
      }
      citations.push({ path: e.path, title: e.title, line: e.startLine, n: e.n });
    }
    const text = c.text.replace(WIKILINK, (whole, target: string, alias: string | undefined) => {
      if (known.has(norm(target))) return whole;
      unwrappedLinks++;
      return alias?.trim() || target.trim();
    });
    claims.push({ text, citations });
  }
  return { claims, dropped, unwrappedLinks };
}

/** Every link target written in an excerpt, plus each excerpt's own path and title. */
function knownTargets(excerpts: Excerpt[]): Set<string> {
  const out = new Set<string>();
  for (const e of excerpts) {
    out.add(norm(e.path));
    out.add(norm(e.path.replace(/\.md$/i, '')));
    out.add(norm(e.title));
    for (const m of e.text.matchAll(WIKILINK)) out.add(norm(m[1] ?? ''));
  }
  return out;
}

function norm(s: string): string {
  return s.trim().toLowerCase();
}
