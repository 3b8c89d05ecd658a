import { numbersIn } from '../parse/numbers';

/**
 * A model may only reword. Its text is refused when it holds a number that is not in the report
 * or in the local wording (an invented value, a dose), when it names medicines or doses, or when
 * it drops the emergency numbers the local wording carried.
 */
const DOSAGE =
  /\b(\d+\s*(mg|mcg|iu|units?|ml|tablets?|tabs?|capsules?)\b(?!\s*\/)|dosage|dose of|twice daily|once daily|thrice daily|prescribe[ds]?)\b|खुराक/i;

export function allowedNumbers(...texts: string[]): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const n of numbersIn(t)) out.add(String(n));
  return out;
}

export function rewriteProblems(text: string, allowed: Set<string>, mustKeep: string[] = []): string[] {
  const problems: string[] = [];
  for (const n of numbersIn(text))
    if (!allowed.has(String(n))) problems.push(`number ${n} is not in the report`);
  if (DOSAGE.test(text)) problems.push('mentions a medicine or dose');
  for (const m of mustKeep) if (!text.includes(m)) problems.push(`drops "${m}"`);
  return problems;
}
