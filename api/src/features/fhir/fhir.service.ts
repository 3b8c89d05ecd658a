import type { Response } from 'express';
import { liveReport, type DB, type Report, type User } from '@reportsaathi/db';
import type { AppDeps } from '../../context';
import { attachment } from '../../http/content-disposition';
import { writeChunk } from '../../http/export-stream';
import { notFound } from '../../kernel/errors';
import { listValuesByReport, REPORT_NOT_FOUND } from '../reports';
import {
  bundle,
  fhirBundle,
  patientResource,
  printedSex,
  reportEntries,
  type ReportForFhir,
} from './fhir-bundle';

/** FHIR's own media type: what a FHIR client expects of a JSON resource. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';
/** Reports read per batch of the account's bundle (each with its values and file). */
const BATCH = 20;

/** The user's analysed reports, newest first, in pages by keyset (owner in the query). */
function analysedReports(db: DB, userId: number) {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where(liveReport());
}

/** The original file, or null when storage no longer has it (the record is still exported). */
async function readFile(deps: AppDeps, report: Report): Promise<Buffer | null> {
  if (!report.storage_key) return null;
  try {
    return await deps.storage.get(report.storage_key);
  } catch (err) {
    deps.logger.warn({ err, reportId: report.id }, 'FHIR export: original file unreadable');
    return null;
  }
}

async function withValuesAndFiles(deps: AppDeps, reports: Report[]): Promise<ReportForFhir[]> {
  const values = await listValuesByReport(
    deps.db,
    reports.map((r) => r.id),
  );
  return Promise.all(
    reports.map(async (report) => ({
      report,
      values: values.get(report.id) ?? [],
      file: await readFile(deps, report),
    })),
  );
}

function startFhirDownload(res: Response, filename: string): void {
  res.status(200);
  res.setHeader('Content-Type', FHIR_JSON);
  res.setHeader('Content-Disposition', attachment(filename));
  res.setHeader('Cache-Control', 'no-store');
}

/** One analysed report of the user as a bundle (404 for anyone else's or one not analysed). */
export async function sendReportBundle(res: Response, deps: AppDeps, user: User, reportId: number) {
  const report = await analysedReports(deps.db, user.id).where('id', '=', reportId).executeTakeFirst();
  if (!report) throw notFound(REPORT_NOT_FOUND);
  const body = fhirBundle(user, await withValuesAndFiles(deps, [report]));
  startFhirDownload(res, `report_${reportId}_fhir_r4.json`);
  res.end(JSON.stringify(body));
}

/**
 * Every analysed report of the user in one bundle, written while it is read: a batch of reports
 * (with their values and files) at a time, so an account of many reports is never held whole.
 */
export async function sendAccountBundle(res: Response, deps: AppDeps, user: User, filename: string) {
  const recent = await analysedReports(deps.db, user.id).orderBy('created_at', 'desc').limit(20).execute();
  const patient = patientResource(user, printedSex(recent));
  const frame = JSON.stringify(bundle([]));
  startFhirDownload(res, filename);
  // The frame with its empty entry list opened: entries are written one by one after it.
  await writeChunk(res, `${frame.slice(0, frame.lastIndexOf('[') + 1)}`);
  await writeChunk(res, JSON.stringify({ fullUrl: `urn:uuid:${patient.id}`, resource: patient }));
  let after = 0;
  for (;;) {
    const page = await analysedReports(deps.db, user.id)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (page.length === 0) break;
    for (const item of await withValuesAndFiles(deps, page)) {
      for (const e of reportEntries(item, patient)) await writeChunk(res, `,${JSON.stringify(e)}`);
    }
    after = page[page.length - 1].id;
  }
  res.end(']}');
}
