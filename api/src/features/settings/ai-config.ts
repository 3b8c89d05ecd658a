import type { AppDeps } from '../../context';
import { getStringSetting } from '../../platform/settings/settings.service';
import { parseAllowedHosts, urlSettingProblem } from './url-settings';

/** Which provider writes the wording (docs: analysis providers). Same shape the engine takes. */
export interface ProviderSelection {
  provider: 'local' | 'gemini' | 'openai';
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * The environment wins when it names a provider (a deployment decision); otherwise the
 * ai_* system settings. Keys come from the sensitive setting, else the environment. The
 * environment's key goes only to the environment's base URL (or the provider's own): never to a
 * URL set in the settings. A stored base URL that the URL rules refuse (url-settings.ts; a value
 * from before them) turns the provider off rather than being called.
 */
export async function providerConfig(deps: AppDeps): Promise<ProviderSelection> {
  const { env, db } = deps;
  const provider =
    env.AI_PROVIDER ?? ((await getStringSetting(db, 'ai_provider')) as ProviderSelection['provider']);
  if (provider !== 'gemini' && provider !== 'openai') return { provider: 'local' };
  const model = env.AI_MODEL ?? ((await getStringSetting(db, 'ai_model')) || undefined);
  const settingKey = (await getStringSetting(db, 'ai_api_key')) || undefined;
  const envKey = provider === 'gemini' ? env.GEMINI_API_KEY : env.OPENAI_API_KEY;
  const settingUrl =
    provider === 'openai' && !env.OPENAI_BASE_URL
      ? (await getStringSetting(db, 'ai_base_url')) || undefined
      : undefined;
  if (settingUrl && urlSettingProblem('ai_base_url', settingUrl, parseAllowedHosts(env.AI_ALLOWED_HOSTS)))
    return { provider: 'local' };
  const baseUrl = provider === 'openai' ? (env.OPENAI_BASE_URL ?? settingUrl) : undefined;
  const apiKey = settingKey ?? (settingUrl ? undefined : envKey);
  return { provider, model, apiKey, baseUrl, timeoutMs: 30_000 };
}
