// Search modes trade latency for recall, and a token budget keeps an agent's answer to a size it can read.
//   fast      keyword + title arms only (plus the regex-gated relation arm): no embedding, no augmentation, no
//             backlink tie-breaker.
//   balanced  every arm, graph augmentation one hop out. The default.
//   deep      arms read deeper, augmentation two hops out, and the model stages when a provider is configured.
import type { SearchResult } from './types';

export type SearchMode = 'fast' | 'balanced' | 'deep';
export const SEARCH_MODES: readonly SearchMode[] = ['fast', 'balanced', 'deep'];

export interface ModeSettings {
  vector: boolean;
  /** Hops of graph augmentation after fusion (0: none). */
  hops: number;
  /** How many of the best results anchor the augmentation. */
  anchors: number;
  /** Arm depth multiplier over the page size. */
  depthFactor: number;
  /** Default token budget of the whole answer. */
  tokenBudget: number;
  /**
   * Whether results are boosted by their backlink counts (a tie-breaker, at most x1.05). Fast mode skips it: the
   * count is a store query per search (about 2-3 ms CPU of fast's ~15 on the 10k vault: an index-only scan that
   * visits the heap, PGlite having no autovacuum to set the visibility map), and on the dev halves of all 13 eval
   * sets fast mode ranked the same without it (blind ZH-2 MRR .436 -> .437, every other set identical).
   */
  backlinks: boolean;
}

export const MODES: Record<SearchMode, ModeSettings> = {
  fast: { vector: false, hops: 0, anchors: 0, depthFactor: 2, tokenBudget: 4000, backlinks: false },
  balanced: { vector: true, hops: 1, anchors: 3, depthFactor: 3, tokenBudget: 12000, backlinks: true },
  deep: { vector: true, hops: 2, anchors: 5, depthFactor: 6, tokenBudget: 32000, backlinks: true },
};

export function modeOf(mode: string | undefined): SearchMode {
  if (mode === undefined) return 'balanced';
  if ((SEARCH_MODES as readonly string[]).includes(mode)) return mode as SearchMode;
  throw new Error(`Unknown search mode "${mode}": use fast, balanced or deep`);
}

/**
 * Tokens of a text, estimated without a tokenizer: ~4 characters a token for Latin script, one a character for
 * CJK (what BPE tokenizers of the common models average on such text).
 */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** Fixed cost of one result's fields besides its text and snippet (path, title, heading, tags, why...). */
const RESULT_OVERHEAD = 30;
/** A result's text is cut to this many tokens before whole results are dropped. */
const MIN_TEXT_TOKENS = 120;

export interface BudgetReport {
  tokenBudget: number;
  /** Estimated tokens of the answer as returned. */
  tokens: number;
  /** Results whose chunk text was shortened to fit. */
  textsTrimmed: number;
  /** Results dropped from the end of the page to fit. */
  resultsDropped: number;
  /** The dropped results' paths (and start lines), best first, so a caller can ask for them by path. */
  dropped: { path: string; line: number }[];
}

function resultTokens(r: SearchResult): number {
  return RESULT_OVERHEAD + estimateTokens(r.title) + estimateTokens(r.heading) + estimateTokens(r.snippet) + estimateTokens(r.text);
}

const ELLIPSIS = '…';

/**
 * The text's start within `tokens`, the ellipsis that marks the cut included: a cut that overshot by the ellipsis's
 * own token left the page over budget, and the next step dropped a whole result for that one token.
 */
function cutToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  if (tokens < estimateTokens(ELLIPSIS)) return '';
  const cut = (n: number): string => `${text.slice(0, n).trimEnd()}${ELLIPSIS}`;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(cut(mid)) <= tokens) lo = mid;
    else hi = mid - 1;
  }
  return cut(lo);
}

/**
 * Fits a ranked page into `budget` tokens: first chunk texts are shortened, longest first and never below
 * MIN_TEXT_TOKENS (the best result's too: a shorter first text beats dropping the results after it), then results
 * are dropped from the end. The best result is always kept, its text cut further if it alone is over budget.
 */
export function fitToBudget<R extends SearchResult>(results: R[], budget: number): { results: R[]; report: BudgetReport } {
  const out = results.map((r) => ({ ...r }));
  const total = (): number => out.reduce((s, r) => s + resultTokens(r), 0);
  let textsTrimmed = 0;
  let over = total() - budget;
  if (over > 0) {
    const order = out.map((r, i) => i).sort((a, b) => estimateTokens(out[b]!.text) - estimateTokens(out[a]!.text));
    for (const i of order) {
      if (over <= 0) break;
      const r = out[i]!;
      const have = estimateTokens(r.text);
      if (have <= MIN_TEXT_TOKENS) continue;
      const keep = Math.max(MIN_TEXT_TOKENS, have - over);
      r.text = cutToTokens(r.text, keep);
      textsTrimmed++;
      over = total() - budget;
    }
  }
  const dropped: { path: string; line: number }[] = [];
  while (out.length > 1 && total() > budget) {
    const r = out.pop()!;
    dropped.unshift({ path: r.path, line: r.startLine });
  }
  const first = out[0];
  if (first && total() > budget) {
    const rest = total() - estimateTokens(first.text);
    first.text = cutToTokens(first.text, Math.max(0, budget - rest));
    textsTrimmed++;
  }
  return { results: out, report: { tokenBudget: budget, tokens: total(), textsTrimmed, resultsDropped: dropped.length, dropped } };
}
