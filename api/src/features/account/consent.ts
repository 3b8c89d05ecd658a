import type { DB } from '@reportsaathi/db';

/**
 * Consent for health data is given, not assumed (DPDP Act 2023; decision 231): both consents
 * start off, and every change is recorded with its time, its address and where it was made, so
 * that what the person agreed to on any day can be shown.
 */
export const CONSENTS = ['allow_data_for_training', 'share_usage_analytics'] as const;
export type Consent = (typeof CONSENTS)[number];

export async function recordConsents(
  db: DB,
  a: {
    userId: number;
    before: Partial<Record<Consent, unknown>> | null;
    after: Partial<Record<Consent, unknown>>;
    source: 'registration' | 'preferences';
    ip: string | null;
  },
): Promise<void> {
  const rows = CONSENTS.filter((c) => typeof a.after[c] === 'boolean')
    // At registration every consent is recorded (given or not); later only what changed.
    .filter((c) => a.before === null || a.before[c] !== a.after[c])
    .map((c) => ({
      user_id: a.userId,
      consent: c,
      granted: a.after[c] as boolean,
      source: a.source,
      ip_address: a.ip,
    }));
  if (rows.length) await db.insertInto('consent_records').values(rows).execute();
}
