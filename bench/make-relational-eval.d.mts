// Types for make-relational-eval.mjs.
import type { GroundTruth } from './generate-vault.mjs';

export interface RelationalQuestion {
  q: string;
  /** Vault-relative paths of the notes that answer the question. */
  rel: string[];
  kind: 'works_at' | 'founded' | 'invested_in' | 'advises' | 'attended' | 'connects';
  lang: 'en' | 'zh';
}

export declare function makeRelationalEval(truth: GroundTruth, options?: { seed?: number }): RelationalQuestion[];
