// The providers' public endpoints, used when the settings name no base URL. Apart from the adapters so the
// plugin's main thread (which lends requestUrl to these origins) does not bundle the SDKs.
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
