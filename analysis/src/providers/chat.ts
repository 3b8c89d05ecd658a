import type { ChatReport } from '../chat/answer';
import type { Language } from '../types';
import { DEFAULT_MODELS, providerUsable, type ProviderConfig } from './config';
import { allowedNumbers, rewriteProblems, scriptProblems } from './guard';
import { complete } from './http';

/**
 * Lets a language model phrase a chat answer more naturally. It gets the local answer and the
 * report's values, may not add numbers that are not in them, nor medicines or doses, must keep
 * the values the question was about (`keep`) and the local answer's language and script; on any
 * failure the caller keeps the local answer.
 */
export async function rewriteChat(
  config: ProviderConfig | undefined,
  report: ChatReport,
  question: string,
  localAnswer: string,
  language: Language,
  keep: string[] = [],
): Promise<{ text: string; tokens: number; model: string } | null> {
  if (!config || !providerUsable(config)) return null;
  const facts = report.values
    .map((v) => `${v.name}: ${v.value} ${v.unit} (ref ${v.ref_text.replace(/\n/g, ' / ')}) ${v.flag}`)
    .join('\n');
  const system = [
    `You answer a patient's question about their own lab report in simple ${language === 'hi' ? 'Hindi (Devanagari script)' : 'English'}.`,
    'Use only the facts given. Keep every number exactly; add no new number. No diagnosis, no medicine names, no doses, no treatment.',
    'Reply with plain text of at most 120 words.',
  ].join(' ');
  const user = `Question: ${question}\n\nReport values:\n${facts || '(none)'}\n\nDraft answer:\n${localAnswer}`;
  try {
    const completion = await complete(config, { system, user, json: false });
    const text = completion.text.trim();
    const allowed = allowedNumbers(
      localAnswer,
      facts,
      question,
      report.summary ?? '',
      ...report.key_findings,
    );
    const mustKeep = [...(localAnswer.includes('108') ? ['108'] : []), ...keep];
    if (!text) return null;
    if ([...rewriteProblems(text, allowed, mustKeep, localAnswer), ...scriptProblems(text, language)].length)
      return null;
    const model =
      config.model || (config.provider === 'gemini' ? DEFAULT_MODELS.gemini : DEFAULT_MODELS.openai);
    return { text, tokens: completion.tokens, model: `${config.provider}:${model}` };
  } catch {
    return null;
  }
}
