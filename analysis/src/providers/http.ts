import { DEFAULT_MODELS, DEFAULT_TIMEOUT_MS, type ProviderConfig } from './config';

/**
 * The two wire formats: Gemini generateContent and OpenAI-compatible /v1/chat/completions.
 * Each call has a time limit; errors come back as thrown Errors for the caller to fall back on.
 */
export interface Completion {
  text: string;
  tokens: number;
  model: string;
}

export interface Prompt {
  system: string;
  user: string;
  /** Ask for a JSON object as the answer. */
  json: boolean;
}

async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`provider HTTP ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as unknown;
}

async function callGemini(config: ProviderConfig, prompt: Prompt): Promise<Completion> {
  const model = config.model || DEFAULT_MODELS.gemini;
  const base = (config.baseUrl || 'https://generativelanguage.googleapis.com').replace(/\/+$/, '');
  const url = `${base}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
  const headers: Record<string, string> = config.apiKey ? { 'x-goog-api-key': config.apiKey } : {};
  const data = (await postJson(
    url,
    headers,
    {
      systemInstruction: { parts: [{ text: prompt.system }] },
      contents: [{ role: 'user', parts: [{ text: prompt.user }] }],
      generationConfig: {
        temperature: 0.2,
        maxOutputTokens: 2048,
        ...(prompt.json ? { responseMimeType: 'application/json' } : {}),
      },
    },
    config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  )) as {
    candidates?: Array<{ content?: { parts?: Array<{ text?: string }> } }>;
    usageMetadata?: { totalTokenCount?: number };
    modelVersion?: string;
  };
  const text = data.candidates?.[0]?.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
  if (!text.trim()) throw new Error('provider returned no text');
  return { text, tokens: data.usageMetadata?.totalTokenCount ?? 0, model };
}

async function callOpenAi(config: ProviderConfig, prompt: Prompt): Promise<Completion> {
  const model = config.model || DEFAULT_MODELS.openai;
  const base = (config.baseUrl || 'https://api.openai.com/v1').replace(/\/+$/, '');
  const url = base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
  const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  const data = (await postJson(
    url,
    headers,
    {
      model,
      temperature: 0.2,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      ...(prompt.json ? { response_format: { type: 'json_object' } } : {}),
    },
    config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  )) as {
    choices?: Array<{ message?: { content?: string } }>;
    usage?: { total_tokens?: number };
    model?: string;
  };
  const text = data.choices?.[0]?.message?.content ?? '';
  if (!text.trim()) throw new Error('provider returned no text');
  return { text, tokens: data.usage?.total_tokens ?? 0, model };
}

export function complete(config: ProviderConfig, prompt: Prompt): Promise<Completion> {
  if (config.provider === 'gemini') return callGemini(config, prompt);
  if (config.provider === 'openai') return callOpenAi(config, prompt);
  return Promise.reject(new Error('local provider has no HTTP endpoint'));
}
