// Unsourced lines: what the model wrote without a verified citation. Their text is not repeated here (it may be
// injected by a note); ThinkResult.withheld carries it as plain text for an explicit reveal.
import type { Claim, Gap } from '../types';

export function findUnsourced(claims: Claim[], withheld = 0): Gap[] {
  const uncited = claims.filter((c) => c.citations.length === 0).length + withheld;
  if (uncited === 0) return [];
  const lines = uncited === 1 ? '1 line' : `${uncited} lines`;
  return [{ kind: 'unsourced' as const, detail: `${lines} of the model\u2019s answer cited no note and ${uncited === 1 ? 'is' : 'are'} not shown`, paths: [] }];
}
