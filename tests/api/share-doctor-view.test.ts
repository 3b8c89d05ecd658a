import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, registerAndLogin, type TestApp } from './harness';

/**
 * The doctor's view of a shared report (decision 233): findings worded for a clinician, and the
 * patient's name, age and sex only when chosen at link creation (off by default).
 */
let t: TestApp;
let patient: Client;
let reportId = 0;

beforeAll(async () => {
  t = await createTestApp();
  patient = new Client(t.baseUrl);
  const me = await registerAndLogin(patient);
  await t.db.updateTable('users').set({ full_name: 'Kamala Iyer' }).where('id', '=', me.user.id).execute();
  const r = await t.db
    .insertInto('reports')
    .values({
      user_id: me.user.id,
      filename: 'k',
      original_filename: 'kamala_cbc.pdf',
      file_type: 'pdf',
      mime_type: 'application/pdf',
      file_size: 1000,
      content_hash: 'doctor-view-1',
      status: 'completed',
      summary: 'Your haemoglobin is low.',
      key_findings: JSON.stringify(['Your haemoglobin is below the range.']),
      analysis_result: JSON.stringify({ patient: { age: 47, sex: 'female' } }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  reportId = r.id;
  await t.db
    .insertInto('report_values')
    .values([
      {
        report_id: r.id,
        position: 0,
        canonical_id: 'hemoglobin',
        name: 'Haemoglobin',
        value_numeric: 10.2,
        unit: 'g/dL',
        ref_low: 12,
        ref_high: 15,
        ref_text: '12 - 15',
        flag: 'low',
      },
      {
        report_id: r.id,
        position: 1,
        canonical_id: 'glucose_fasting',
        name: 'Glucose Fasting',
        value_numeric: 118,
        unit: 'mg/dL',
        ref_low: 70,
        ref_high: 100,
        ref_text: '70 - 100',
        flag: 'high',
        band: 'prediabetes',
      },
      {
        report_id: r.id,
        position: 2,
        canonical_id: 'platelet_count',
        name: 'Platelet Count',
        value_numeric: 250,
        unit: '10^3/µL',
        ref_low: 150,
        ref_high: 410,
        ref_text: '150 - 410',
        flag: 'normal',
      },
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

async function openAs(body: Record<string, unknown>) {
  const made = await patient.post(`/reports/${reportId}/share-links`, body);
  expect(made.status).toBe(201);
  const token = (made.body.path as string).slice(3);
  const reader = new Client(t.baseUrl);
  const grant = (await reader.post(`/share/${token}/unlock`, { pin: made.body.pin })).body.grant as string;
  return reader.request('GET', `/share/${token}`, undefined, { 'x-share-grant': grant });
}

describe('the doctor’s view', () => {
  it('words the findings for a clinician, out of range first, with the range and band used', async () => {
    const view = await openAs({});
    expect(view.status).toBe(200);
    expect(view.body.clinician_findings).toEqual([
      "The patient's haemoglobin is 10.2 g/dL, below the reference range (12 - 15).",
      "The patient's glucose fasting is 118 mg/dL, above the reference range (70 - 100); band: prediabetes.",
      'The other value is within its reference range.',
    ]);
    expect(JSON.stringify(view.body.clinician_findings)).not.toMatch(/\byour\b/i);
  });

  it('shows no name, age or sex unless the patient chose them when making the link', async () => {
    const none = await openAs({ expires_in_hours: 24 });
    expect(none.body.patient).toBeNull();
    expect(JSON.stringify(none.body)).not.toContain('Kamala');

    const some = await openAs({ include_age: true, include_sex: true });
    expect(some.body.patient).toEqual({ name: null, age: 47, sex: 'female' });
    expect(JSON.stringify(some.body)).not.toContain('Kamala');

    const all = await openAs({ include_name: true, include_age: true, include_sex: true });
    expect(all.body.patient).toEqual({ name: 'Kamala Iyer', age: 47, sex: 'female' });
  });

  it('refuses an identity choice that is not a yes or no', async () => {
    const res = await patient.post(`/reports/${reportId}/share-links`, { include_name: 'please' });
    expect(res.status).toBe(400);
    expect(res.body.errors.include_name).toBeTruthy();
  });
});
