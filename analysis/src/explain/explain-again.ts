import type { ExtractedValue, Language, PatientInfo, UnreadValue } from '../types';
import { composeLab, type Composed } from './compose';

/**
 * The summary, key findings and recommendations of a lab report's values, written again from the
 * values as they now stand (the same words a fresh analysis writes: explain/compose.ts).
 */
export function explainLabValues(
  values: ExtractedValue[],
  patient: PatientInfo,
  language: Language,
  unread: UnreadValue[] = [],
  unreadLines: string[] = [],
): Composed & { has_critical: boolean } {
  const composed = composeLab(values, patient, language, unread, unreadLines);
  return {
    ...composed,
    has_critical: values.some((v) => v.flag === 'critical_low' || v.flag === 'critical_high'),
  };
}
