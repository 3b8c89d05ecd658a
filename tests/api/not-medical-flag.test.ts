import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleText } from '@reportsaathi/analysis/test-support/samples';
import { Client, createTestApp, fileForm, registerAndLogin, waitForReport, type TestApp } from './harness';
import { signedInAdmin } from './admin-helpers';

/**
 * An upload the analysis classifies as not a medical report lands in the moderation queue by
 * itself, low severity, `auto:not_medical:low` (the chat auto-flags' path, decision 045).
 */

let t: TestApp;
let patient: Client;
let patientEmail = '';
let mod: Client;

const RECEIPT = [
  'SHREE GANESH KIRANA STORE',
  'GSTIN 27ABCDE1234F1Z5   Bill No 4471',
  'Item            Qty   Rate   Amount',
  'Toor dal 1kg     1    165     165.00',
  'Sugar 1kg        2     48      96.00',
  'Subtotal                      261.00',
  'Grand Total Rs. 261.00   Paid by UPI',
  'Thank you, visit again!',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({}, { worker: true });
  patient = new Client(t.baseUrl);
  patientEmail = (await registerAndLogin(patient)).email;
  mod = (await signedInAdmin(t, 'moderator')).c;
});
afterAll(async () => {
  await t?.close();
});

async function uploadAndWait(c: Client, name: string, bytes: Buffer | string) {
  const res = await c.request('POST', '/reports/upload', fileForm(name, bytes, 'text/plain'));
  expect(res.status).toBe(201);
  const done = await waitForReport(c, `/reports/${res.body.id}`);
  expect(done.body.status).toBe('completed');
  return res.body.id as number;
}

const queueItem = async (id: number) =>
  ((await mod.get('/admin/moderation/queue?contentType=report&limit=100')).body as { id: number }[]).find(
    (i) => i.id === id,
  );

describe('not a medical report', () => {
  it('flags the upload into the moderation queue as low severity, pending', async () => {
    const id = await uploadAndWait(patient, 'receipt.txt', RECEIPT);
    const item = await queueItem(id);
    expect(item).toMatchObject({
      content_type: 'report',
      severity: 'low',
      status: 'pending',
      flag_reason: 'auto:not_medical:low',
      user_email: patientEmail,
    });
    const detail = await mod.get(`/admin/moderation/content/report/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ is_flagged: true, status: 'pending', severity: 'low' });
  });

  it('flags a copy of the same bytes too (the analysis cache path), once', async () => {
    const id = await uploadAndWait(patient, 'receipt-again.txt', RECEIPT);
    const row = await t.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.cache_hit).toBe(true);
    expect(row).toMatchObject({
      is_flagged: true,
      flag_reason: 'auto:not_medical:low',
      moderation_status: 'pending',
    });
    expect(row.flagged_at).toBeInstanceOf(Date);
  });

  it('leaves a medical report out of the queue', async () => {
    const id = await uploadAndWait(patient, 'report_005.txt', sampleText('thyroid'));
    expect(await queueItem(id)).toBeUndefined();
    const row = await t.db
      .selectFrom('reports')
      .select(['is_flagged', 'moderation_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_flagged: false, moderation_status: null });
  });

  it('keeps a decision already taken when the report is analysed again', async () => {
    const id = await uploadAndWait(patient, 'receipt-3.txt', `${RECEIPT}\nCounter 3`);
    const approved = await mod.post(`/admin/moderation/content/report/${id}/moderate`, {
      action: 'approve',
      notes: 'Approved by admin',
    });
    expect(approved.status).toBe(200);
    const after = await t.db
      .selectFrom('reports')
      .select(['is_flagged', 'moderation_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const again = await patient.post(`/reports/${id}/analyze`);
    expect(again.status).toBeLessThan(300);
    await waitForReport(patient, `/reports/${id}`);
    const row = await t.db
      .selectFrom('reports')
      .select(['is_flagged', 'moderation_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(after);
    expect(row.moderation_status).toBe('reviewed');
  });
});
