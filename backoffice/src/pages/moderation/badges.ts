import type { Tone } from '../../components/badges';

/** Severity: high red, medium yellow, low green. */
export function severityTone(severity: string): Tone {
  if (severity === 'high') return 'red';
  if (severity === 'medium') return 'yellow';
  return 'green';
}

/** Status: pending orange, reviewed green, rejected red. */
export function moderationStatusTone(status: string | null): Tone {
  if (status === 'pending') return 'orange';
  if (status === 'reviewed') return 'green';
  if (status === 'rejected') return 'red';
  return 'grey';
}

export const TYPE_LABELS = { report: 'Report', chat: 'Chat', feedback: 'Feedback' } as const;
