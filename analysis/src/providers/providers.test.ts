import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDocument, answerChat, providerConfigFromEnv, type ProviderConfig } from '../index';

// A local server speaking the Gemini generateContent and OpenAI /v1/chat/completions wire
// formats. Each test sets what the "model" answers; requests are recorded for assertions.
let server: Server;
let base = '';
let reply: (body: Record<string, unknown>) => string = () => '{}';
const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    seen.push({ url: req.url ?? '', headers: req.headers, body });
    const text = reply(body);
    res.setHeader('content-type', 'application/json');
    if (text === 'HTTP500') {
      res.statusCode = 500;
      res.end('{"error":"boom"}');
    } else if (req.url?.includes(':generateContent')) {
      res.end(
        JSON.stringify({
          candidates: [{ content: { parts: [{ text }] } }],
          usageMetadata: { totalTokenCount: 321 },
        }),
      );
    } else if (req.url?.endsWith('/chat/completions')) {
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: text } }],
          usage: { total_tokens: 123 },
        }),
      );
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
}

const REPORT = [
  'Age / Sex : 45 Years / Male',
  'Test                Result     Unit      Bio. Ref. Interval',
  'Haemoglobin         11.2       g/dL      13.0 - 17.0',
  'Total Cholesterol   232        mg/dL     < 200',
].join('\n');

async function analyse(provider: ProviderConfig) {
  return analyzeDocument({ bytes: Buffer.from(REPORT), filename: 'r.txt', language: 'en' }, { provider });
}

/** The prompt's user text, from either wire format. */
function userText(body: Record<string, unknown>): string {
  const gemini = body.contents as Array<{ parts: Array<{ text: string }> }> | undefined;
  if (gemini) return gemini[0].parts[0].text;
  const messages = body.messages as Array<{ role: string; content: string }>;
  return messages.find((m) => m.role === 'user')?.content ?? '';
}

/** The model's rewrite: the same structure, reworded, with `extra` appended to the summary. */
function rewriteOf(body: Record<string, unknown>, extra: string): string {
  const input = JSON.parse(userText(body)) as {
    summary: string;
    key_findings: string[];
    recommendations: string[];
  };
  return JSON.stringify({
    summary: `In simple words: ${input.summary}${extra}`,
    key_findings: input.key_findings.map((k) => `Note: ${k}`),
    recommendations: input.recommendations,
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.each([
  [
    'gemini',
    () => ({ provider: 'gemini', model: 'gemini-test', apiKey: 'k1', baseUrl: base }) as ProviderConfig,
  ],
  [
    'openai',
    () =>
      ({ provider: 'openai', model: 'llama-test', apiKey: 'k2', baseUrl: `${base}/v1` }) as ProviderConfig,
  ],
])('%s provider', (name, config) => {
  it("rewrites the wording only; values and flags stay the engine's", async () => {
    reply = (body) => rewriteOf(body, '');
    seen.length = 0;
    const r = await analyse(config());
    expect(r.summary.startsWith('In simple words:')).toBe(true);
    expect(r.key_findings.every((k) => k.startsWith('Note:'))).toBe(true);
    expect(r.ai_model_version).toBe(name === 'gemini' ? 'gemini:gemini-test' : 'openai:llama-test');
    expect(r.values.map((v) => [v.canonical_id, v.value, v.flag])).toEqual([
      ['hemoglobin', 11.2, 'low'],
      ['total_cholesterol', 232, 'high'],
    ]);
    expect(seen).toHaveLength(1);
    if (name === 'gemini') {
      expect(seen[0].url).toBe('/v1beta/models/gemini-test:generateContent');
      expect(seen[0].headers['x-goog-api-key']).toBe('k1');
      expect(seen[0].body).toHaveProperty('contents');
    } else {
      expect(seen[0].url).toBe('/v1/chat/completions');
      expect(seen[0].headers.authorization).toBe('Bearer k2');
      expect(seen[0].body).toMatchObject({ model: 'llama-test' });
    }
  });

  it('rejects a rewrite with a number not in the report and keeps the local wording', async () => {
    reply = (body) => rewriteOf(body, ' Your LDL is probably 187.');
    const r = await analyse(config());
    expect(r.summary).not.toContain('187');
    expect(r.summary.startsWith('Your report has 2 test results')).toBe(true);
    expect(r.ai_model_version).toMatch(/^reportsaathi-local-/);
  });

  it('falls back to local wording on HTTP errors and malformed answers', async () => {
    for (const bad of ['HTTP500', 'not json at all', '{"summary": 5}']) {
      reply = () => bad;
      const r = await analyse(config());
      expect(r.ai_model_version).toMatch(/^reportsaathi-local-/);
      expect(r.values).toHaveLength(2);
    }
  });

  it('falls back when the server does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const r = await analyse({ ...config(), baseUrl: name === 'openai' ? `${url}/v1` : url, timeoutMs: 300 });
    expect(r.ai_model_version).toMatch(/^reportsaathi-local-/);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('rewords chat answers under the same guard, never refusals', async () => {
    const local = await analyse({ provider: 'local' });
    const report = { ...local, report_type: local.report_type };
    reply = () => 'Your haemoglobin is 11.2 g/dL, a little below the 13.0 - 17.0 range on your report.';
    const ok = await answerChat(
      { report, question: 'is my hemoglobin ok?', language: 'en' },
      { provider: config() },
    );
    expect(ok.response).toContain('a little below');
    expect(ok.model).toMatch(new RegExp(`^${name}:`));
    expect(ok.tokens_used).toBeGreaterThan(0);

    reply = () => 'Your haemoglobin is 11.2; take 100 mg iron daily.';
    const bad = await answerChat(
      { report, question: 'is my hemoglobin ok?', language: 'en' },
      { provider: config() },
    );
    expect(bad.model).toMatch(/^reportsaathi-local-/);

    seen.length = 0;
    const refusal = await answerChat(
      { report, question: 'what dose of iron should I take?', language: 'en' },
      { provider: config() },
    );
    expect(refusal.response).toMatch(/can't advise/);
    expect(seen).toHaveLength(0);
  });

  it('keeps the local chat answer when a rewrite drops the asked value or changes the script', async () => {
    const local = await analyse({ provider: 'local' });
    const report = { ...local, report_type: local.report_type };
    reply = () => 'Your haemoglobin is a little below the range on your report.'; // 11.2 dropped
    const dropped = await answerChat(
      { report, question: 'is my hemoglobin ok?', language: 'en' },
      { provider: config() },
    );
    expect(dropped.model).toMatch(/^reportsaathi-local-/);
    expect(dropped.response).toContain('11.2');

    reply = () => 'Your haemoglobin is 11.2 g/dL, a little below the 13.0 - 17.0 range.'; // English
    const english = await answerChat(
      { report, question: 'मेरा हीमोग्लोबिन ठीक है?', language: 'en' },
      { provider: config() },
    );
    expect(english.model).toMatch(/^reportsaathi-local-/);
    expect(english.response).toMatch(/[\u0900-\u097F]/);
  });

  it('never sends crisis, off-topic or blood-pressure messages to the provider', async () => {
    const local = await analyse({ provider: 'local' });
    const report = { ...local, report_type: local.report_type };
    reply = () => 'Reworded.';
    seen.length = 0;
    for (const question of ['I want to end my life', 'मैं मरना चाहता हूँ', 'Tell me a joke', 'Is my BP ok?']) {
      const a = await answerChat({ report, question, language: 'en' }, { provider: config() });
      expect(a.model).toMatch(/^reportsaathi-local-/);
    }
    expect(seen).toHaveLength(0);
  });
});

describe('providerConfigFromEnv', () => {
  it('reads AI_PROVIDER, AI_MODEL and the keys', () => {
    expect(providerConfigFromEnv({})).toEqual({ provider: 'local' });
    expect(providerConfigFromEnv({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'g' })).toMatchObject({
      provider: 'gemini',
      model: 'gemini-2.0-flash-lite',
      apiKey: 'g',
    });
    expect(
      providerConfigFromEnv({
        AI_PROVIDER: 'openai',
        AI_MODEL: 'qwen',
        OPENAI_API_KEY: 'o',
        OPENAI_BASE_URL: 'http://x/v1',
      }),
    ).toMatchObject({ provider: 'openai', model: 'qwen', apiKey: 'o', baseUrl: 'http://x/v1' });
  });

  it('a hosted provider without a key is not called', async () => {
    seen.length = 0;
    const r = await analyse({ provider: 'gemini' });
    expect(r.ai_model_version).toMatch(/^reportsaathi-local-/);
    expect(seen).toHaveLength(0);
  });
});
