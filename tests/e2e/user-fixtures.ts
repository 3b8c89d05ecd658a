import { randomBytes } from 'node:crypto';
import { database } from './fixture-database';

/**
 * Rows the user-panel journeys need in bulk (45 reports to page through, chats with long answers),
 * inserted straight into the database the product under test uses (scripts/run-e2e.ts passes it as
 * E2E_DATABASE_URL, or E2E_DATA_DIR for the embedded one). What a journey checks on screen is read
 * back through the product; only the set-up goes around it.
 */

export async function userIdOf(email: string): Promise<number | null> {
  const row = await (
    await database()
  )
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface ReportSeed {
  filename: string;
  status?: 'pending' | 'processing' | 'completed' | 'failed';
  report_type?: string | null;
  created_at?: Date;
  file_size?: number;
  processing_time_seconds?: number | null;
  values?: Array<{
    canonical_id: string;
    name: string;
    value: number;
    unit: string;
    flag?: string;
    ref_low?: number;
    ref_high?: number;
    /** A doubtful reading ("check it"), with the engine's note on why. */
    uncertain?: boolean;
    reading_note?: string;
  }>;
}

export async function seedReports(userId: number, seeds: ReportSeed[]): Promise<number[]> {
  const db = await database();
  const rows = await db
    .insertInto('reports')
    .values(
      seeds.map((s) => ({
        user_id: userId,
        filename: s.filename,
        original_filename: s.filename,
        file_type: 'pdf',
        mime_type: 'application/pdf',
        file_size: s.file_size ?? 204_800,
        content_hash: randomBytes(16).toString('hex'),
        status: s.status ?? 'completed',
        report_type: s.report_type === undefined ? 'blood_test' : s.report_type,
        summary: `Summary of ${s.filename}`,
        key_findings: JSON.stringify([`Finding of ${s.filename}`]),
        recommendations: JSON.stringify(['Discuss with your doctor']),
        impressions: JSON.stringify([]),
        confidence_score: 0.87,
        ai_model_version: 'local-v1',
        processing_time_seconds: s.processing_time_seconds === undefined ? 4.2 : s.processing_time_seconds,
        created_at: s.created_at ?? new Date(),
        updated_at: s.created_at ?? new Date(),
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((r) => r.id);
  const values = seeds.flatMap((s, i) =>
    (s.values ?? []).map((v, position) => ({
      report_id: ids[i],
      position,
      canonical_id: v.canonical_id,
      name: v.name,
      value_numeric: v.value,
      unit: v.unit,
      ref_low: v.ref_low ?? null,
      ref_high: v.ref_high ?? null,
      ref_text: '',
      flag: (v.flag ?? 'normal') as 'normal',
      uncertain: v.uncertain ?? false,
      reading_note: v.reading_note ?? null,
    })),
  );
  if (values.length > 0) await db.insertInto('report_values').values(values).execute();
  return ids;
}

export async function seedChats(
  userId: number,
  chats: Array<{ report_id: number; message: string; response: string | null; created_at?: Date }>,
): Promise<number[]> {
  const rows = await (
    await database()
  )
    .insertInto('chats')
    .values(
      chats.map((c) => ({
        user_id: userId,
        report_id: c.report_id,
        message: c.message,
        response: c.response,
        ai_model_used: 'local-v1',
        created_at: c.created_at ?? new Date(),
        updated_at: c.created_at ?? new Date(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function seedFeedback(
  userId: number,
  reportId: number,
  rating: 'helpful' | 'not_helpful',
  comment: string,
): Promise<number> {
  const row = await (
    await database()
  )
    .insertInto('feedback')
    .values({ user_id: userId, report_id: reportId, rating, comment })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a report back in time: trends are dated by upload, and a journey cannot wait months. */
export async function backdateReport(reportId: number, date: Date): Promise<void> {
  await (
    await database()
  )
    .updateTable('reports')
    .set({ created_at: date, updated_at: date })
    .where('id', '=', reportId)
    .execute();
}

/** Rows that still name the user in the tables a permanent deletion must empty. */
export async function leftoversOf(userId: number): Promise<Record<string, number>> {
  const db = await database();
  const count = async (table: 'users' | 'reports' | 'chats' | 'feedback' | 'user_sessions') => {
    const col = table === 'users' ? 'id' : 'user_id';
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(col, '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const out: Record<string, number> = {};
  for (const t of ['users', 'reports', 'chats', 'feedback', 'user_sessions'] as const)
    out[t] = await count(t);
  return out;
}
