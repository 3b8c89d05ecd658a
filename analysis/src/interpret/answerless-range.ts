import { ABNORMAL_FINDINGS, findingKey, isNormalFinding } from '../knowledge/findings';
import type { Analyte } from '../types';

/**
 * A photo's reference printed in words ('Nil', 'Pale Yellow') that a stamp or a pen garbled
 * ('Ni', 'Pal€ Yello'): none of its words is an answer a report writes for a result in words —
 * a finding (knowledge/findings.ts) or one of this test's normal answers, an OCR slip of one
 * allowed as findings allow it. Such a reference was not read whole, and judging the result by it
 * calls a right 'Nil' abnormal; like a numeric range not read whole (decision 193), it is not
 * used, and the test's known normal answers judge the result (decision 265). A reference holding
 * a number (a band of counts, '0-2') is left to the bands.
 */
export function answerlessReference(text: string, analyte: Analyte): boolean {
  if (!text.trim() || /\d/.test(text)) return false;
  const normal = (analyte.reference.normal_text ?? []).map(findingKey);
  const parts = text
    .split(/\s*(?:\/|,|;|\bor\b)\s*/i)
    .map((p) => p.trim())
    .filter((p) => /[a-z]/i.test(p));
  if (parts.length === 0) return false;
  return !parts.some(
    (p) =>
      isNormalFinding(p) ||
      (normal.length > 0 && isNormalFinding(p, normal)) ||
      findingKey(p)
        .split(' ')
        .some((w) => ABNORMAL_FINDINGS.includes(w)),
  );
}
