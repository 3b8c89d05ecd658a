import { randomBytes } from 'node:crypto';
import { database } from './fixture-database';

/**
 * Set-up for the health-record journeys, straight into the product's database: analysed reports
 * with ranges and a language, and the two things a journey cannot wait for in real time (a
 * PIN wait running out, a link reaching its expiry). What is checked is read through the product.
 */

export interface LabValue {
  id: string;
  name: string;
  value: number;
  unit: string;
  low: number;
  high: number;
}

/** An analysed report of the user dated `date`, with these values flagged against their ranges. */
export async function analysedReport(
  email: string,
  date: string,
  values: LabValue[],
  text: {
    language?: 'en' | 'hi';
    summary?: string;
    findings?: string[];
    /** The patient as the report printed them (the engine's analysis_result.patient). */
    patient?: { age: number; sex: string };
  } = {},
): Promise<number> {
  const db = await database();
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const report = await db
    .insertInto('reports')
    .values({
      user_id: user.id,
      filename: `lab_${date}.pdf`,
      original_filename: `lab_${date}.pdf`,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 2048,
      content_hash: randomBytes(16).toString('hex'),
      status: 'completed',
      report_type: 'blood_test',
      language: text.language ?? 'en',
      summary: text.summary ?? `Most values of ${date} are in range.`,
      key_findings: JSON.stringify(text.findings ?? []),
      recommendations: JSON.stringify([]),
      impressions: JSON.stringify([]),
      confidence_score: 0.9,
      analysis_result: text.patient ? JSON.stringify({ patient: text.patient }) : null,
      processing_completed_at: new Date(`${date}T10:00:00Z`),
      created_at: new Date(`${date}T09:00:00Z`),
      updated_at: new Date(`${date}T10:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('report_values')
    .values(
      values.map((v, position) => ({
        report_id: report.id,
        position,
        canonical_id: v.id,
        name: v.name,
        value_numeric: v.value,
        unit: v.unit,
        ref_low: v.low,
        ref_high: v.high,
        ref_text: `${v.low} - ${v.high}`,
        flag: (v.value < v.low ? 'low' : v.value > v.high ? 'high' : 'normal') as 'normal',
      })),
    )
    .execute();
  return report.id;
}

/** The PIN waits of the product run out now (instead of in a minute). */
export async function endPinWaits(): Promise<void> {
  const db = await database();
  await db.updateTable('share_pin_throttle').set({ locked_until: new Date() }).execute();
}

/** The report's newest link reaches its expiry. */
export async function expireNewestLink(reportId: number): Promise<void> {
  const db = await database();
  const link = await db
    .selectFrom('share_links')
    .select('id')
    .where('report_id', '=', reportId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('share_links')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('id', '=', link.id)
    .execute();
}
