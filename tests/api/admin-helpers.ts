import { randomBytes } from 'node:crypto';
import Papa from 'papaparse';
import type { AdminRole } from '@reportsaathi/contracts';
import { createAdmin } from '../../api/src/features/admin-auth/admin-auth.service';
import { hashPassword } from '../../api/src/platform/security/passwords';
import { Client, type TestApp } from './harness';

/** Shared set-up of the back-office API tests: signed-in admins and rows written straight to the db. */

export async function signedInAdmin(
  t: TestApp,
  role: AdminRole,
  username = `${role}-${randomBytes(3).toString('hex')}`,
) {
  const admin = await createAdmin(t.db, {
    username,
    password: 'adminpass123',
    role,
    email: `${username}@staff.in`,
    full_name: `Admin ${username}`,
  });
  const c = new Client(t.baseUrl);
  const res = await c.post('/admin/login', { username, password: 'adminpass123' });
  if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  c.bearer = res.body.access_token;
  return { c, admin };
}

let passwordHash: string | null = null;
export const USER_PASSWORD = 'secret123';

export async function seedUser(
  t: TestApp,
  values: Partial<{
    email: string;
    full_name: string | null;
    is_active: boolean;
    is_verified: boolean;
    created_at: string;
    last_login: string | null;
  }> = {},
) {
  passwordHash ??= await hashPassword(USER_PASSWORD);
  return t.db
    .insertInto('users')
    .values({
      email: values.email ?? `u${randomBytes(4).toString('hex')}@example.com`,
      full_name: values.full_name === undefined ? 'Seeded User' : values.full_name,
      password_hash: passwordHash,
      is_active: values.is_active ?? true,
      is_verified: values.is_verified ?? false,
      preferences: JSON.stringify({}),
      retention: JSON.stringify({}),
      ...(values.created_at ? { created_at: values.created_at } : {}),
      last_login: values.last_login ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function seedReport(
  t: TestApp,
  userId: number | null,
  values: Partial<{
    original_filename: string;
    status: 'pending' | 'processing' | 'completed' | 'failed' | 'deleted';
    report_type: string | null;
    is_flagged: boolean;
    file_size: number;
    processing_time_seconds: number | null;
    created_at: string;
    summary: string | null;
    storage_key: string | null;
    guest_session_id: string | null;
  }> = {},
) {
  const name = values.original_filename ?? `report-${randomBytes(3).toString('hex')}.pdf`;
  return t.db
    .insertInto('reports')
    .values({
      user_id: userId,
      guest_session_id: values.guest_session_id ?? null,
      filename: `${randomBytes(6).toString('hex')}.pdf`,
      original_filename: name,
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: values.file_size ?? 1000,
      content_hash: randomBytes(8).toString('hex'),
      storage_key: values.storage_key ?? null,
      status: values.status ?? 'completed',
      report_type: values.report_type === undefined ? 'blood_test' : values.report_type,
      is_flagged: values.is_flagged ?? false,
      processing_time_seconds: values.processing_time_seconds ?? null,
      summary: values.summary ?? null,
      key_findings: JSON.stringify(['Haemoglobin is low']),
      recommendations: JSON.stringify(['See a doctor']),
      impressions: JSON.stringify([]),
      deleted_at: values.status === 'deleted' ? new Date() : null,
      ...(values.created_at ? { created_at: values.created_at, updated_at: values.created_at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function seedChat(
  t: TestApp,
  userId: number,
  reportId: number,
  values: Partial<{
    message: string;
    response: string | null;
    is_flagged: boolean;
    user_feedback: 'helpful' | 'not_helpful' | 'irrelevant' | null;
    ai_model_used: string | null;
    tokens_used: number | null;
    processing_time_seconds: number | null;
    created_at: string;
  }> = {},
) {
  return t.db
    .insertInto('chats')
    .values({
      user_id: userId,
      report_id: reportId,
      message: values.message ?? 'What does my haemoglobin mean?',
      response: values.response === undefined ? 'It is a little low.' : values.response,
      is_flagged: values.is_flagged ?? false,
      user_feedback: values.user_feedback ?? null,
      ai_model_used: values.ai_model_used === undefined ? 'local-v1' : values.ai_model_used,
      tokens_used: values.tokens_used ?? null,
      processing_time_seconds: values.processing_time_seconds ?? null,
      ...(values.created_at ? { created_at: values.created_at, updated_at: values.created_at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The audit rows of one action, newest first. */
export function auditRows(t: TestApp, action: string) {
  return t.db
    .selectFrom('audit_logs')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

/** Parses a CSV download with papaparse (header row → objects); fails on any parse error. */
export function parseCsv(text: string): Record<string, string>[] {
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  if (parsed.errors.length) throw new Error(`CSV errors: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  return parsed.data;
}

/** A raw GET that keeps the body as text (downloads). */
export async function download(c: Client, path: string) {
  const res = await fetch(c.baseUrl + path, { headers: { authorization: `Bearer ${c.bearer}` } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
