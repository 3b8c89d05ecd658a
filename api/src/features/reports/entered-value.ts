import { REPORT_NOT_FOUND, shownValue } from '@reportsaathi/contracts';
import {
  explainAgain,
  judgeEnteredValue,
  parseEnteredValue,
  type ExtractedValue,
  type PatientInfo,
  type UnreadValue,
} from '@reportsaathi/analysis';
import { liveReport, type DB, type Report } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { AppError, conflict, notFound } from '../../kernel/errors';
import type { UserActor } from '../../kernel/principal';
import { audited } from '../audit';
import { listValues } from './reports.repo';
import { toEngineValue, toValueRow } from './value-row';

/**
 * A misread value put right by its patient (decision 243): the owner types the value printed on
 * the report; the row is judged again by the engine's own rule (judgeEnteredValue), marked as
 * entered with the reading it replaced, and the report's summary, key findings and
 * recommendations are written again from the values as they now stand. The reading as the engine
 * made it is kept whole in report_value_corrections, so Undo restores it exactly. Each change and
 * each refusal writes an audit row.
 */

export const VALUE_NOT_FOUND = 'Value not found';

/** The owner's entry of `raw` in place of the value at `position` of their report `reportId`. */
export async function enterValue(
  deps: Pick<AppDeps, 'db'>,
  actor: UserActor,
  reportId: number,
  position: number,
  raw: string,
): Promise<Report> {
  const entered = parseEnteredValue(raw);
  if (!entered)
    throw new AppError(
      422,
      `'${raw.slice(0, 24)}' is not a number. Type the value as printed, for example 41.01 or <0.5.`,
    );
  const report = await audited(
    deps,
    { admin: null, ip: actor.ip, userAgent: actor.userAgent },
    {
      action: 'enter_report_value',
      resource_type: 'report_value',
      resource_id: `${reportId}:${position}`,
      details: { user_id: actor.user.id, report_id: reportId, position, entered: raw.slice(0, 24) },
    },
    async (trx, note) => {
      const { report, row } = await lockedValue(trx, actor.user.id, reportId, position);
      const original = await readingOf(trx, row);
      if (typeof original.value !== 'number')
        throw new AppError(422, 'This result is written in words; only a number can be entered here.');
      const judged = judgeEnteredValue(original, entered, patientOf(report));
      await trx
        .updateTable('report_values')
        .set({ ...toValueRow(judged, position), entered_at: new Date(), read_as: shownValue(original) })
        .where('id', '=', row.id)
        .execute();
      await trx
        .insertInto('report_value_corrections')
        .values({
          report_id: reportId,
          user_id: actor.user.id,
          position,
          canonical_id: row.canonical_id,
          entered: shownValue(entered),
          original: JSON.stringify(original),
          created_at: new Date(),
        })
        .execute();
      note.details({ read_as: shownValue(original), flag_before: row.flag, flag_after: judged.flag });
      return rewriteExplanation(trx, report);
    },
  );
  return report;
}

/** Undo: the value as the engine read it, and the explanation written again from it. */
export async function undoEnteredValue(
  deps: Pick<AppDeps, 'db'>,
  actor: UserActor,
  reportId: number,
  position: number,
): Promise<Report> {
  const report = await audited(
    deps,
    { admin: null, ip: actor.ip, userAgent: actor.userAgent },
    {
      action: 'undo_entered_report_value',
      resource_type: 'report_value',
      resource_id: `${reportId}:${position}`,
      details: { user_id: actor.user.id, report_id: reportId, position },
    },
    async (trx, note) => {
      const { report, row } = await lockedValue(trx, actor.user.id, reportId, position);
      if (!row.entered_at)
        throw conflict('This value is as read from your report; there is nothing to undo.');
      const original = await readingOf(trx, row);
      await trx
        .updateTable('report_values')
        .set(toValueRow(original, position))
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('report_value_corrections')
        .set({ undone_at: new Date() })
        .where('report_id', '=', reportId)
        .where('position', '=', position)
        .where('undone_at', 'is', null)
        .execute();
      note.details({ restored: shownValue(original), flag_after: original.flag });
      return rewriteExplanation(trx, report);
    },
  );
  return report;
}

/**
 * After a re-analysis (a new engine version reads the file again, decision 047) the patient's
 * entries still stand: the paper did not change. Each value entered and not undone is put back on
 * the new row at its place when that row is of the same test, judged again, with the new reading
 * kept as the one to restore; an entry whose test is no longer there is closed as undone. Call in
 * the transaction that stored the new values.
 */
export async function reapplyEnteredValues(trx: DB, reportId: number): Promise<void> {
  const open = await trx
    .selectFrom('report_value_corrections')
    .selectAll()
    .where('report_id', '=', reportId)
    .where('undone_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (open.length === 0) return;
  const report = await trx
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .executeTakeFirstOrThrow();
  const rows = new Map((await listValues(trx, reportId)).map((r) => [r.position, r]));
  // The latest entry of each place is the value the patient last typed there.
  const latest = new Map(open.map((c) => [c.position, c]));
  for (const [position, entry] of latest) {
    const row = rows.get(position);
    const entered = parseEnteredValue(entry.entered);
    const reading = row ? toEngineValue(row) : null;
    const closed = trx
      .updateTable('report_value_corrections')
      .where('report_id', '=', reportId)
      .where('position', '=', position)
      .where('undone_at', 'is', null);
    if (!row || !entered || row.canonical_id !== entry.canonical_id || typeof reading?.value !== 'number') {
      await closed.set({ undone_at: new Date() }).execute();
      continue;
    }
    const judged = judgeEnteredValue(reading, entered, patientOf(report));
    await trx
      .updateTable('report_values')
      .set({ ...toValueRow(judged, position), entered_at: entry.created_at, read_as: shownValue(reading) })
      .where('id', '=', row.id)
      .execute();
    await closed.set({ original: JSON.stringify(reading) }).execute();
  }
  await rewriteExplanation(trx, report);
}

/**
 * The owner's live, analysed report (locked: two entries on one report run one after the other)
 * and its value at `position`. Another user's report is "not found", as everywhere.
 */
async function lockedValue(trx: DB, userId: number, reportId: number, position: number) {
  const report = await trx
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .where('user_id', '=', userId)
    .where(liveReport())
    .forUpdate()
    .executeTakeFirst();
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.status !== 'completed') throw conflict('This report has not been analysed yet.');
  const row = await trx
    .selectFrom('report_values')
    .selectAll()
    .where('report_id', '=', reportId)
    .where('position', '=', position)
    .executeTakeFirst();
  if (!row) throw notFound(VALUE_NOT_FOUND);
  return { report, row };
}

type ValueRow = Awaited<ReturnType<typeof lockedValue>>['row'];

/**
 * The value as the engine read it: the row itself, or, while the patient's entry stands, the
 * reading kept by the first entry not undone.
 */
async function readingOf(trx: DB, row: ValueRow): Promise<ExtractedValue> {
  if (!row.entered_at) return toEngineValue(row);
  const first = await trx
    .selectFrom('report_value_corrections')
    .select('original')
    .where('report_id', '=', row.report_id)
    .where('position', '=', row.position)
    .where('undone_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!first) throw new Error(`report ${row.report_id}: value ${row.position} entered without its reading`);
  return first.original as unknown as ExtractedValue;
}

function patientOf(report: Report): PatientInfo {
  const p = (report.analysis_result?.patient ?? {}) as Partial<PatientInfo>;
  return { ...p, age: p.age ?? null, sex: p.sex ?? null };
}

/**
 * The summary, key findings and recommendations written again from the values as they stand
 * (the words a fresh analysis writes), with the tests the analysis could not read, kept with it.
 */
async function rewriteExplanation(trx: DB, report: Report): Promise<Report> {
  const stored = report.analysis_result ?? {};
  const values = (await listValues(trx, report.id)).map(toEngineValue);
  const words = explainAgain(
    {
      document_kind: 'lab_report',
      report_type: report.report_type ?? '',
      values,
      patient: patientOf(report),
      unread: (stored.unread as UnreadValue[] | undefined) ?? [],
      unread_lines: (stored.unread_lines as string[] | undefined) ?? [],
      impressions: [],
    },
    report.language,
  );
  const hasCritical = values.some((v) => v.flag === 'critical_low' || v.flag === 'critical_high');
  return trx
    .updateTable('reports')
    .set({
      summary: words.summary,
      key_findings: JSON.stringify(words.key_findings),
      recommendations: JSON.stringify(words.recommendations),
      analysis_result: JSON.stringify({
        ...stored,
        summary: words.summary,
        has_critical: hasCritical,
      }),
      updated_at: new Date(),
    })
    .where('id', '=', report.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
