// Any OpenAI-compatible chat endpoint (OpenAI, Ollama, LM Studio, vLLM) through the official SDK: streamed for
// think, unstreamed for search's model stages (and as think's fallback when a stream cannot start).
import type OpenAI from 'openai';
import { loadOpenAI } from '../../net/openai-sdk';
import type { ChatModel } from '../types';
import { chatClientOptions, MAX_MODEL_ANSWER_CHARS, type FetchLike, type ProviderOptions } from './options';
import { untilAborted } from './abortable-stream';
import { withUnstreamedFallback } from './stream-fallback';

import { OPENAI_DEFAULT_BASE_URL } from './defaults';

export { OPENAI_DEFAULT_BASE_URL };

export function createOpenAIModel(options: ProviderOptions): ChatModel {
  // The SDK is loaded at the first call (net/openai-sdk.ts): most commands never call a model.
  const clientFor = (fetch: FetchLike | undefined): Promise<OpenAI> =>
    // Local servers need no key; the placeholder stops the SDK from looking for OPENAI_API_KEY.
    loadOpenAI().then(({ default: Sdk }) => new Sdk(chatClientOptions(options, fetch, OPENAI_DEFAULT_BASE_URL, 'not-needed')));
  let clients: { client: Promise<OpenAI>; stream: Promise<OpenAI> } | null = null;
  const connect = (): { client: Promise<OpenAI>; stream: Promise<OpenAI> } => {
    if (!clients) {
      const client = clientFor(options.fetch);
      clients = { client, stream: options.streamFetch && options.streamFetch !== options.fetch ? clientFor(options.streamFetch) : client };
    }
    return clients;
  };
  const messages = (system: string, user: string): OpenAI.Chat.ChatCompletionMessageParam[] => [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  return {
    id: `openai:${options.model}`,
    // No token cap is sent: compatible servers disagree on `max_tokens` vs `max_completion_tokens`; the
    // caller's timeout bounds the call instead.
    complete(request) {
      return withUnstreamedFallback(
        request,
        options,
        async (onDelta) => {
          const streamClient = await connect().stream;
          // Loading the SDK can outlast a short timeout; the SDK does not notice a signal that was aborted before the call.
          request.signal?.throwIfAborted();
          const stream = await streamClient.chat.completions.create({ model: options.model, messages: messages(request.system, request.user), stream: true }, { signal: request.signal });
          let text = '';
          for await (const chunk of untilAborted(stream, request.signal)) {
            const delta = chunk.choices[0]?.delta?.content;
            if (typeof delta === 'string' && delta !== '') {
              text += delta;
              onDelta(delta);
              // An endless or runaway stream: stop reading (leaving the loop closes the request).
              if (text.length >= MAX_MODEL_ANSWER_CHARS) break;
            }
          }
          return text.slice(0, MAX_MODEL_ANSWER_CHARS);
        },
        async () => {
          const client = await connect().client;
          request.signal?.throwIfAborted();
          const done = await client.chat.completions.create({ model: options.model, messages: messages(request.system, request.user), stream: false }, { signal: request.signal });
          const content = done.choices?.[0]?.message?.content;
          return typeof content === 'string' ? content.slice(0, MAX_MODEL_ANSWER_CHARS) : '';
        },
      );
    },
  };
}
