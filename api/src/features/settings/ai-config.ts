import type { AppDeps } from '../../context';
import { getStringSetting } from '../../platform/settings/settings.service';

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
 * ai_* system settings. Keys come from the sensitive setting, else the environment.
 */
export async function providerConfig(deps: AppDeps): Promise<ProviderSelection> {
  const { env, db } = deps;
  const provider =
    env.AI_PROVIDER ?? ((await getStringSetting(db, 'ai_provider')) as ProviderSelection['provider']);
  if (provider !== 'gemini' && provider !== 'openai') return { provider: 'local' };
  const model = env.AI_MODEL ?? ((await getStringSetting(db, 'ai_model')) || undefined);
  const settingKey = (await getStringSetting(db, 'ai_api_key')) || undefined;
  const apiKey = settingKey ?? (provider === 'gemini' ? env.GEMINI_API_KEY : env.OPENAI_API_KEY);
  const baseUrl =
    provider === 'openai'
      ? (env.OPENAI_BASE_URL ?? ((await getStringSetting(db, 'ai_base_url')) || undefined))
      : undefined;
  return { provider, model, apiKey, baseUrl, timeoutMs: 30_000 };
}
