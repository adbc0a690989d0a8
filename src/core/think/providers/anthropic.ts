// Anthropic Messages API through the official SDK, streamed. The SDK's retries are off: a failed or slow call
// falls back to the extractive answer instead of keeping the user waiting.
import type Anthropic from '@anthropic-ai/sdk';
import type { ChatModel } from '../types';
import { MAX_RESPONSE_BYTES, MAX_STREAM_LINE_BYTES } from '../../net/bounded-body';
import { guardedFetchOptions } from '../../net/redirect-guard';
import { MAX_MODEL_ANSWER_CHARS, type ProviderOptions } from './options';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export function createAnthropicModel(options: ProviderOptions): ChatModel {
  // The SDK is loaded at the first call: loading it takes ~0.4 s, which every CLI command would pay otherwise.
  const settings: ConstructorParameters<typeof Anthropic>[0] = {
    baseURL: options.baseURL ?? ANTHROPIC_DEFAULT_BASE_URL,
    // Explicit, so the SDK never goes looking for keys or profiles in the environment.
    apiKey: options.apiKey ?? 'not-set',
    // The prompt carries note excerpts and the key: a redirect may not take it to another origin.
    ...guardedFetchOptions(options.fetch, { maxBytes: MAX_RESPONSE_BYTES.chat, maxLineBytes: MAX_STREAM_LINE_BYTES }),
    timeout: options.timeoutMs,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  };
  let client: Promise<Anthropic> | null = null;
  const connect = (): Promise<Anthropic> => (client ??= import('@anthropic-ai/sdk').then(({ default: Sdk }) => new Sdk(settings)));
  return {
    id: `anthropic:${options.model}`,
    async complete(request) {
      const sdk = await connect();
      // Loading the SDK can outlast a short timeout; the SDK does not notice a signal that was aborted before the call.
      request.signal?.throwIfAborted();
      const stream = await sdk.messages.create(
        {
          model: options.model,
          max_tokens: request.maxTokens,
          system: request.system,
          messages: [{ role: 'user', content: request.user }],
          stream: true,
        },
        { signal: request.signal },
      );
      let text = '';
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
          text += event.delta.text;
          request.onDelta?.(event.delta.text);
          // An endless or runaway stream: stop reading (leaving the loop closes the request).
          if (text.length >= MAX_MODEL_ANSWER_CHARS) break;
        }
      }
      return text.slice(0, MAX_MODEL_ANSWER_CHARS);
    },
  };
}
