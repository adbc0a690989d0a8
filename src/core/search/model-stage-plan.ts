// Which queries the model stages of `deep` search may touch. A relation question's answers are ordered by the
// typed edges that state them, and a time question's by date inside the window (both contracts of the search op);
// a reranker reading passage text knows neither, and on the relational eval set a lexical reranker that ignored
// this buried the answers (dev MRR 1.000 -> .872). So those are left to the structure. A query naming a note keeps
// that note first; what follows it may be reranked. The question is rewritten only when it is open (general,
// event): a name or a relation has nothing for synonyms to add, and skipping saves sending it.
import type { QueryIntent } from './types';

export interface ModelStagePlan {
  /** Why the question is not rewritten, or null when it is. */
  expandSkip: string | null;
  /** Why the results are not reranked, or null when they are. */
  rerankSkip: string | null;
  /** Leading results the reranker leaves where they are (the note a query names). */
  keep: number;
}

export function modelStagePlan(intent: QueryIntent, firstPath: string | undefined): ModelStagePlan {
  switch (intent.kind) {
    case 'relation':
    case 'connects':
      return { expandSkip: `skipped: ${intent.kind} query`, rerankSkip: `skipped: ${intent.kind} query (ordered by its typed edges)`, keep: 0 };
    case 'temporal':
      return { expandSkip: 'skipped: temporal query', rerankSkip: 'skipped: temporal query (ordered by date)', keep: 0 };
    case 'entity':
      return { expandSkip: 'skipped: entity query', rerankSkip: null, keep: firstPath === intent.entity.path ? 1 : 0 };
    default:
      return { expandSkip: null, rerankSkip: null, keep: 0 };
  }
}
