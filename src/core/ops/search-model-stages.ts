// Which model stages a `deep` search gets (issue 12): none unless the user configured a provider (and the surface
// handed core a fetch: core makes no network call of its own). A `/rerank` endpoint when one is named
// (OpenAI-compatible with `rerankModel`), else the chat model reranks; the chat model also expands the query.
// Every call goes through the provider's circuit breaker, so a dead model costs one search its wait per cool-down.
import type { FetchLike } from '../net/fetch-like';
import { providerFailure, type ProviderHealth } from '../net/circuit-breaker';
import { chatReranker } from '../search/chat-reranker';
import { chatExpander, type QueryExpander } from '../search/query-expansion';
import { endpointReranker, type Reranker } from '../search/rerank';
import { chooseModel } from '../think/providers/factory';
import type { LlmSettings } from '../think/settings';
import type { ChatModel } from '../think/types';

/** A model stage that takes longer than this is abandoned (the search goes on without it): search stays interactive. */
export const MODEL_STAGE_TIMEOUT_MS = 10_000;

export interface SearchModelStages {
  reranker: Reranker | null;
  expander: QueryExpander | null;
  /** Per stage call. */
  timeoutMs: number;
}

const NONE: SearchModelStages = { reranker: null, expander: null, timeoutMs: MODEL_STAGE_TIMEOUT_MS };

export function searchModelStages(llm: LlmSettings | undefined, fetch: FetchLike | undefined, health: ProviderHealth): SearchModelStages {
  if (!llm || llm.provider === 'none' || !fetch) return NONE;
  const timeoutMs = Math.min(llm.timeoutMs, MODEL_STAGE_TIMEOUT_MS);
  const endpoint =
    llm.provider === 'openai' && llm.baseURL && llm.rerankModel
      ? endpointReranker({ baseURL: llm.baseURL, model: llm.rerankModel, apiKey: llm.apiKey, fetch, timeoutMs, breaker: health.breaker('rerank') })
      : null;
  // Unstreamed calls: through `fetch` (the plugin's requestUrl), never the streaming transport.
  const choice = chooseModel(llm, { fetch });
  const model = choice.model ? breakered(choice.model, health) : null;
  return { reranker: endpoint ?? (model ? chatReranker(model) : null), expander: model ? chatExpander(model) : null, timeoutMs };
}

/** The chat model behind the `chat` breaker think uses: a model that is down is skipped by search too. */
function breakered(model: ChatModel, health: ProviderHealth): ChatModel {
  const breaker = health.breaker('chat');
  return { id: model.id, complete: (request) => breaker.run(() => model.complete(request), (e) => providerFailure(e, request.signal)) };
}
