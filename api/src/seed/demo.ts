import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { liveReports, type Admin, type User } from '@reportsaathi/db';
import type { AppDeps } from '../context';
import type { AdminActor } from '../kernel/principal';
import { createAdmin } from '../features/admin-auth/admin-auth.service';
import { createAdminAccount } from '../features/admin-admins/admin-admins.service';
import { patchAdminReport } from '../features/admin-reports/admin-reports.service';
import { suspendUser } from '../features/admin-users/admin-users.service';
import { registerUser } from '../features/auth/auth.service';
import { askAboutReport } from '../features/chats/chats.service';
import { giveFeedback } from '../features/feedback/feedback.service';
import { createReport, runAnalysis } from '../features/reports/reports.service';
import {
  DEMO_PASSWORD,
  DEMO_PATIENT,
  DEMO_PATIENT_REPORTS,
  DEMO_STAFF,
  OTHER_PATIENTS,
  SUSPENDED_PATIENT,
  type DemoPerson,
  type DemoReport,
} from './demo-story';
import { labReportText } from './lab-report-text';
import { seedDemoShareLink } from './demo-share-link';

export { DEMO_STAFF } from './demo-story';
export const DEMO_USER = {
  email: DEMO_PATIENT.email,
  password: DEMO_PASSWORD,
  full_name: DEMO_PATIENT.full_name,
};

/** The demo's e-mail addresses: the demo patient and everyone at demo.reportsaathi.in. */
const isDemoEmail = sql<boolean>`(email = ${DEMO_PATIENT.email} OR email LIKE '%@demo.reportsaathi.in')`;

/**
 * The demo (decision 132): a patient whose four reports over eighteen months tell a story on the
 * trends page, the chats about them, a few more patients, staff of each role and their work in the
 * moderation queue and the audit log. Every report is a file written by labReportText, uploaded
 * and analysed by the engine as any upload is (synchronously here, so the chats can be asked).
 *
 * Loaded only into a database that holds no one but the demo's own people, and each piece only when
 * it is missing: a start that stopped half-way finishes the demo on the next start, and a complete
 * demo is never loaded twice.
 */
export async function seedDemoData(deps: AppDeps): Promise<{ created: boolean }> {
  const strangers = await deps.db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`NOT ${isDemoEmail}`)
    .limit(1)
    .execute();
  if (strangers.length) return { created: false };
  const before = await deps.db.selectFrom('users').select('id').where(isDemoEmail).execute();

  const demo = await demoPerson(deps, DEMO_PATIENT);
  const story = await demoReports(deps, demo, DEMO_PATIENT, DEMO_PATIENT_REPORTS);
  await seedDemoShareLink(deps, demo.id, story[story.length - 1]);

  const others = new Map<string, number[]>();
  for (const p of OTHER_PATIENTS)
    others.set(p.email, await demoReports(deps, await demoPerson(deps, p), p, p.reports));
  const suspended = await demoPerson(deps, SUSPENDED_PATIENT);
  await demoStaffWork(deps, { flagReport: others.get('arjun.mehta@demo.reportsaathi.in')?.[0], suspended });
  return { created: before.length === 0 };
}

/** A verified patient account in the person's language (found again on a later run). */
async function demoPerson(deps: AppDeps, p: DemoPerson): Promise<User> {
  const found = await deps.db.selectFrom('users').selectAll().where('email', '=', p.email).executeTakeFirst();
  if (found) return found;
  const created = await registerUser(
    deps,
    null,
    { email: p.email, password: DEMO_PASSWORD, full_name: p.full_name },
    null,
  );
  return deps.db
    .updateTable('users')
    .set({ is_verified: true, preferences: JSON.stringify({ language: p.language }) })
    .where('id', '=', created.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Uploads each report the person does not have yet, as the lab's text export, analyses it at once
 * and asks its questions. The upload is dated the day after the sample (when the lab's result came),
 * so the back office's lists have a history. Answers the report ids in the given order.
 */
async function demoReports(
  deps: AppDeps,
  user: User,
  p: DemoPerson,
  reports: DemoReport[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const r of reports) {
    const existing = await liveReports(deps.db)
      .select('id')
      .where('user_id', '=', user.id)
      .where('original_filename', '=', r.file)
      .executeTakeFirst();
    const id = existing?.id ?? (await uploadAndAnalyse(deps, user, p, r));
    ids.push(id);
    for (const question of r.questions ?? []) {
      const { ask, rating } = typeof question === 'string' ? { ask: question, rating: null } : question;
      const asked = await deps.db
        .selectFrom('chats')
        .select(['id', 'user_feedback'])
        .where('report_id', '=', id)
        .where('message', '=', ask)
        .executeTakeFirst();
      const chatId = asked?.id ?? (await askAboutReport(deps, user, { report_id: id, message: ask })).id;
      // The owner rates the answer as a patient does, through the feedback use case.
      if (rating && !asked?.user_feedback)
        await giveFeedback(deps, user, { report_id: id, chat_id: chatId, rating });
    }
  }
  return ids;
}

async function uploadAndAnalyse(deps: AppDeps, user: User, p: DemoPerson, r: DemoReport): Promise<number> {
  const bytes = Buffer.from(
    labReportText({ ...r.report, patient: { name: p.full_name, age: p.age, sex: p.sex } }),
  );
  const temp = path.join(deps.storage.tempDir, `demo-${randomBytes(6).toString('hex')}`);
  await writeFile(temp, bytes);
  const storageKey = randomBytes(18).toString('base64url');
  await deps.storage.putFile(storageKey, temp);
  const report = await createReport(
    deps,
    { userId: user.id },
    {
      storageKey,
      originalFilename: r.file,
      fileKind: 'txt',
      mimeType: 'text/plain',
      size: bytes.length,
      contentHash: createHash('sha256').update(bytes).digest('hex'),
    },
    p.language,
    { queue: false },
  );
  if (r.report.collected) {
    // 18:00 in India on the day after the sample.
    const uploaded = new Date(`${r.report.collected}T12:30:00Z`);
    uploaded.setUTCDate(uploaded.getUTCDate() + 1);
    await deps.db.updateTable('reports').set({ created_at: uploaded }).where('id', '=', report.id).execute();
  }
  const outcome = await runAnalysis(deps, report.id, { isLast: true });
  if (outcome !== 'completed') deps.logger.warn({ file: r.file, outcome }, 'demo report not analysed');
  return report.id;
}

const staffActor = (admin: Admin): AdminActor => ({
  kind: 'admin',
  admin,
  sessionId: 'demo-data',
  ip: null,
  userAgent: 'demo data',
});

/**
 * Staff of each role, created by the super admin (or, with none yet, by the demo admin itself), and
 * what they did: a moderator flagged a report for review, the admin suspended an account. Through
 * the same services as the back office, so each leaves its audit row.
 */
async function demoStaffWork(deps: AppDeps, work: { flagReport: number | undefined; suspended: User }) {
  const findAdmin = (username: string) =>
    deps.db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
  const superAdmin = await deps.db
    .selectFrom('admins')
    .selectAll()
    .where('role', '=', 'super_admin')
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  const [adminSpec] = DEMO_STAFF;
  const creator =
    superAdmin ??
    (await findAdmin(adminSpec.username)) ??
    (await createAdmin(deps.db, { ...adminSpec, email: `${adminSpec.username}@demo.reportsaathi.in` }));
  for (const s of DEMO_STAFF)
    if (!(await findAdmin(s.username)))
      await createAdminAccount(deps, staffActor(creator), {
        ...s,
        email: `${s.username}@demo.reportsaathi.in`,
      });
  const moderator = (await findAdmin('demo-moderator'))!;
  const admin = (await findAdmin('demo-admin'))!;

  if (work.flagReport) {
    const report = await deps.db
      .selectFrom('reports')
      .select(['is_flagged', 'moderation_status'])
      .where('id', '=', work.flagReport)
      .executeTakeFirstOrThrow();
    if (!report.is_flagged && report.moderation_status === null)
      await patchAdminReport(deps, staffActor(moderator), work.flagReport, { is_flagged: true });
  }
  if (work.suspended.is_active)
    await suspendUser(
      deps,
      staffActor(admin),
      work.suspended.id,
      'Demo: uploads that were not medical reports',
    );
}
