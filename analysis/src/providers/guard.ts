import { numbersIn } from '../parse/numbers';

/**
 * A model may only reword. Its text is refused when it holds a number that is not in the report
 * or in the local wording (an invented value, a dose), when it brings in medicine or dose words
 * the local wording did not use, or when it drops the emergency numbers the local wording carried.
 */
const DOSAGE =
  /\b(?:\d+\s*(?:mg|mcg|iu|units?|ml|tablets?|tabs?|capsules?)\b(?!\s*\/)|dosage|doses?\s+of|twice daily|once daily|thrice daily|prescribed?|prescribes)\b|खुराक|दवा की मात्रा/gi;

/** Devanagari digits (a Hindi rewrite may use them) count as numbers too. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096F]/g, (d) => String(d.charCodeAt(0) - 0x0966));
}

export function allowedNumbers(...texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const n of numbersIn(asciiDigits(t))) out.add(String(n));
  return out;
}

function dosageTerms(text: string): Set<string> {
  return new Set([...text.matchAll(DOSAGE)].map((m) => m[0].toLowerCase()));
}

/**
 * `baseline` is the local wording: dose words it already uses (its disclaimer says "no ...
 * dosage advice") are allowed; new ones are not.
 */
export function rewriteProblems(
  text: string,
  allowed: Set<string>,
  mustKeep: string[] = [],
  baseline = '',
): string[] {
  const problems: string[] = [];
  for (const n of numbersIn(asciiDigits(text)))
    if (!allowed.has(String(n))) problems.push(`number ${n} is not in the report`);
  const known = dosageTerms(baseline);
  for (const term of dosageTerms(text))
    if (!known.has(term)) problems.push(`mentions a medicine or dose ("${term}")`);
  for (const m of mustKeep) if (!text.includes(m)) problems.push(`drops "${m}"`);
  return problems;
}

/**
 * A chat rewrite stays in the script of the local answer: Hindi in Devanagari (at least half of
 * its letters), English with no Devanagari at all.
 */
export function scriptProblems(text: string, language: 'en' | 'hi'): string[] {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const devanagari = text.match(/[\u0900-\u097F]/g)?.length ?? 0;
  if (language === 'hi' && devanagari < letters / 2) return ['not in Hindi (Devanagari)'];
  if (language === 'en' && devanagari > 0) return ['not in English'];
  return [];
}
