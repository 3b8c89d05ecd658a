// @ts-nocheck
import type { ModerationSeverity } from '@reportsaathi/contracts';

/**
 * The one place flag_reason becomes a severity. The pipeline writes 'auto:<kind>:<severity>'
 * (docs/decisions/045): self-harm high, abuse medium, an upload that is not a medical report low;
 * the kind alone ('auto:self_harm') takes its kind's severity. Anything else was flagged by a
 * person and is medium.
 */
const KIND_SEVERITY: Record<string, ModerationSeverity> = {
  self_harm: 'high',
  abuse: 'medium',
  not_medical: 'low',
};

export const NOT_MEDICAL_FLAG = 'auto:not_medical:low';

export function severityOf(flagReason: string | null | undefined): ModerationSeverity {
  const m = /^auto:([a-z_]+)(?::(high|medium|low))?$/.exec(flagReason ?? '');
  if (!m) return 'medium';
  return (m[2] as ModerationSeverity | undefined) ?? KIND_SEVERITY[m[1]] ?? 'medium';
}
