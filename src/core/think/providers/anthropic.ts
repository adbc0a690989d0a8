// Anthropic Messages API through the official SDK: streamed for think, unstreamed for search's model stages (and
// as think's fallback when a stream cannot start). The SDK's retries are off: a failed or slow call falls back
// (to the extractive answer, to the fused order) instead of keeping the user waiting.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatModel } from '../types';
import { chatClientOptions, MAX_MODEL_ANSWER_CHARS, type FetchLike, type ProviderOptions } from './options';
import { untilAborted } from './abortable-stream';
import { withUnstreamedFallback } from './stream-fallback';

import { ANTHROPIC_DEFAULT_BASE_URL } from './defaults';

export { ANTHROPIC_DEFAULT_BASE_URL };

export function createAnthropicModel(options: ProviderOptions): ChatModel {
  // The SDK is loaded at the first call: loading it takes ~0.4 s, which every CLI command would pay otherwise.
  const settings = (fetch: FetchLike | undefined): ConstructorParameters<typeof Anthropic>[0] => chatClientOptions(options, fetch, ANTHROPIC_DEFAULT_BASE_URL, 'not-set');
  const separateStream = !!options.streamFetch && options.streamFetch !== options.fetch;
  let clients: Promise<{ plain: Anthropic; stream: Anthropic }> | null = null;
  const connect = (): Promise<{ plain: Anthropic; stream: Anthropic }> =>
    (clients ??= import('@anthropic-ai/sdk').then(({ default: Sdk }) => {
      const plain = new Sdk(settings(options.fetch));
      return { plain, stream: separateStream ? new Sdk(settings(options.streamFetch)) : plain };
    }));
  return {
    id: `anthropic:${options.model}`,
    async complete(request) {
      const sdk = await connect();
      // Loading the SDK can outlast a short timeout; the SDK does not notice a signal that was aborted before the call.
      request.signal?.throwIfAborted();
      const body = { model: options.model, max_tokens: request.maxTokens, system: request.system, messages: [{ role: 'user' as const, content: request.user }] };
      return withUnstreamedFallback(
        request,
        options,
        async (onDelta) => {
          const stream = await sdk.stream.messages.create({ ...body, stream: true }, { signal: request.signal });
          let text = '';
          for await (const event of untilAborted(stream, request.signal)) {
            if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
              text += event.delta.text;
              onDelta(event.delta.text);
              // An endless or runaway stream: stop reading (leaving the loop closes the request).
              if (text.length >= MAX_MODEL_ANSWER_CHARS) break;
            }
          }
          return text.slice(0, MAX_MODEL_ANSWER_CHARS);
        },
        async () => {
          const message = await sdk.plain.messages.create({ ...body, stream: false }, { signal: request.signal });
          const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
          return text.slice(0, MAX_MODEL_ANSWER_CHARS);
        },
      );
    },
  };
}
