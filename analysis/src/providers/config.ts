/**
 * Which engine writes the wording. 'local' (the default) needs nothing; 'gemini' and 'openai'
 * (any OpenAI-compatible server: OpenAI, Ollama, vLLM, llama.cpp) only rewrite the local
 * engine's wording and fall back to it on any failure.
 */
export type ProviderName = 'local' | 'gemini' | 'openai';

export interface ProviderConfig {
  provider: ProviderName;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export const DEFAULT_MODELS: Record<Exclude<ProviderName, 'local'>, string> = {
  gemini: 'gemini-2.0-flash-lite',
  openai: 'gpt-4o-mini',
};

export const DEFAULT_TIMEOUT_MS = 20_000;

/** AI_PROVIDER, AI_MODEL, GEMINI_API_KEY, OPENAI_API_KEY, OPENAI_BASE_URL (and GEMINI_BASE_URL). */
export function providerConfigFromEnv(env: Record<string, string | undefined>): ProviderConfig {
  const name = (env.AI_PROVIDER ?? 'local').trim().toLowerCase();
  const timeoutMs = Number(env.AI_TIMEOUT_MS) > 0 ? Number(env.AI_TIMEOUT_MS) : undefined;
  if (name === 'gemini') {
    return {
      provider: 'gemini',
      model: env.AI_MODEL || DEFAULT_MODELS.gemini,
      apiKey: env.GEMINI_API_KEY || undefined,
      baseUrl: env.GEMINI_BASE_URL || undefined,
      timeoutMs,
    };
  }
  if (name === 'openai') {
    return {
      provider: 'openai',
      model: env.AI_MODEL || DEFAULT_MODELS.openai,
      apiKey: env.OPENAI_API_KEY || undefined,
      baseUrl: env.OPENAI_BASE_URL || undefined,
      timeoutMs,
    };
  }
  return { provider: 'local' };
}

/** True when the provider can be called (a hosted one needs a key unless a base URL is given). */
export function providerUsable(config: ProviderConfig | undefined): boolean {
  if (!config || config.provider === 'local') return false;
  if (config.provider === 'gemini') return Boolean(config.apiKey || config.baseUrl);
  return Boolean(config.apiKey || config.baseUrl);
}
