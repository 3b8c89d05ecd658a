import type { AnalysisResult } from '../types';
import { DEFAULT_MODELS, providerUsable, type ProviderConfig } from './config';
import { allowedNumbers, rewriteProblems } from './guard';
import { complete } from './http';

/**
 * Asks a language model to reword the local engine's summary, key findings and recommendations
 * in plainer language. Values, units, flags and the structure stay the engine's. The answer is
 * used only when it is valid JSON of the same shape and passes the guard; otherwise null and
 * the caller keeps the local wording.
 */
export interface Rewritten {
  summary: string;
  key_findings: string[];
  recommendations: string[];
  ai_model_version: string;
  problems: string[];
}

const SYSTEM = (lang: string) =>
  [
    `You rewrite a medical lab report explanation for an Indian patient in simple ${lang === 'hi' ? 'Hindi (Devanagari script)' : 'English'}.`,
    'Keep the meaning. Keep every number exactly as written and do not add any new number.',
    'Do not diagnose, do not name medicines, doses or treatments. Keep emergency numbers 108 and 102 if present.',
    'Answer with a JSON object {"summary": string, "key_findings": string[], "recommendations": string[]}',
    'with the same number of key_findings and recommendations as given, in the same order.',
  ].join(' ');

function isStringArray(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((s) => typeof s === 'string');
}

export async function rewriteWording(
  config: ProviderConfig | undefined,
  local: AnalysisResult,
  reportText: string,
): Promise<Rewritten | null> {
  if (!config || !providerUsable(config)) return null;
  const input = {
    summary: local.summary,
    key_findings: local.key_findings,
    recommendations: local.recommendations,
  };
  let completion;
  try {
    completion = await complete(config, {
      system: SYSTEM(local.language),
      user: JSON.stringify(input),
      json: true,
    });
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    const raw = completion.text.replace(/^```(?:json)?\s*|\s*```$/g, '');
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const p = parsed as Partial<Rewritten>;
  if (typeof p.summary !== 'string' || !isStringArray(p.key_findings) || !isStringArray(p.recommendations))
    return null;
  if (
    p.key_findings.length !== local.key_findings.length ||
    p.recommendations.length !== local.recommendations.length
  ) {
    return null;
  }
  const allowed = allowedNumbers(reportText, local.summary, ...local.key_findings, ...local.recommendations);
  const mustKeep = local.has_critical ? ['108'] : [];
  const all = [p.summary, ...p.key_findings, ...p.recommendations].join('\n');
  const baseline = [local.summary, ...local.key_findings, ...local.recommendations].join('\n');
  const problems = rewriteProblems(all, allowed, mustKeep, baseline);
  if (problems.length) return null;
  const model =
    config.model || (config.provider === 'gemini' ? DEFAULT_MODELS.gemini : DEFAULT_MODELS.openai);
  return {
    summary: p.summary,
    key_findings: p.key_findings,
    recommendations: p.recommendations,
    ai_model_version: `${config.provider}:${model}`,
    problems: [],
  };
}
