// Any OpenAI-compatible chat endpoint (OpenAI, Ollama, LM Studio, vLLM) through the official SDK, streamed.
import type OpenAI from 'openai';
import { loadOpenAI } from '../../net/openai-sdk';
import type { ChatModel } from '../types';
import { MAX_RESPONSE_BYTES, MAX_STREAM_LINE_BYTES } from '../../net/bounded-body';
import { guardedFetchOptions } from '../../net/redirect-guard';
import { MAX_MODEL_ANSWER_CHARS, type ProviderOptions } from './options';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export function createOpenAIModel(options: ProviderOptions): ChatModel {
  // The SDK is loaded at the first call (net/openai-sdk.ts).
  const settings: ConstructorParameters<typeof OpenAI>[0] = {
    baseURL: options.baseURL ?? OPENAI_DEFAULT_BASE_URL,
    // Local servers need no key; a placeholder stops the SDK from looking for OPENAI_API_KEY.
    apiKey: options.apiKey ?? 'not-needed',
    // The prompt carries note excerpts and the key: a redirect may not take it to another origin.
    ...guardedFetchOptions(options.fetch, { maxBytes: MAX_RESPONSE_BYTES.chat, maxLineBytes: MAX_STREAM_LINE_BYTES }),
    timeout: options.timeoutMs,
    maxRetries: 0,
    dangerouslyAllowBrowser: true,
  };
  let client: Promise<OpenAI> | null = null;
  const connect = (): Promise<OpenAI> => (client ??= loadOpenAI().then(({ default: Sdk }) => new Sdk(settings)));
  return {
    id: `openai:${options.model}`,
    // No token cap is sent: compatible servers disagree on `max_tokens` vs `max_completion_tokens`; the
    // think timeout bounds the call instead.
    async complete(request) {
      const sdk = await connect();
      request.signal?.throwIfAborted();
      const stream = await sdk.chat.completions.create(
        {
          model: options.model,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          stream: true,
        },
        { signal: request.signal },
      );
      let text = '';
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (typeof delta === 'string' && delta !== '') {
          text += delta;
          request.onDelta?.(delta);
          // An endless or runaway stream: stop reading (leaving the loop closes the request).
          if (text.length >= MAX_MODEL_ANSWER_CHARS) break;
        }
      }
      return text.slice(0, MAX_MODEL_ANSWER_CHARS);
    },
  };
}
