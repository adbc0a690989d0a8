// Picks the chat model for the settings, or says why there is none (shown to the user as the fallback reason).
import type { LlmSettings } from '../settings';
import type { ChatModel } from '../types';
import { createAnthropicModel } from './anthropic';
import { createOpenAIModel } from './openai';
import type { ProviderTransport } from './options';

export type ModelChoice = { model: ChatModel } | { model: null; reason: string };

export function chooseModel(settings: LlmSettings, transport: ProviderTransport = {}): ModelChoice {
  if (settings.provider === 'none') return { model: null, reason: 'no model provider is configured' };
  if (!settings.model) return { model: null, reason: `the ${settings.provider} provider has no model name configured` };
  const options = { model: settings.model, baseURL: settings.baseURL, apiKey: settings.apiKey, fetch: transport.fetch, streamFetch: transport.streamFetch, timeoutMs: settings.timeoutMs };
  try {
    return { model: settings.provider === 'anthropic' ? createAnthropicModel(options) : createOpenAIModel(options) };
  } catch (e) {
    return { model: null, reason: `the ${settings.provider} provider could not be set up (${(e as Error).message})` };
  }
}
