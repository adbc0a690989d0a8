// Unsourced claims: answer sentences that ended up with no verified citation.
import type { Claim, Gap } from '../types';

export function findUnsourced(claims: Claim[]): Gap[] {
  return claims
    .filter((c) => c.citations.length === 0)
    .map((c) => ({ kind: 'unsourced' as const, detail: `No note supports: "${c.text.length > 200 ? `${c.text.slice(0, 200)}…` : c.text}"`, paths: [] }));
}
